/**
 * Follows the ledger for a job's account: subscribes to the account and ledger streams of the current
 * client (again after a reconnect), gathers their news (validated transactions of the account, ledger
 * closes, coalesced) and lets the runner wait for news, a poke, a dropped connection or a timeout.
 */
import type { Client, LedgerStream, TransactionStream } from 'xrpl'

import { isEngineError } from '../../shared/errors.ts'
import type { Lookup } from './txLookup.ts'
import { inLane } from './pacedClient.ts'
import { xrplErrorName } from './xrplErrors.ts'

/** A validated transaction of the account, from the stream. */
export interface ValidatedTx {
  hash: string
  sequence: number
  lookup: Lookup & { found: true }
  /** The transaction as the stream printed it (checked before it counts as another's rival). */
  txJson: Record<string, unknown>
}

/** What happened since the runner last looked. */
export interface News {
  txs: ValidatedTx[]
  /** At least one ledger closed (several closes count as one: the runner reads the latest). */
  ledgerClosed: boolean
}

/** No connection (or it broke mid-request): the job waits for it instead of failing. */
export function isConnectionError(e: unknown): boolean {
  if (isEngineError(e)) return e.code === 'NOT_CONNECTED' || e.code === 'NETWORK'
  const name = xrplErrorName(e)
  return (
    name === 'NotConnectedError' ||
    name === 'DisconnectedError' ||
    name === 'ConnectionError' ||
    name === 'TimeoutError'
  )
}

export class LedgerFollower {
  private client?: Client
  private txs: ValidatedTx[] = []
  private ledgerClosed = false
  /** The newest validated ledger index the stream announced (0 before any). */
  private latest = 0
  private poked = false
  private wakeUp: () => void = () => {}

  constructor(
    private readonly account: string,
    private readonly current: () => Client,
  ) {}

  /**
   * Subscribes on the current client unless already done.
   *
   * @returns true when it subscribed anew: news may have been missed meanwhile.
   */
  async follow(): Promise<boolean> {
    const client = this.current()
    if (client === this.client) return false
    this.unfollow()
    this.client = client
    client.on('transaction', this.onTransaction)
    client.on('ledgerClosed', this.onLedgerClosed)
    client.on('disconnected', this.onDisconnected)
    await client.request(
      inLane('job', { command: 'subscribe', accounts: [this.account], streams: ['ledger'] }),
    )
    return true
  }

  unfollow(): void {
    this.client?.off('transaction', this.onTransaction)
    this.client?.off('ledgerClosed', this.onLedgerClosed)
    this.client?.off('disconnected', this.onDisconnected)
    this.client = undefined
  }

  /**
   * The newest validated ledger the stream announced, even before the runner looked at it: a burst
   * of signing that outlasts a ledger takes its LastLedgerSequence from here, not from a stale view.
   */
  get latestValidated(): number {
    return this.latest
  }

  /** Takes the news gathered since the last call. */
  take(): News {
    const news = { txs: this.txs, ledgerClosed: this.ledgerClosed }
    this.txs = []
    this.ledgerClosed = false
    return news
  }

  /** Takes only the validated transactions gathered so far (a close stays news for the next step). */
  takeTxs(): ValidatedTx[] {
    const txs = this.txs
    this.txs = []
    return txs
  }

  /** Forgets gathered news (after a lost connection the runner reconciles from the ledger instead). */
  clear(): void {
    this.take()
  }

  /** Ends the current or next wait at once (pause, cancel, abandon, connection back). */
  poke(): void {
    this.poked = true
    this.wakeUp()
  }

  /**
   * Resolves on news, a poke, a dropped connection, or after `maxWaitMs` (stream messages can be
   * lost with a connection; then only the runner's own polling finds out).
   */
  wait(maxWaitMs: number): Promise<void> {
    if (this.poked || this.ledgerClosed || this.txs.length) {
      this.poked = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.wakeUp = () => {}
        this.poked = false
        resolve()
      }
      const timer = setTimeout(done, maxWaitMs)
      this.wakeUp = done
    })
  }

  private readonly onTransaction = (tx: TransactionStream): void => {
    if (!tx.validated || !tx.hash || !tx.meta || typeof tx.meta === 'string') return
    const json = (tx.tx_json ?? tx.transaction) as
      { Account?: string; Sequence?: number } | undefined
    if (json?.Account !== this.account) return
    const { meta } = tx
    const lookup = {
      found: true as const,
      result: meta.TransactionResult,
      ledgerIndex: tx.ledger_index ?? 0,
      meta,
    }
    const txJson = json as Record<string, unknown>
    this.txs.push({ hash: tx.hash, sequence: json.Sequence ?? 0, lookup, txJson })
    this.wakeUp()
  }

  private readonly onLedgerClosed = (ledger: LedgerStream): void => {
    this.latest = Math.max(this.latest, ledger.ledger_index)
    this.ledgerClosed = true
    this.wakeUp()
  }

  private readonly onDisconnected = (): void => {
    this.poke()
  }
}
