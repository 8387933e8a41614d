/**
 * The README's headless script, as a developer runs it: copied out of the README, run by tsx in its
 * own Node process against a demo sandbox, it airdrops two NFTs, prints each item, and the process
 * exits by itself after `dispose()`.
 */
import { spawn } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'

const SCRIPT = resolve(`.readme-script-${process.pid}.ts`)
/** How long the script may take before it counts as hanging (a busy CI machine is slow to start tsx). */
const EXIT_WITHIN_MS = 90_000

let sb: Sandbox
let client: Client

beforeAll(async () => {
  sb = await startSandbox({ port: 0, closeMs: 250, demo: true, gatewayPort: 0 })
  client = new Client(sb.url)
  await client.connect()
})

afterAll(async () => {
  rmSync(SCRIPT, { force: true })
  await client.disconnect()
  await sb.stop()
})

/** The script between the README's markers. */
function readmeScript(): string {
  const readme = readFileSync('README.md', 'utf8')
  const block =
    /<!-- headless-script:start -->\s*```ts\n([\s\S]*?)```\s*<!-- headless-script:end -->/
  const code = block.exec(readme)?.[1]
  if (!code) throw new Error('README.md has no headless script between its markers')
  return code
}

/** Runs a file with tsx; resolves with its exit code and output, or null when it did not exit. */
function run(file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string; exited: boolean }>((done) => {
    const child = spawn(resolve('node_modules/.bin/tsx'), [file], {
      env: { ...process.env, ...env },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      done({ code: null, out, err, exited: false })
    }, EXIT_WITHIN_MS)
    child.on('exit', (code) => {
      clearTimeout(timer)
      done({ code, out, err, exited: true })
    })
  })
}

/** The holder's sell offers to each address, as the ledger has them. */
async function offersTo(addresses: readonly string[]): Promise<Map<string, string[]>> {
  const pages = await client.requestAll({
    command: 'account_objects',
    account: demoAccounts().holder.classicAddress,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  const offers = pages.flatMap(
    (page) =>
      page.result.account_objects as unknown as { Destination?: string; NFTokenID: string }[],
  )
  return new Map(
    addresses.map((a) => [a, offers.filter((o) => o.Destination === a).map((o) => o.NFTokenID)]),
  )
}

it('runs as the README shows: two offers made, each item printed, and the process exits by itself', async () => {
  writeFileSync(SCRIPT, readmeScript())
  const recipients = demoAccounts()
    .recipients.slice(10, 12)
    .map((w) => w.classicAddress)
  const before = await offersTo(recipients)

  const result = await run(SCRIPT, { SANDBOX_URL: sb.url })

  expect({ exited: result.exited, code: result.code }, result.err).toEqual({
    exited: true,
    code: 0,
  })
  expect(result.out).toContain('job completed, 2 of 2 offers made')
  const printed = result.out.split('\n').filter((line) => / succeeded [0-9A-F]{64}$/.test(line))
  expect(printed.map((line) => line.split(' ')[0])).toEqual(recipients)
  // The ledger agrees: one more offer to each recipient, on an NFT no earlier offer named.
  const after = await offersTo(recipients)
  for (const address of recipients) {
    const added = after.get(address)!.filter((id) => !before.get(address)!.includes(id))
    expect(added, address).toHaveLength(1)
  }
}, 120_000)
