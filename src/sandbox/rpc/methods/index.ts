/** The rippled methods the sandbox answers, by command name. */
import type { Handler } from '../context.ts'
import { accountInfo, accountObjects, accountTx } from './account.ts'
import { ledger } from './ledger.ts'
import { ledgerData, ledgerEntry } from './ledgerState.ts'
import { accountNfts, nftBuyOffers, nftInfo, nftSellOffers, nftsByIssuer } from './nfts.ts'
import {
  fee,
  ledgerAccept,
  ledgerClosed,
  ledgerCurrent,
  ping,
  random,
  serverInfo,
  serverState,
} from './server.ts'
import { subscribe, unsubscribe } from './subscribe.ts'
import { submit, tx } from './tx.ts'
import { submitMultisigned } from './submitMultisigned.ts'

/** A Map, so that a command like "constructor" or "__proto__" finds nothing. */
export const methods: ReadonlyMap<string, Handler> = new Map(
  Object.entries({
    account_info: accountInfo,
    account_nfts: accountNfts,
    account_objects: accountObjects,
    account_tx: accountTx,
    fee,
    ledger,
    ledger_accept: ledgerAccept,
    ledger_closed: ledgerClosed,
    ledger_current: ledgerCurrent,
    ledger_data: ledgerData,
    ledger_entry: ledgerEntry,
    nft_buy_offers: nftBuyOffers,
    nft_info: nftInfo,
    nft_sell_offers: nftSellOffers,
    nfts_by_issuer: nftsByIssuer,
    ping,
    random,
    server_info: serverInfo,
    server_state: serverState,
    submit,
    submit_multisigned: submitMultisigned,
    subscribe,
    tx,
    unsubscribe,
  } satisfies Record<string, Handler>),
)
