/**
 * A change-tracking view over a ledger state, as rippled's ApplyView: a transactor reads and changes
 * entries through it; the changes are then committed (tes/tec) or thrown away, and they are what the
 * transaction metadata describes.
 */
import type { Entry } from './entries.ts'

/** A ledger state: entry key → entry. Entries in a state are never mutated in place. */
export type StateMap = ReadonlyMap<string, Readonly<Entry>>

export interface Change {
  before?: Readonly<Entry>
  after?: Entry
  /** For an erased entry: its state when it was erased (what DeletedNode FinalFields show). */
  erased?: Readonly<Entry>
}

export class ApplyView {
  private readonly changes = new Map<string, Change>()

  constructor(private readonly base: StateMap) {}

  /** The entry as this transaction sees it, or undefined. Do not mutate; use `peek` to change it. */
  read<T extends Entry = Entry>(key: string): Readonly<T> | undefined {
    const c = this.changes.get(key)
    if (c) return c.after as T | undefined
    return this.base.get(key) as T | undefined
  }

  /** A mutable copy of an entry; changes to it are part of this view. */
  peek<T extends Entry = Entry>(key: string): T | undefined {
    const c = this.changes.get(key)
    if (c) return c.after as T | undefined
    const before = this.base.get(key)
    if (!before) return undefined
    const after = structuredClone(before) as Entry
    this.changes.set(key, { before, after })
    return after as T
  }

  insert(entry: Entry): void {
    const c = this.changes.get(entry.index)
    if (c?.after || (!c && this.base.has(entry.index))) {
      throw new Error(`sandbox: entry ${entry.index} already exists`)
    }
    this.changes.set(entry.index, { before: c?.before, after: entry })
  }

  erase(key: string): void {
    const c = this.changes.get(key)
    if (c) {
      if (!c.before) this.changes.delete(key)
      else {
        c.erased = c.after
        c.after = undefined
      }
      return
    }
    const before = this.base.get(key)
    if (!before) throw new Error(`sandbox: erase of missing entry ${key}`)
    this.changes.set(key, { before, after: undefined })
  }

  /** The entries this view changed, in key order (rippled's metadata order). */
  changedEntries(): [string, Change][] {
    return [...this.changes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  }

  /** Write the changes into a mutable state. */
  commitTo(state: Map<string, Readonly<Entry>>): void {
    for (const [key, c] of this.changes) {
      if (c.after) state.set(key, Object.freeze(c.after))
      else state.delete(key)
    }
  }
}

/** Read access to a state, in the shape ApplyView reads (for read-only helpers in RPC methods). */
export function stateReader(state: StateMap): Pick<ApplyView, 'read'> {
  return {
    read: <T extends Entry = Entry>(key: string) => state.get(key) as Readonly<T> | undefined,
  }
}
