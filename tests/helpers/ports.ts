/** Loopback ports for tests. */
import { createServer } from 'node:net'

/** A loopback port nothing listens on (a closed host: connections are refused at once). */
export async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 1
}
