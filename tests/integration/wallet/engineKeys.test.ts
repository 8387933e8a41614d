/**
 * Connecting wallets through the Engine against the sandbox ledger: every credential kind, the
 * validation messages, the ledger checks (account exists, RegularKey, disabled master key), lock and
 * the network a wallet belongs to. Real keys, real signatures, real ledger state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { AccountSet, ECDSA } from 'xrpl'

import { buildNetworks } from '../../../src/shared/networks.ts'
import { isEngineError } from '../../../src/shared/errors.ts'
import type { CredentialInput, WalletInfo } from '../../../src/worker/api.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import {
  keyringOf,
  ledgerHarness,
  payWithSigner,
  setRegularKey,
  submitSigned,
} from '../../helpers/keys.ts'
import { fund } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

const SECP = 'ecdsa-secp256k1' as ECDSA

let h: EngineHarness
/** An independent client on the same sandbox. */
let ledger: Harness

/** Every spelling of the wallet's secrets that must never appear in an answer. */
function secretsOf(wallet: Wallet): string[] {
  const keys = [wallet.privateKey, wallet.privateKey.slice(2)]
  return [wallet.seed ?? '', ...keys, ...keys.map((k) => k.toLowerCase())].filter(Boolean)
}

function expectNoSecret(value: unknown, wallet: Wallet): void {
  const text = JSON.stringify(value)
  for (const secret of secretsOf(wallet)) expect(text).not.toContain(secret)
}

/** The EngineError a connect attempt fails with. */
async function connectError(engine: Engine, input: CredentialInput) {
  const error: unknown = await engine.connectWallet(input).then(
    () => new Error('connected unexpectedly'),
    (e: unknown) => e,
  )
  if (!isEngineError(error)) throw error
  return error
}

beforeAll(async () => {
  h = await startEngineHarness()
  ledger = await ledgerHarness(h)
})

afterAll(async () => {
  await ledger.stop()
  await h.stop()
})

/** Funds fresh accounts from genesis. */
async function funded(...wallets: Wallet[]): Promise<void> {
  await fund(ledger, 100, ...wallets)
}

describe('connectWallet: every credential kind', () => {
  const secpMaster = Wallet.generate(SECP)
  const edMaster = Wallet.generate()
  const account = Wallet.generate(SECP)
  const edRegular = Wallet.generate()

  beforeAll(async () => {
    await funded(secpMaster, edMaster, account)
    await setRegularKey(ledger, account, edRegular.classicAddress)
  })

  const master = (w: () => Wallet, algorithm: string) => (info: WalletInfo) =>
    expect(info).toEqual({
      network: 'sandbox',
      address: w().classicAddress,
      signing: 'master',
      algorithm,
      keyAddress: w().classicAddress,
      restored: false,
    })
  const cases: [string, () => CredentialInput, () => Wallet, (info: WalletInfo) => void][] = [
    [
      'a secp256k1 family seed',
      () => ({ kind: 'familySeed', secret: secpMaster.seed! }),
      () => secpMaster,
      master(() => secpMaster, 'secp256k1'),
    ],
    [
      'an ed25519 family seed',
      () => ({ kind: 'familySeed', secret: ` ${edMaster.seed!}\n` }),
      () => edMaster,
      master(() => edMaster, 'ed25519'),
    ],
    [
      'a 64-digit secp256k1 key',
      () => ({ kind: 'secpKey', secret: secpMaster.privateKey.slice(2) }),
      () => secpMaster,
      master(() => secpMaster, 'secp256k1'),
    ],
    [
      'a 66-digit secp256k1 key with 00',
      () => ({ kind: 'secpKey', secret: secpMaster.privateKey.toLowerCase() }),
      () => secpMaster,
      master(() => secpMaster, 'secp256k1'),
    ],
    [
      'an ED-prefixed ed25519 key',
      () => ({ kind: 'secpKey', secret: edMaster.privateKey }),
      () => edMaster,
      master(() => edMaster, 'ed25519'),
    ],
    ...(['seed', 'hex'] as const).map(
      (form): [string, () => CredentialInput, () => Wallet, (info: WalletInfo) => void] => [
        `a regular key ${form} with its account`,
        () => ({
          kind: 'regularKey',
          secret: form === 'seed' ? edRegular.seed! : edRegular.privateKey,
          account: account.classicAddress,
        }),
        () => edRegular,
        (info) =>
          expect(info).toEqual({
            network: 'sandbox',
            address: account.classicAddress,
            signing: 'regular',
            algorithm: 'ed25519',
            keyAddress: edRegular.classicAddress,
            restored: false,
          }),
      ],
    ),
  ]

  it.each(cases)('connects %s', async (_name, input, wallet, check) => {
    const info = await h.engine.connectWallet(input())
    check(info)
    expectNoSecret(info, wallet())
    expect(await h.engine.getWallet()).toEqual(info)
    expect(keyringOf(h.engine).signingWallet().classicAddress).toBe(info.address)
    expect(keyringOf(h.engine).signingWallet().publicKey).toBe(wallet().publicKey)
  })

  it('signs transactions the ledger accepts, with the master and with the regular key', async () => {
    await h.engine.connectWallet({ kind: 'secpKey', secret: edMaster.privateKey })
    expect(await payWithSigner(ledger, h.engine)).toBe('tesSUCCESS')
    const regular = { kind: 'regularKey', secret: edRegular.privateKey } as const
    await h.engine.connectWallet({ ...regular, account: account.classicAddress })
    expect(await payWithSigner(ledger, h.engine)).toBe('tesSUCCESS')
  })
})

