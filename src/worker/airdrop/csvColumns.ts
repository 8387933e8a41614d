/**
 * Which columns of a distribution CSV hold the recipients and the counts. Other tools write other
 * names (xurgedigital's airdrop tool `Destination, Amount`; Bithomp's holder export `Owner, …, Total`),
 * so each role has a list of aliases, matched case-insensitively with spaces and hyphens read as
 * underscores. A file with several candidates for a role is read with the first alias in list order
 * until the user picks (`needsChoice`): guessing between an `Owner` and a `Destination` column could
 * send NFTs to the wrong people. So is a count read from another name than `nft_amount`: a `Total`
 * may be what each wallet holds (a holder export) and an `Amount` a payment in XRP, not NFTs to send.
 * Two columns that read as the same name are refused: a pick could not tell them apart.
 */
import { EngineError } from '../../shared/errors.ts'
import type { ColumnChoice, CsvColumns } from '../contract/airdrop.ts'
import { RECIPIENT_ALIASES, columnKey } from '../ledger/csvRows.ts'

/** Names of the count column, in the order they are preferred (the spec's first). */
export const COUNT_ALIASES = ['nft_amount', 'amount', 'count', 'quantity', 'total'] as const

/** 'address, account, destination, owner, or wallet': the other names, for the error. */
const OTHER_RECIPIENT_NAMES = new Intl.ListFormat('en', { type: 'disjunction' }).format(
  RECIPIENT_ALIASES.slice(1),
)

/** Column names an error about the header names at most. */
const MAX_COLUMNS_SHOWN = 10

/** The header's columns that are aliases of a role, in alias order, as the header spells them. */
function candidatesOf(header: readonly string[], aliases: readonly string[]): string[] {
  const found: string[] = []
  for (const alias of aliases) {
    for (const name of header) if (columnKey(name) === alias) found.push(name.trim())
  }
  return found
}

/** Where the recipients and counts are read from, and what the caller is told of it. */
export interface ResolvedColumns {
  recipientAt: number
  /** -1: no count column (one NFT per row). */
  countAt: number
  columns: CsvColumns
}

/**
 * Finds the recipient and count columns of `header`.
 *
 * @param choice - the user's pick among the candidates (any column of the header may be named).
 * @throws EngineError `VALIDATION` when no column can hold the recipients, or a chosen column is not
 *   in the file.
 */
export function resolveColumns(
  header: readonly string[],
  choice: ColumnChoice = {},
): ResolvedColumns {
  const keys = header.map(columnKey)
  // Only names that could be read matter: two 'Notes' columns are nobody's business.
  const readable = new Set<string>([...RECIPIENT_ALIASES, ...COUNT_ALIASES])
  if (choice.recipient) readable.add(columnKey(choice.recipient))
  if (choice.count) readable.add(columnKey(choice.count))
  const twice = keys.find((key, i) => readable.has(key) && keys.indexOf(key) !== i)
  if (twice !== undefined) {
    throw new EngineError(
      'VALIDATION',
      `Two columns of the file are named "${shownName(twice)}": rename one, so that it is clear which to read`,
    )
  }
  const indexOf = (name: string, role: string): number => {
    const at = keys.indexOf(columnKey(name))
    if (at < 0) {
      throw new EngineError(
        'VALIDATION',
        `The file has no column "${shownName(name)}" to read the ${role} from. ${columnsFound(header)}`,
      )
    }
    return at
  }
  const recipientCandidates = candidatesOf(header, RECIPIENT_ALIASES)
  const countCandidates = candidatesOf(header, COUNT_ALIASES)
  const recipient = choice.recipient ?? recipientCandidates[0]
  if (recipient === undefined) {
    throw new EngineError(
      'VALIDATION',
      `CSV must contain "wallet_address" column (or one named ${OTHER_RECIPIENT_NAMES}). ${columnsFound(header)}`,
    )
  }
  const recipientAt = indexOf(recipient, 'recipients')
  // A count column chosen as null: one NFT per recipient even though the file has counts.
  const count = choice.count === undefined ? countCandidates[0] : choice.count
  const countAt = count == null ? -1 : indexOf(count, 'counts')
  if (countAt === recipientAt) {
    throw new EngineError('VALIDATION', 'The recipients and the counts cannot be the same column')
  }
  // A count read from another name than the spec's may not be NFTs to send: the user says so.
  const countUnsure =
    countCandidates.length > 1 || (count != null && keys[countAt] !== COUNT_ALIASES[0])
  const needsChoice =
    (choice.recipient === undefined && recipientCandidates.length > 1) ||
    (choice.count === undefined && countUnsure)
  return {
    recipientAt,
    countAt,
    columns: {
      recipient: header[recipientAt]!.trim(),
      count: countAt < 0 ? null : header[countAt]!.trim(),
      recipientCandidates,
      countCandidates,
      needsChoice,
    },
  }
}

/** A header cell shown safely and briefly. */
function shownName(name: string): string {
  const printable = name.trim().replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?')
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable
}

/**
 * 'Columns found: "address", "nft_amount".': what the header has (a row of empty cells is never the
 * header: blank rows are skipped).
 */
function columnsFound(header: readonly string[]): string {
  const names = header.map((name) => name.trim()).filter((name) => name !== '')
  const shown = names.slice(0, MAX_COLUMNS_SHOWN).map((name) => `"${shownName(name)}"`)
  const more =
    names.length > MAX_COLUMNS_SHOWN ? ` and ${names.length - MAX_COLUMNS_SHOWN} more` : ''
  return `Columns found: ${shown.join(', ')}${more}.`
}
