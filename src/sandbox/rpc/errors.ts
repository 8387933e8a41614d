/** rippled RPC errors (ErrorCodes.h): the `error` token, its numeric code and default message. */
const CODES = {
  noPermission: [6, "You don't have permission for this command."],
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
  signingMalformed: [63, 'Signing of transaction is malformed.'],
  srcActMalformed: [65, 'Source account is malformed.'],
  srcActMissing: [66, 'Source account not provided.'],
  srcActNotFound: [67, 'Source account not found.'],
  entryNotFound: [98, 'Entry not found.'],
  unexpectedLedgerType: [99, 'Unexpected ledger type.'],
  // ledger_entry's selector errors: their own tokens, invalidParams' code.
  malformedRequest: [31, 'Invalid parameters.'],
  malformedAddress: [31, 'Invalid parameters.'],
  malformedOwner: [31, 'Invalid parameters.'],
  malformedDirRoot: [31, 'Invalid parameters.'],
  malformedSeq: [31, 'Invalid parameters.'],
  malformedCurrency: [31, 'Invalid parameters.'],
  malformedAuthorized: [31, 'Invalid parameters.'],
  // API v1's ledger_entry without a selector: the token alone.
  unknownOption: [31, ''],
  // A server that is busy, out of sync or blocked (rippled's Handler conditions, Resource Manager).
  tooBusy: [9, 'The server is too busy to help you now.'],
  slowDown: [10, 'You are placing too much load on the server.'],
  notReady: [13, 'Not ready to handle this request.'],
  amendmentBlocked: [14, 'Amendment blocked, need upgrade.'],
  noClosed: [15, 'Closed ledger is unavailable.'],
  noCurrent: [16, 'Current ledger is unavailable.'],
  noNetwork: [17, 'Not synced to the network.'],
  notSynced: [18, 'Not synced to the network.'],
  failedToForward: [90, 'Failed to forward request to p2p node'],
  // Clio's own errors when the rippled it forwards to fails it (Clio rpc/Errors.cpp, ClioError).
  connectionError: [7000, "Couldn't connect to rippled."],
  timeout: [7002, 'Request to rippled timed out.'],
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

  /**
   * The fields of rippled's error envelope. A few errors carry the token alone: a submit that fails
   * local checks (its reason is in `error_exception`) and API v1's ledger_entry without a selector.
   */
  get envelope(): Record<string, unknown> {
    if (BARE.has(this.token)) return { error: this.token, ...this.extra }
    return { error: this.token, error_code: this.code, error_message: this.message, ...this.extra }
  }
}

const BARE: ReadonlySet<RpcErrorToken> = new Set(['invalidTransaction', 'unknownOption'])

export const missingField = (name: string) =>
  new RpcError('invalidParams', `Missing field '${name}'.`)
export const invalidField = (name: string, why = '') =>
  new RpcError('invalidParams', `Invalid field '${name}'${why ? `, ${why}` : ''}.`)

/** rippled echoes the whole request in an error, with any secret replaced by "<masked>". */
export function maskSecrets(request: Record<string, unknown>): Record<string, unknown> {
  const out = { ...request }
  for (const k of ['passphrase', 'secret', 'seed', 'seed_hex']) if (k in out) out[k] = '<masked>'
  return out
}
