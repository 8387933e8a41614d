/**
 * A sandbox in a worker thread of its own, for benchmarks that measure the engine alone: in the app
 * the ledger server is another machine, and sharing the engine's thread would count its work too.
 * Started with the options in `workerData`; posts its URL, and stops when told.
 */
import { parentPort, workerData } from 'node:worker_threads'

import { startSandbox } from '../../src/sandbox/index.ts'
import type { SandboxOptions } from '../../src/sandbox/index.ts'

const sandbox = await startSandbox(workerData as SandboxOptions)
parentPort!.postMessage({ url: sandbox.url })
parentPort!.on('message', (message: unknown) => {
  if (message === 'stop') {
    void sandbox.stop().then(() => parentPort!.close())
  }
})
