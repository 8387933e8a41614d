/**
 * Which of a network's endpoints to try next: each in turn, passing over those that rest — they
 * dropped us over our load, or said they are not fit — until their rest is over; when all rest, the
 * one that wakes first.
 */
export class EndpointTurns {
  private attempt = 0
  /** Endpoints left alone until a time (performance.now()). */
  private readonly resting = new Map<string, number>()

  /** @param endpoints - the network's endpoints in failover order (never empty). */
  constructor(private readonly endpoints: readonly string[]) {}

  /** The endpoint rests `ms` from now. */
  rest(endpoint: string, ms: number): void {
    this.resting.set(endpoint, performance.now() + ms)
  }

  /** How long the endpoint still rests, ms (0 when it does not). */
  restLeft(endpoint: string): number {
    return Math.max(0, (this.resting.get(endpoint) ?? 0) - performance.now())
  }

  /** The endpoints other than `endpoint` that do not rest now. */
  othersAwake(endpoint: string): string[] {
    return this.endpoints.filter((e) => e !== endpoint && this.restLeft(e) === 0)
  }

  /** The turn passes to the next endpoint (the current one failed or dropped us). */
  pass(): void {
    this.attempt += 1
  }

  /** The next endpoint in turn that does not rest; when all rest, the one that wakes first. */
  next(): string {
    const { endpoints } = this
    for (let i = 0; i < endpoints.length; i += 1) {
      const endpoint = endpoints[(this.attempt + i) % endpoints.length] ?? ''
      if (this.restLeft(endpoint) === 0) {
        this.attempt += i
        return endpoint
      }
    }
    const wakes = (e: string) => this.resting.get(e) ?? 0
    // A network config always has endpoints; `?? ''` only satisfies noUncheckedIndexedAccess.
    return [...endpoints].sort((a, b) => wakes(a) - wakes(b))[0] ?? ''
  }
}
