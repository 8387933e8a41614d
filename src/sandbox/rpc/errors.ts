/** rippled RPC errors (ErrorCodes.h): the `error` token, its numeric code and default message. */
const CODES = {
  actMalformed: [35, 'Account malformed.'],
  actNotFound: [19, 'Account not found.'],
  invalidParams: [31, 'Invalid parameters.'],
  txnNotFound: [29, 'Transaction not found.'],
  lgrNotFound: [21, 'Ledger not found.'],
  lgrIdxMalformed: [28, 'Ledger index malformed.'],
  objectNotFound: [92, 'The requested object was not found.'],
  malformedStream: [71, 'Stream malformed.'],
  unknownCmd: [32, 'Unknown method.'],
  notImpl: [74, 'Not implemented.'],
  notSupported: [75, 'Operation not supported.'],
  internal: [73, 'Internal error.'],
  excessiveLgrRange: [78, 'Ledger range exceeds 1000.'],
  invalidLgrRange: [79, 'Ledger range is invalid.'],
  invalidTransaction: [0, 'Invalid transaction.'],
  badSyntax: [1, 'Syntax error.'],
} as const

export type RpcErrorToken = keyof typeof CODES

/** An RPC failure; the server turns it into rippled's error envelope. */
export class RpcError extends Error {
  constructor(
    readonly token: RpcErrorToken,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? CODES[token][1])
    this.name = 'RpcError'
  }

  get code(): number {
    return CODES[this.token][0]
  }
}

export const missingField = (name: string) =>
  new RpcError('invalidParams', `Missing field '${name}'.`)
export const invalidField = (name: string, why = '') =>
  new RpcError('invalidParams', `Invalid field '${name}'${why ? `, ${why}` : ''}.`)
