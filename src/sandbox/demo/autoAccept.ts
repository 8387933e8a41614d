/**
 * Demo recipients that accept the NFT offers made to them (a sell offer, or a mint's offer), a few
 * ledgers later, as a collector who checks their wallet would: lets the app's acceptance tracking
 * be seen working in the sandbox.
 */
import type { Wallet } from 'xrpl'
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { AccountRoot } from '../ledger/entries.ts'
import { keylet } from '../ledger/keylets.ts'
import { tfSellNFToken } from '../ledger/txFlags.ts'

interface Due {
  atLedger: number
  wallet: Wallet
  offerId: string
}

/** Starts accepting; returns a function that stops it. */
export function startAutoAccept(
  ledger: SandboxLedger,
  wallets: Wallet[],
  delayLedgers = 2,
): () => void {
  const byAddress = new Map(wallets.map((w) => [w.classicAddress, w]))
  let due: Due[] = []
  return ledger.onClose((closed) => {
    for (const rec of closed.txs) {
      const { tx, meta } = rec
      const to = typeof tx.Destination === 'string' ? byAddress.get(tx.Destination) : undefined
      if (rec.result !== 'tesSUCCESS' || !to || !meta.offer_id) continue
      // A sell offer, or a mint that made one with its NFT (XLS-52: always a sell offer).
      const sell =
        tx.TransactionType === 'NFTokenCreateOffer'
          ? ((tx.Flags ?? 0) & tfSellNFToken) !== 0
          : tx.TransactionType === 'NFTokenMint'
      if (!sell) continue
      due.push({
        atLedger: closed.header.ledger_index + delayLedgers,
        wallet: to,
        offerId: meta.offer_id,
      })
    }
    const now = closed.header.ledger_index
    const ready = due.filter((d) => d.atLedger <= now)
    due = due.filter((d) => d.atLedger > now)
    acceptAll(ledger, ready)
  })
}

function acceptAll(ledger: SandboxLedger, ready: Due[]): void {
  const nextSeq = new Map<string, number>()
  for (const d of ready) {
    const address = d.wallet.classicAddress
    const root = ledger.currentState.get(keylet.account(address)) as AccountRoot | undefined
    if (!root) continue
    const seq = Math.max(nextSeq.get(address) ?? 0, root.Sequence)
    const signed = d.wallet.sign({
      TransactionType: 'NFTokenAcceptOffer',
      Account: address,
      NFTokenSellOffer: d.offerId,
      Fee: '12',
      Sequence: seq,
      LastLedgerSequence: ledger.currentIndex + 10,
    })
    // The offer may be gone (cancelled, or accepted by someone else): a rejection is fine here.
    const r = ledger.submit(signed.tx_blob)
    if (r.applied || r.queued) nextSeq.set(address, seq + 1)
  }
}
