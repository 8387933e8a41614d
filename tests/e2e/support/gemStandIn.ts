/**
 * A stand-in for the GEM Wallet browser extension: the only part of an e2e run that is not the real
 * thing. It answers `@gemwallet/api`'s window.postMessage protocol as the extension's content script
 * does (requests tagged `GEM_WALLET_MSG_REQUEST` with a `messageId`, answers tagged
 * `GEM_WALLET_MSG_RESPONSE` echoing it as `messagedId`, the library's spelling). Signing happens in
 * Node with xrpl.js, against the e2e sandbox, like the extension signing with the user's master key.
 */
import type { Page } from '@playwright/test'
import { Client } from 'xrpl'
import type { SetRegularKey, Transaction, Wallet } from 'xrpl'

/** The e2e sandbox playwright.config.ts starts. */
export const SANDBOX_URL = `ws://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 16006}`

/** How the stand-in behaves. */
export interface GemStandInOptions {
  /** The account selected in "GEM Wallet" (its master key signs). */
  account: Wallet
  /** 'refuse': getAddress gives no address (the user declined to share it). */
  getAddress?: 'answer' | 'refuse'
  /** 'reject': setRegularKey answers without a result, as when the user rejects the transaction. */
  setRegularKey?: 'submit' | 'reject'
  /**
   * What happens to each signTransaction, in order (past its end: approve): the user approves or
   * rejects it, or the extension fails (it was disabled or crashed: an error comes back).
   */
  signTransaction?: readonly ('approve' | 'reject' | 'fail')[]
}

interface StandInConfig {
  address: string
  publicKey: string
  getAddress: 'answer' | 'refuse'
  setRegularKey: 'submit' | 'reject'
}

/** Runs in Node: with a connected xrpl.js Client to the e2e sandbox. */
export async function withSandboxClient<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(SANDBOX_URL)
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.disconnect()
  }
}

/** Signs a SetRegularKey with the account's master key, submits it and waits for validation. */
async function submitSetRegularKey(account: Wallet, regularKey: string): Promise<string> {
  return await withSandboxClient(async (client) => {
    const tx: SetRegularKey = {
      TransactionType: 'SetRegularKey',
      Account: account.classicAddress,
      RegularKey: regularKey,
    }
    const signed = account.sign(await client.autofill(tx))
    const answer = await client.submitAndWait(signed.tx_blob)
    const meta = answer.result.meta
    const result = typeof meta === 'object' ? meta.TransactionResult : 'no metadata'
    if (result !== 'tesSUCCESS') throw new Error(`SetRegularKey failed: ${result}`)
    return signed.hash
  })
}

/** The account's RegularKey on the validated ledger, or null. */
export async function regularKeyOf(address: string): Promise<string | null> {
  return await withSandboxClient(async (client) => {
    const info = await client.request({
      command: 'account_info',
      account: address,
      ledger_index: 'validated',
    })
    return info.result.account_data.RegularKey ?? null
  })
}

/** The content script's side of the protocol, injected into the page before the app loads. */
function contentScript(config: StandInConfig): void {
  const page = window as unknown as {
    gemStandInSetRegularKey(regularKey: string): Promise<string>
    gemStandInSign(transaction: unknown): Promise<string | null | false>
  }
  window.addEventListener('message', (event: MessageEvent) => {
    const request = event.data as {
      source?: string
      app?: string
      type?: string
      messageId?: number
      payload?: { regularKey?: string; transaction?: unknown }
    } | null
    if (event.source !== window || request?.source !== 'GEM_WALLET_MSG_REQUEST') return
    if (request.app !== 'gem-wallet') return
    const reply = (body: object): void => {
      const response = { source: 'GEM_WALLET_MSG_RESPONSE', messagedId: request.messageId, ...body }
      window.postMessage(response, window.location.origin)
    }
    switch (request.type) {
      case 'REQUEST_IS_INSTALLED/V3':
        reply({ isInstalled: true })
        break
      case 'REQUEST_GET_ADDRESS/V3':
        reply({ result: config.getAddress === 'answer' ? { address: config.address } : undefined })
        break
      case 'REQUEST_GET_PUBLIC_KEY/V3':
        reply({ result: { address: config.address, publicKey: config.publicKey } })
        break
      case 'REQUEST_SIGN_TRANSACTION/V3':
        // Signed in Node with the account's key once the user approves (null: rejected; false:
        // the extension failed, and says so with an error).
        void page.gemStandInSign(request.payload?.transaction).then((signature) => {
          if (signature === false) {
            reply({ error: { name: 'Error', message: 'The extension stopped responding' } })
          } else reply({ result: signature === null ? undefined : { signature } })
        })
        break
      case 'REQUEST_SET_REGULAR_KEY/V3':
        if (config.setRegularKey === 'reject') reply({ result: undefined })
        else
          page.gemStandInSetRegularKey(request.payload?.regularKey ?? '').then(
            (hash) => reply({ result: { hash } }),
            (error: unknown) =>
              reply({ error: { name: 'Error', message: String((error as Error).message) } }),
          )
        break
    }
  })
}

/**
 * Installs the stand-in on a page (before its first navigation); it stays across reloads.
 *
 * @param options - the account and how the stand-in answers.
 */
export async function installGemStandIn(
  page: Page,
  options: GemStandInOptions,
): Promise<{ signs: { tx: Record<string, unknown>; answer: 'approve' | 'reject' | 'fail' }[] }> {
  await page.exposeFunction('gemStandInSetRegularKey', (regularKey: string) =>
    submitSetRegularKey(options.account, regularKey),
  )
  const signs: { tx: Record<string, unknown>; answer: 'approve' | 'reject' | 'fail' }[] = []
  await page.exposeFunction('gemStandInSign', (tx: Record<string, unknown>) => {
    const answer = options.signTransaction?.[signs.length] ?? 'approve'
    signs.push({ tx, answer })
    if (answer === 'fail') return false
    return answer === 'reject' ? null : options.account.sign(tx as unknown as Transaction).tx_blob
  })
  const config: StandInConfig = {
    address: options.account.classicAddress,
    publicKey: options.account.publicKey,
    getAddress: options.getAddress ?? 'answer',
    setRegularKey: options.setRegularKey ?? 'submit',
  }
  await page.addInitScript(contentScript, config)
  return { signs }
}
