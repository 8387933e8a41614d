/**
 * Each transaction to approve as a Xaman payload pushed to the signed-in user's phone, created with
 * `submit: false` (Xaman signs, the engine checks, stores and submits), followed over the payload's
 * WebSocket and read back. Creations are paced under Xaman's limit of about 30 a minute per app, and
 * a refusal to go faster (429) is waited out.
 */
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../../worker/api.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import { api, xamanUrl } from './xamanApi.ts'
import type { WebSocketLike, XamanDeps, XamanSession } from './xamanApi.ts'

/** Payloads Xaman creates per minute and app, about (its documented limit is 30). */
const PER_MINUTE = 28
/** How long Xaman keeps a request open, minutes. */
const EXPIRE_MINUTES = 10
/** The longest wait a 429 may ask for, seconds (a longer Retry-After is not believed). */
const MAX_RETRY_AFTER_S = 120
/** Refusals to go faster in a row before the window stops (the job pauses, Resume tries again). */
const MAX_THROTTLED = 10
/** The longest wait for a request's outcome (it expires after EXPIRE_MINUTES unopened). */
const RESOLUTION_MS = (EXPIRE_MINUTES + 2) * 60_000

/** Why a payload ended without a blob. */
type Unsigned = { reason: 'refused' | 'closed'; message: string }

/**
 * The approval port of Xaman: each prepared transaction is one payload (one approval on the phone),
 * created with `submit: false` and the account pinned as its only signer, one after the other. A
 * rejection, an expired request or an API refusal stops the window with what was signed before.
 */
export function xamanApprovals(session: XamanSession, deps: XamanDeps): ApprovalPort {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const perMinute = deps.perMinute ?? PER_MINUTE
  const created: number[] = []

  /** Waits until one more payload keeps within Xaman's creations a minute. */
  const paced = async () => {
    for (;;) {
      const now = Date.now()
      while (created.length && created[0]! <= now - 60_000) created.shift()
      if (created.length < perMinute) break
      await sleep(created[0]! + 60_000 - now)
    }
    created.push(Date.now())
  }

  /** Refusals to go faster in a row: past MAX_THROTTLED the window stops (the job pauses). */
  let throttled = 0
  /** Creates the payload; a refusal to go faster is waited out. */
  const create = async (tx: Record<string, unknown>, purpose: string) => {
    for (;;) {
      await paced()
      const reply = await api(session, deps, 'POST', 'payload', {
        txjson: tx,
        options: { submit: false, expire: EXPIRE_MINUTES, signers: [session.account] },
        custom_meta: { instruction: `XRPL NFT Manager: ${purpose}` },
      })
      if (reply.status === 429 && throttled < MAX_THROTTLED) {
        throttled += 1
        await sleep(Math.min(reply.retryAfter ?? 60, MAX_RETRY_AFTER_S) * 1000)
        continue
      }
      throttled = 0
      return reply
    }
  }

  const signOne = async (
    tx: Record<string, unknown>,
    purpose: string,
  ): Promise<{ blob: string } | Unsigned> => {
    const reply = await create(tx, purpose)
    const body = isRecord(reply.body) ? reply.body : {}
    const uuid = typeof body.uuid === 'string' ? body.uuid : null
    if (!uuid)
      return { reason: 'closed', message: apiRefusal(body, reply.status, tx.TransactionType) }
    const next = isRecord(body.next) ? body.next : {}
    const refs = isRecord(body.refs) ? body.refs : {}
    deps.onPending?.({
      uuid,
      link: xamanUrl(next.always, uuid, session.config),
      qr: xamanUrl(refs.qr_png, uuid, session.config),
      pushed: body.pushed === true,
    })
    try {
      await resolution(session, deps, uuid)
      const read = await api(session, deps, 'GET', `payload/${uuid}`)
      const payload = isRecord(read.body) ? read.body : {}
      const meta = isRecord(payload.meta) ? payload.meta : {}
      const response = isRecord(payload.response) ? payload.response : {}
      if (meta.signed === true && typeof response.hex === 'string') return { blob: response.hex }
      if (meta.expired === true && meta.resolved !== true)
        return { reason: 'closed', message: 'the request expired in Xaman before it was opened' }
      if (meta.resolved !== true)
        return { reason: 'closed', message: 'Xaman gave no answer in time' }
      return { reason: 'refused', message: 'you rejected it in Xaman' }
    } finally {
      deps.onPending?.(null)
    }
  }

  return {
    async approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
      const signed: string[] = []
      for (const tx of request.transactions) {
        let result: { blob: string } | Unsigned
        try {
          result = await signOne(tx, request.purpose)
        } catch (error) {
          const said =
            error instanceof Error && error.message ? `: ${error.message.slice(0, 160)}` : ''
          result = { reason: 'closed', message: `Xaman could not be reached${said}` }
        }
        if (!('blob' in result)) return { signed, stopped: result }
        signed.push(result.blob)
      }
      return { signed }
    },
  }
}

/**
 * What Xaman's refusal to create a payload says: an expired sign-in, or a transaction type the app's
 * key may not ask for (Xaman restricts SetRegularKey to apps it allowed).
 */
function apiRefusal(body: Record<string, unknown>, status: number, type: unknown): string {
  const error = isRecord(body.error) ? body.error : {}
  const code =
    typeof error.code === 'number' || typeof error.code === 'string'
      ? String(error.code)
      : String(status)
  const what = typeof type === 'string' ? type : 'transaction'
  return `Xaman refused the ${what} request (error ${code}): sign in with Xaman again, or connect with your secret numbers if Xaman does not let this app ask for ${what}`
}

/**
 * Waits on the payload's WebSocket until it is resolved (signed or rejected) or expired; the
 * message only says so, the payload is read afterwards. A socket that fails is replaced by a look at
 * the payload every few seconds.
 */
function resolution(session: XamanSession, deps: XamanDeps, uuid: string): Promise<void> {
  const url = `${session.config.apiBase.replace(/^http/, 'ws')}/sign/${uuid}`
  return new Promise<void>((resolve, reject) => {
    let finished = false
    let poll: ReturnType<typeof setInterval> | undefined
    let socket: WebSocketLike | null = null
    let looked = false
    // A socket that stays silent and open, and no answer: past the request's expiry, it is over.
    const limit = setTimeout(() => finish(), RESOLUTION_MS)
    const lookOnce = () => {
      api(session, deps, 'GET', `payload/${uuid}`).then((read) => {
        const meta = isRecord(read.body) && isRecord(read.body.meta) ? read.body.meta : {}
        if (meta.resolved === true || meta.expired === true) finish()
      }, reject)
    }
    const finish = () => {
      if (finished) return
      finished = true
      clearInterval(poll)
      clearTimeout(limit)
      socket?.close()
      resolve()
    }
    const fallBack = () => {
      if (finished || poll) return
      poll = setInterval(lookOnce, 3_000)
    }
    try {
      socket = new deps.WebSocket(url)
    } catch {
      fallBack()
      return
    }
    socket.onmessage = (event) => {
      let message: unknown
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      if (isRecord(message) && ('signed' in message || message.expired === true)) finish()
      // Once connected, a look at the payload: a resolution before the socket opened is not sent.
      else if (!looked) {
        looked = true
        lookOnce()
      }
    }
    socket.onerror = fallBack
    socket.onclose = fallBack
  })
}
