/** The sandbox ledger's fault switches (see LedgerFaults), and the fault each client submit meets. */
import type { Ter } from './ter.ts'

/**
 * Fault injection at the ledger level (connection faults live in the RPC server). The switches apply
 * only to submits from clients (the RPC `submit` method, `submitFromClient`); the demo and in-process
 * submits never meet them.
 */
export interface LedgerFaults {
  /** The next N client submits are answered tesSUCCESS but never applied nor kept: lost submissions. */
  loseSubmits: number
  /**
   * Share (0..1) of client submits answered telCAN_NOT_QUEUE_FULL without being looked at, and then
   * forgotten ("rejected and lost"): unlike a real telCAN_NOT_QUEUE_FULL, which rippled keeps and
   * tries again in later ledgers, such a transaction never applies unless it is submitted again.
   */
  queueFullShare: number
  /**
   * The server's load (rippled's load_factor_server / 256): a client's transaction must pay the base
   * fee times this (`fee` reports it as minimum_fee), else telINSUF_FEE_P. 1 = not loaded.
   */
  loadFactor: number
}

/** Which fault, if any, each client submit meets under the switches of `faults` (read as they stand). */
export class ClientFaults {
  private faultCounter = 0

  constructor(private readonly faults: LedgerFaults) {}

  /** The fault the next client submit meets: tesSUCCESS for a lost submission; undefined for none. */
  next(): Ter | undefined {
    if (this.faults.loseSubmits > 0) {
      this.faults.loseSubmits -= 1
      return 'tesSUCCESS'
    }
    const share = this.faults.queueFullShare
    return share > 0 && this.nextFaultDraw() < share ? 'telCAN_NOT_QUEUE_FULL' : undefined
  }

  /** A deterministic draw in [0, 1) for the queue-full fault, so faulty runs are reproducible. */
  private nextFaultDraw(): number {
    this.faultCounter += 1
    const x = Math.sin(this.faultCounter * 12.9898) * 43758.5453
    return x - Math.floor(x)
  }
}
