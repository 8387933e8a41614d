/** Starts sandboxThread.ts in a worker thread (through tsx, as the bench itself runs). */
import { Worker } from 'node:worker_threads'

import type { SandboxOptions } from '../../src/sandbox/index.ts'

export interface ThreadedSandbox {
  url: string
  stop(): Promise<void>
}

export async function startThreadedSandbox(options: SandboxOptions): Promise<ThreadedSandbox> {
  // A worker's entry is loaded before any --import hook: a plain-JS entry loads the TypeScript one
  // through tsx's API.
  const entry = new URL('./sandboxThread.ts', import.meta.url).href
  const source = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`
  const worker = new Worker(source, { eval: true, workerData: options })
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (m: { url: string }) => resolve(m.url))
    worker.once('error', reject)
  })
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      worker.postMessage('stop')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      await worker.terminate()
    },
  }
}
