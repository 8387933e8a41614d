/**
 * A stand-in for the Crossmark browser extension: it answers `@crossmarkio/sdk`'s window.postMessage
 * protocol as the extension's content script does (`window.xrpl.isCrossmark` to be found; requests
 * `{app: 'crossmark', type: 'request', id, command, data}`; answers `{request, response: {app, type:
 * 'response', id, data}, createdAt, resolvedAt}` with `data.meta` saying signed or rejected; events
 * `{type: 'event', event}`). Signing happens in Node with xrpl.js, with the account's real key, so the
 * sandbox verifies every signature. What each bulk-sign round does is the test's script.
 */
import type { Page } from '@playwright/test'
import type { Transaction, Wallet } from 'xrpl'

/**
 * What the extension does with one bulk-sign request: approve every transaction, refuse (the user
 * pressed Reject), or close without answering (the popup closed, the extension locked).
 */
export type CrossmarkRound = 'approve' | 'refuse' | 'close'

interface StandInConfig {
  address: string
  publicKey: string
}

/** The content script's side, injected into the page before the app loads. */
function contentScript(config: StandInConfig): void {
  const page = window as unknown as {
    xrpl?: Record<string, unknown>
    crossmarkStandInSign(txs: unknown[]): Promise<string[]>
    crossmarkStandInRound(): Promise<string>
  }
  page.xrpl = { ...page.xrpl, isCrossmark: true }
  const meta = (flags: Record<string, boolean>) => ({
    isError: false,
    isRejected: false,
    isExpired: false,
    isSigned: false,
    isPending: false,
    isSuccess: false,
    isFail: false,
    isVerified: false,
    ...flags,
  })
  interface Request {
    app?: string
    type?: string
    id?: unknown
    command?: string
    data?: { tx?: { TransactionType?: string }; txns?: unknown[] }
  }
  const reply = (request: Request, data: object): void => {
    const now = Date.now()
    const response = { app: 'crossmark', type: 'response', id: request.id, data }
    window.postMessage({ request, response, createdAt: now, resolvedAt: now }, location.origin)
  }
  const event = (name: string): void => {
    window.postMessage(
      {
        app: 'crossmark',
        type: 'event',
        event: name,
        id: String(Math.random()),
        target: 'content',
      },
      location.origin,
    )
  }
  window.addEventListener('message', (e: MessageEvent) => {
    const request = e.data as Request | null
    if (e.source !== window || request?.type !== 'request' || request.app !== 'crossmark') return
    if (typeof request.id !== 'string') return
    switch (request.command) {
      case 'network':
        return reply(request, {
          network: { protocol: 'XRPL', type: 'testnet', label: 'xrp ledger', wss: '', rpc: '' },
        })
      case 'user':
        return reply(request, {
          user: { id: 'stand-in', username: 'tester', type: 'user', developer: false },
        })
      case 'address':
        return reply(request, {})
      case 'isLocked':
        return reply(request, { isLocked: false })
      case 'sign':
        if (request.data?.tx?.TransactionType === 'SignIn') {
          return reply(request, {
            address: config.address,
            publicKey: config.publicKey,
            network: { protocol: 'XRPL', type: 'testnet', label: 'xrp ledger', wss: '', rpc: '' },
            user: { id: 'stand-in', username: 'tester', type: 'user', developer: false },
            meta: meta({ isSigned: true, isSuccess: true }),
          })
        }
        return reply(request, { meta: meta({ isError: true }) })
      case 'bulk-sign':
        void page.crossmarkStandInRound().then(async (round) => {
          if (round === 'refuse') return reply(request, { meta: meta({ isRejected: true }) })
          // Closed: no answer ever comes; the popup's close is announced.
          if (round === 'close') return event('close')
          const txBlobs = await page.crossmarkStandInSign(request.data?.txns ?? [])
          reply(request, { txBlobs, meta: meta({ isSigned: true, isSuccess: true }) })
        })
        return
      default:
        return reply(request, { meta: meta({ isError: true }) })
    }
  })
}

/** What the stand-in saw: the windows it was asked to sign, in order. */
export interface CrossmarkStandIn {
  rounds: { size: number; answer: CrossmarkRound }[]
}

/**
 * Installs the stand-in on a page (before its first navigation); it stays across reloads.
 *
 * @param account - the account signed in with "Crossmark" (its master key signs).
 * @param script - what each bulk-sign round does, in order; rounds past its end are approved.
 */
export async function installCrossmarkStandIn(
  page: Page,
  account: Wallet,
  script: readonly CrossmarkRound[] = [],
): Promise<CrossmarkStandIn> {
  const seen: CrossmarkStandIn = { rounds: [] }
  await page.exposeFunction('crossmarkStandInRound', () => {
    const answer = script[seen.rounds.length] ?? 'approve'
    seen.rounds.push({ size: 0, answer })
    return answer
  })
  await page.exposeFunction('crossmarkStandInSign', (txs: Record<string, unknown>[]) => {
    seen.rounds[seen.rounds.length - 1]!.size = txs.length
    // The key signs what it is given, as the extension does once the user approves.
    return txs.map((tx) => account.sign(tx as unknown as Transaction).tx_blob)
  })
  await page.addInitScript(contentScript, {
    address: account.address,
    publicKey: account.publicKey,
  })
  return seen
}
