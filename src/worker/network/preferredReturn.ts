/**
 * The way back to a network's first endpoint (the user's own server comes first): served by another,
 * a session tries the first again now and then, and moves back to it once it is fit; the link it
 * leaves finishes the requests already sent on it.
 */
import type { EndpointLink } from './endpointLink.ts'
import type { EndpointTurns } from './endpointTurns.ts'

/** Requests sent on a link that is being replaced finish there; it closes this much later. */
const RETIRE_GRACE_MS = 15_000

/** What the way back needs of its session. */
export interface PreferredReturnDeps {
  /** The network's first endpoint. */
  preferred: string | undefined
  /** How often it is tried again (ConnectionTiming.preferredProbeMs). */
  probeMs: number
  /** Which endpoints rest now (one that rests is not tried). */
  turns: EndpointTurns
  /** The live link, if connected. */
  live: () => EndpointLink | null
  /**
   * Opens a link to the endpoint and makes it the live one in place of `leaving`, which it retires
   * (see {@link PreferredReturn.retire}); nothing changes if it does not open or the session moved on.
   */
  replace: (endpoint: string, leaving: EndpointLink) => Promise<void>
}

/** The way back to the preferred endpoint of one session. */
export class PreferredReturn {
  private probing = false
  private lastProbe = -Infinity
  /** Links being replaced, finishing their requests. */
  private readonly retiring = new Set<EndpointLink>()

  constructor(private readonly deps: PreferredReturnDeps) {}

  /** Tries the preferred endpoint if it is time to (called at each new ledger of the live link). */
  consider(): void {
    const { preferred } = this.deps
    const current = this.deps.live()
    if (!preferred || !current || current.endpoint === preferred || this.probing) return
    const now = performance.now()
    if (now - this.lastProbe < this.deps.probeMs) return
    if (this.deps.turns.restLeft(preferred) > 0) return
    this.lastProbe = now
    this.probing = true
    void this.deps.replace(preferred, current).finally(() => (this.probing = false))
  }

  /** Closes the links still finishing their requests (the session closed). */
  async close(): Promise<void> {
    const retiring = [...this.retiring]
    this.retiring.clear()
    await Promise.all(retiring.map((l) => l.close()))
  }

  /** A link replaced by another finishes the requests sent on it there, and closes a little later. */
  retire(leaving: EndpointLink): void {
    this.retiring.add(leaving)
    setTimeout(() => {
      this.retiring.delete(leaving)
      void leaving.close()
    }, RETIRE_GRACE_MS)
  }
}
