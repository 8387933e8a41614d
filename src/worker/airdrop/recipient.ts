/**
 * One recipient address of a distribution list, checked: a classic address with a valid checksum, or
 * an X-address without a destination tag (decoded to its classic address), and not the holder.
 */
import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'xrpl'

import { CLASSIC_ADDRESS_SHAPE } from '../../shared/constants.ts'

/** The checked address, or why the row is skipped. */
export type RecipientCheck = { ok: true; address: string } | { ok: false; message: string }

/** Longest part of a bad value repeated in a message (a cell can be anything). */
const SHOWN_CHARS = 40

function shown(value: string): string {
  return value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value
}

/**
 * @param raw - the wallet_address cell, trimmed and not empty.
 * @param holder - the connected wallet's address (it cannot airdrop to itself); null when none.
 */
export function checkRecipient(raw: string, holder: string | null): RecipientCheck {
  let address = raw
  // Only X-addresses (X… on mainnet, T… on test networks) are worth decoding as one: trying every
  // classic address as an X-address first cost half the parse time of a large list.
  if (/^[XT]/.test(raw) && isValidXAddress(raw)) {
    const decoded = xAddressToClassicAddress(raw)
    if (decoded.tag !== false) {
      return {
        ok: false,
        message: `${shown(raw)} carries destination tag ${decoded.tag}: it is a deposit address (often an exchange's) that credits by tag, and an NFT offer cannot carry one, so the NFT would not reach its owner. Ask the recipient for an address of their own wallet`,
      }
    }
    address = decoded.classicAddress
  } else if (!isValidClassicAddress(raw)) {
    const why = CLASSIC_ADDRESS_SHAPE.test(raw)
      ? 'its checksum is wrong (a typo?)'
      : 'it is not an XRP Ledger address'
    return { ok: false, message: `"${shown(raw)}" is not a valid address: ${why}` }
  }
  if (holder !== null && address === holder) {
    return {
      ok: false,
      message: `${address} is your own wallet; an airdrop cannot offer to itself`,
    }
  }
  return { ok: true, address }
}