describe('connectWallet: bad input', () => {
  const wallet = Wallet.generate(SECP)
  const edWallet = Wallet.generate()
  const seed = wallet.seed!

  beforeAll(async () => {
    await funded(wallet)
  })

  it.each([
    ['an empty secret', { kind: 'familySeed', secret: '' }, 'Please enter your wallet key'],
    ['whitespace', { kind: 'secpKey', secret: ' \t\n ' }, 'Please enter your wallet key'],
    ['garbage', { kind: 'familySeed', secret: 'hello world' }, 'Invalid seed phrase: a family'],
    ['a short seed', { kind: 'familySeed', secret: seed.slice(0, -2) }, 'wrong length: 27'],
    [
      'a bad checksum',
      { kind: 'familySeed', secret: `${seed.slice(0, -1)}${seed.endsWith('r') ? 'p' : 'r'}` },
      'Invalid seed phrase: the checksum does not match',
    ],
    [
      'an address pasted as the secret',
      { kind: 'familySeed', secret: wallet.classicAddress },
      'Invalid seed phrase: this is an account address',
    ],
    [
      'hex of the wrong length',
      { kind: 'secpKey', secret: wallet.privateKey.slice(4) },
      'Invalid private key: wrong length: 62 hex digits',
    ],
    [
      'a regular key without its account',
      { kind: 'regularKey', secret: edWallet.seed! },
      'Please enter the address of the account this regular key signs for',
    ],
  ] as const)('rejects %s with a clear message and no secret', async (_name, input, message) => {
    await h.engine.lock()
    const error = await connectError(h.engine, input)
    expect(error.code).toBe('VALIDATION')
    expect(error.message).toContain(message)
    expectNoSecret({ message: error.message, data: error.data }, wallet)
    expect(error.message).not.toContain(input.secret.trim() || '\u0000')
    expect(await h.engine.getWallet()).toBeNull()
  })

  it('reports an account that is not activated as NOT_FOUND', async () => {
    const stranger = Wallet.generate()
    const error = await connectError(h.engine, { kind: 'familySeed', secret: stranger.seed! })
    expect(error.code).toBe('NOT_FOUND')
    expect(error.message).toBe(`Account ${stranger.classicAddress} is not activated on Sandbox`)
    expectNoSecret({ message: error.message, data: error.data }, stranger)
  })
})

describe('connectWallet: the ledger decides which key may sign', () => {
  const owner = Wallet.generate(SECP)
  const regular = Wallet.generate()
  const other = Wallet.generate(SECP)
  const plain = Wallet.generate()

  beforeAll(async () => {
    await funded(owner, plain, other)
    await setRegularKey(ledger, owner, regular.classicAddress)
  })

  it('rejects a key that is not the account’s RegularKey', async () => {
    for (const account of [owner, plain]) {
      const input = { kind: 'regularKey', secret: other.seed!, account: account.classicAddress }
      const error = await connectError(h.engine, input as CredentialInput)
      expect(error.code).toBe('VALIDATION')
      expect(error.message).toBe(`This key is not the regular key of ${account.classicAddress}`)
    }
  })

  it('rejects a disabled master key and still connects its regular key', async () => {
    const disable: AccountSet = {
      TransactionType: 'AccountSet',
      Account: owner.classicAddress,
      SetFlag: 4, // asfDisableMaster
    }
    await submitSigned(ledger, owner, disable)
    const error = await connectError(h.engine, { kind: 'familySeed', secret: owner.seed! })
    expect(error.code).toBe('VALIDATION')
    expect(error.message).toBe(
      `The master key of ${owner.classicAddress} is disabled: connect with its regular key`,
    )
    const input = { kind: 'regularKey', secret: regular.seed!, account: owner.classicAddress }
    const info = await h.engine.connectWallet(input as CredentialInput)
    expect(info).toMatchObject({ address: owner.classicAddress, signing: 'regular' })
    expect(await payWithSigner(ledger, h.engine)).toBe('tesSUCCESS')
  })
})

describe('lock and networks', () => {
  const wallet = Wallet.generate()

  beforeAll(async () => {
    await funded(wallet)
  })

  it('lock() forgets the wallet: getWallet is null and signer() throws', async () => {
    await h.engine.connectWallet({ kind: 'familySeed', secret: wallet.seed! })
    expect(await h.engine.getWallet()).not.toBeNull()
    await h.engine.lock()
    expect(await h.engine.getWallet()).toBeNull()
    expect(() => keyringOf(h.engine).signingWallet()).toThrow('Please connect your wallet first')
  })

  it('a wallet belongs to the network it was connected on', async () => {
    // Testnet pointed at the same sandbox: a network switch without leaving the machine.
    const base = buildNetworks({})
    // The sandbox stands in for both (no network id to check).
    const local = (id: 'sandbox' | 'testnet') => ({
      ...base[id],
      endpoints: [h.sb.url],
      networkId: undefined,
    })
    const engine = h.reopen({
      networks: { ...base, sandbox: local('sandbox'), testnet: local('testnet') },
    })
    await engine.connect('sandbox')
    const info = await engine.connectWallet({ kind: 'familySeed', secret: wallet.seed! })
    await engine.connect('testnet')
    expect(await engine.getWallet()).toBeNull()
    expect(() => keyringOf(engine).signingWallet()).toThrow('Please connect your wallet first')
    await engine.connect('sandbox')
    expect(await engine.getWallet()).toEqual(info)
  })

  it('validates input offline but needs the ledger to connect', async () => {
    const engine = h.reopen()
    const error = await connectError(engine, { kind: 'familySeed', secret: ' ' })
    expect(error.code).toBe('VALIDATION')
    const offline = await connectError(engine, { kind: 'familySeed', secret: wallet.seed! })
    expect(offline.code).toBe('NOT_CONNECTED')
    expect(await engine.getWallet()).toBeNull()
  })
})
