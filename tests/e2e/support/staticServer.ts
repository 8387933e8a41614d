/**
 * A static server for two builds of the app on one origin, for the update flow: the test serves one
 * build, then switches to the other, as a host does on a deploy. Binds 127.0.0.1 on a free port.
 */
import { cp, readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { mkdtemp } from 'node:fs/promises'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
}

/** The server, the folder it serves now, and how to stop it. */
export interface BuildServer {
  url: string
  serve(root: string): void
  close(): Promise<void>
}

/** Serves `root` (switchable) at http://127.0.0.1:PORT; unknown paths get index.html, as a SPA host. */
export async function serveBuild(root: string): Promise<BuildServer> {
  let current = root
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(current, path === '/' ? 'index.html' : path)
    readFile(file)
      .catch(() => readFile(join(current, 'index.html')))
      .then((body) => {
        const type = TYPES[extname(file)] ?? 'text/html; charset=utf-8'
        // As a host serves a service worker: never from the HTTP cache, so updates are seen.
        response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' })
        response.end(body)
      })
      .catch(() => {
        response.writeHead(404)
        response.end()
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    serve: (next) => {
      current = next
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Two copies of the e2e build: `first` as built, `second` a later deploy of it, whose index.html
 * carries `<meta name="app-build" content="second">` and whose service worker precaches that page
 * under a new revision (so the browser sees a new service worker, as after a real deploy).
 */
export async function twoBuilds(built: string): Promise<{ first: string; second: string }> {
  const base = await mkdtemp(join(tmpdir(), 'nft-builds-'))
  const first = join(base, 'first')
  const second = join(base, 'second')
  await cp(built, first, { recursive: true })
  await cp(built, second, { recursive: true })
  const html = join(second, 'index.html')
  const page = await readFile(html, 'utf8')
  await writeFile(html, page.replace('<head>', '<head><meta name="app-build" content="second">'))
  const sw = join(second, 'sw.js')
  const worker = await readFile(sw, 'utf8')
  const revised = worker.replace(
    /(url:\s*"index\.html",\s*revision:\s*")([0-9a-f]+)(")/,
    (_all, head: string, revision: string, tail: string) => `${head}${revision}2${tail}`,
  )
  if (revised === worker) throw new Error('index.html not found in the precache list of sw.js')
  await writeFile(sw, revised)
  return { first, second }
}
