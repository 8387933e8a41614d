/**
 * Validation of what the wallet dialog sends (a CredentialInput): which account it is for, which key
 * signs, with which algorithm. Pure: nothing here touches the ledger (see ledgerChecks.ts).
 */
import { deriveAddress, isValidClassicAddress, Wallet } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import { APPROVER_WALLETS } from '../../shared/wallets.ts'
import type { ApproverWalletId } from '../../shared/wallets.ts'
import type { ApproverConnection, CredentialInput, CredentialKind } from '../api.ts'
import { parseHexKey, parseSecretNumbers, parseSeed, parseSeedOrHexKey } from './secretFormats.ts'
import type { KeyAlgorithm, KeyMaterial } from './secretFormats.ts'

/** A credential that passed validation: an account and the key that signs for it. */
export interface ParsedCredential {
  /** The account whose transactions the key signs. */
  account: string
  /** `master`: the key is the account's own; `regular`: it must be the account's RegularKey. */
  signing: 'master' | 'regular'
  algorithm: KeyAlgorithm
  /** Address of the signing key (equals `account` for the master key). */
  keyAddress: string
  key: KeyMaterial
}

const PARSERS: Readonly<Record<CredentialKind, (text: string) => KeyMaterial>> = {
  familySeed: parseSeed,
  secpKey: parseHexKey,
  regularKey: parseSeedOrHexKey,
  secretNumbers: parseSecretNumbers,
}

function isKind(value: unknown): value is CredentialKind {
  return typeof value === 'string' && Object.hasOwn(PARSERS, value)
}

/**
 * A classic account address, trimmed and checked.
 *
 * @param value - the address as typed or received from the UI thread.
 * @param missing - the message when it is empty.
 * @throws EngineError `VALIDATION` when it is empty or not a classic address.
 */
export function parseAccountAddress(value: unknown, missing: string): string {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text) throw new EngineError('VALIDATION', missing)
  if (!isValidClassicAddress(text)) {
    throw new EngineError('VALIDATION', 'Invalid account address: a classic address starts with r')
  }
  return text
}

/** The regular-key credential's account, checked against the key it is given with. */
function regularKeyAccount(input: CredentialInput, keyAddress: string): string {
  const account = parseAccountAddress(
    input.account,
    'Please enter the address of the account this regular key signs for',
  )
  if (account === keyAddress) {
    throw new EngineError(
      'VALIDATION',
      `This is the master key of ${account}, not a regular key: choose Family Seed or Secp256k1`,
    )
  }
  return account
}

/**
 * Validates a credential from the wallet dialog. The secret is trimmed first; the input's fields
 * are checked at run time because they arrive from the UI thread.
 *
 * @param input - kind, secret and (regular key only) account.
 * @throws EngineError `VALIDATION`: 'Please enter your wallet key' when blank, 'Invalid seed
 *   phrase: …' / 'Invalid private key: …' for a malformed secret, or a message about the account.
 */
export function parseCredential(input: CredentialInput): ParsedCredential {
  const kind: unknown = (input as Partial<CredentialInput> | null)?.kind
  if (!isKind(kind)) throw new EngineError('VALIDATION', 'Unknown credential kind')
  const secret: unknown = input.secret
  const text = typeof secret === 'string' ? secret.trim() : ''
  if (!text) throw new EngineError('VALIDATION', 'Please enter your wallet key')
  const key = PARSERS[kind](text)
  const keyAddress = deriveAddress(key.publicKey)
  if (kind !== 'regularKey') {
    return { account: keyAddress, signing: 'master', algorithm: key.algorithm, keyAddress, key }
  }
  const account = regularKeyAccount(input, keyAddress)
  return { account, signing: 'regular', algorithm: key.algorithm, keyAddress, key }
}

/**
 * The xrpl.js Wallet that signs for the credential's account: with `masterAddress` for a regular
 * key, so transactions carry the account as `Account` and the regular key as `SigningPubKey`.
 *
 * @param credential - a validated credential.
 */
export function walletFor(credential: ParsedCredential): Wallet {
  const { key, signing, account } = credential
  return new Wallet(key.publicKey, key.privateKey, {
    ...(signing === 'regular' ? { masterAddress: account } : {}),
    ...(key.seed ? { seed: key.seed } : {}),
  })
}

/** An external wallet's account that passed validation: who signs, with which key. */
export interface ParsedApprover {
  wallet: ApproverWalletId
  account: string
  publicKey: string
  signing: 'master' | 'regular'
  algorithm: KeyAlgorithm
  keyAddress: string
}

const PUBLIC_KEY = /^(0[23][0-9A-F]{64}|ED[0-9A-F]{64})$/

/**
 * Validates what the page reports of an external wallet's account (it comes from the wallet and the
 * UI thread: untrusted shapes).
 *
 * @throws EngineError `VALIDATION` for an unknown wallet, a malformed address or public key.
 */
export function parseApproverConnection(input: ApproverConnection): ParsedApprover {
  const raw = input as Partial<ApproverConnection> | null
  const wallet = raw?.wallet
  if (typeof wallet !== 'string' || !Object.hasOwn(APPROVER_WALLETS, wallet)) {
    throw new EngineError('VALIDATION', 'Unknown wallet')
  }
  const account = parseAccountAddress(raw?.account, 'The wallet did not give an account address')
  const publicKey = typeof raw?.publicKey === 'string' ? raw.publicKey.trim().toUpperCase() : ''
  if (!PUBLIC_KEY.test(publicKey)) {
    throw new EngineError('VALIDATION', `${APPROVER_WALLETS[wallet].name} gave no valid public key`)
  }
  const keyAddress = deriveAddress(publicKey)
  return {
    wallet,
    account,
    publicKey,
    signing: keyAddress === account ? 'master' : 'regular',
    algorithm: publicKey.startsWith('ED') ? 'ed25519' : 'secp256k1',
    keyAddress,
  }
}
