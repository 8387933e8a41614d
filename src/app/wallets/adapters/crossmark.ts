/**
 * The Crossmark browser extension, through its official client `@crossmarkio/sdk` (the only module
 * that imports it, loaded on first use). The library talks to the extension's content script with
 * `window.postMessage`; the extension holds the key. This app uses two of its calls: sign-in (the
 * account and its public key) and `bulkSign` (signed blobs of a window of prepared transactions,
 * not submitted: the engine checks, stores and submits them).
 *
 * The library never gives up on a request the extension does not answer (a locked or closed
 * extension): each request here has its own limit, and the extension's sign-out or account change
 * ends a pending one at once.
 */
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../../worker/api.ts'
import { isRecord } from '../../../shared/isRecord.ts'

/** The part of the library's instance this app uses (its own types pin an old xrpl.js). */
interface CrossmarkSdk {
  async: { detect(timeoutMs?: number): Promise<boolean> }
  sync: {
    signIn(hex?: string): string
    bulkSign(txns: unknown[], opts?: { description?: string; isModifiable?: boolean }): string
  }
  api: { active: Map<string, unknown> }
  on(event: string, listener: (...args: unknown[]) => void): unknown
  off(event: string, listener: (...args: unknown[]) => void): unknown
}

/** How long the extension may take to appear on the page (it injects itself after load). */
const DETECT_MS = 2_500
/** How long a sign-in may wait for the user. */
const SIGN_IN_MS = 120_000
/** How long an approval may wait for the user before the wallet counts as closed. */
const APPROVAL_MS = 180_000
/** After its window closed, how long an answer may still take to arrive. */
const CLOSE_GRACE_MS = 1_500

let loaded: Promise<CrossmarkSdk | null> | undefined

/**
 * The library's instance, or null where it cannot run (it refuses every call on a phone's browser).
 * Kept in this module only: the instance is a Proxy that throws on symbol reads, so it must never go
 * into reactive state.
 */
function crossmark(): Promise<CrossmarkSdk | null> {
  loaded ??= import('@crossmarkio/sdk').then(
    (module) => {
      const candidate: unknown = module.default
      try {
        // In a bundle the default export is the instance; where CommonJS is wrapped, it is inside.
        const sdk = (
          isRecord(candidate) && 'sync' in candidate
            ? candidate
            : (candidate as { default: unknown }).default
        ) as CrossmarkSdk
        return typeof sdk.sync.bulkSign === 'function' ? sdk : null
      } catch {
        return null
      }
    },
    () => null,
  )
  return loaded
}

/** Whether the extension is on this page (it says so within a few seconds of the page's load). */
export async function crossmarkInstalled(): Promise<boolean> {
  try {
    const sdk = await crossmark()
    return sdk ? await sdk.async.detect(DETECT_MS) : false
  } catch {
    return false
  }
}

/** The account signed in with Crossmark: its address and the public key that signs for it. */
export interface CrossmarkAccount {
  address: string
  publicKey: string
}

/** What Crossmark answered: its data, or why there is none to use. */
type Reply = { data: Record<string, unknown> } | { stop: 'refused' | 'closed'; message: string }

/**
 * Sends a request and waits for its answer, at most `limitMs`; the extension's sign-out or account
 * change ends the wait as a closed wallet.
 */
async function ask(send: (sdk: CrossmarkSdk) => string, limitMs: number): Promise<Reply> {
  const sdk = await crossmark()
  if (!sdk) return { stop: 'closed', message: 'Crossmark is not available in this browser' }
  return await new Promise<Reply>((resolve) => {
    let id = ''
    const finish = (reply: Reply) => {
      clearTimeout(timer)
      clearTimeout(closing)
      sdk.off('close', onClose)
      sdk.off('response', onResponse)
      sdk.off('signout', onGone)
      sdk.off('user-change', onGone)
      sdk.api.active.delete(id)
      resolve(reply)
    }
    const onResponse = (full: unknown) => {
      const response = isRecord(full) && isRecord(full.response) ? full.response : null
      if (!response || response.id !== id) return
      const data = isRecord(response.data) ? response.data : {}
      const meta = isRecord(data.meta) ? data.meta : {}
      if (meta.isRejected === true)
        finish({ stop: 'refused', message: 'you declined in Crossmark' })
      else if (meta.isError === true || meta.isExpired === true || meta.isFail === true)
        finish({ stop: 'closed', message: errorOf(data) })
      else finish({ data })
    }
    const onGone = () =>
      finish({ stop: 'closed', message: 'the Crossmark account signed out or changed' })
    // Its window closed: an answer sent as it closed may still be on its way, then there is none.
    let closing: ReturnType<typeof setTimeout> | undefined
    const onClose = () => {
      clearTimeout(closing)
      closing = setTimeout(
        () => finish({ stop: 'closed', message: 'Crossmark closed without an answer' }),
        CLOSE_GRACE_MS,
      )
    }
    const timer = setTimeout(
      () => finish({ stop: 'closed', message: 'Crossmark did not answer (locked or closed?)' }),
      limitMs,
    )
    sdk.on('response', onResponse)
    sdk.on('close', onClose)
    sdk.on('signout', onGone)
    sdk.on('user-change', onGone)
    try {
      id = send(sdk)
    } catch (e) {
      finish({ stop: 'closed', message: e instanceof Error ? e.message : 'Crossmark failed' })
    }
  })
}

function errorOf(data: Record<string, unknown>): string {
  const said = typeof data.errorMessage === 'string' ? data.errorMessage.slice(0, 160) : ''
  return said ? `Crossmark: ${said}` : 'Crossmark could not sign'
}

/**
 * Signs in with Crossmark: the user picks the account in the extension.
 *
 * @throws Error with a message fit to show, when the user declines or the extension fails.
 */
export async function crossmarkSignIn(): Promise<CrossmarkAccount> {
  const reply = await ask((sdk) => sdk.sync.signIn(), SIGN_IN_MS)
  if ('stop' in reply) {
    throw new Error(
      reply.stop === 'refused' ? 'You declined the sign-in in Crossmark' : reply.message,
    )
  }
  const { address, publicKey } = reply.data
  if (typeof address !== 'string' || typeof publicKey !== 'string') {
    throw new Error('Crossmark gave no account address and public key')
  }
  return { address, publicKey }
}

/**
 * The approval port the engine asks for each window of prepared transactions: one `bulkSign` (one
 * approval in the extension) per window. Crossmark gives the blobs without submitting them.
 */
export function crossmarkApprovals(): ApprovalPort {
  return {
    async approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
      const count = request.transactions.length
      const description = `XRPL NFT Manager: ${count === 1 ? '1 transaction' : `${count} transactions`} (${request.purpose})`
      const reply = await ask(
        (sdk) => sdk.sync.bulkSign(request.transactions, { description, isModifiable: false }),
        APPROVAL_MS,
      )
      if ('stop' in reply)
        return { signed: [], stopped: { reason: reply.stop, message: reply.message } }
      const blobs = Array.isArray(reply.data.txBlobs) ? reply.data.txBlobs : []
      // The engine checks each blob against what it prepared, in order; anything else stops there.
      return { signed: blobs.filter((b): b is string => typeof b === 'string') }
    },
  }
}
