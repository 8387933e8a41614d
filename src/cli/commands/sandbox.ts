/**
 * `xnm sandbox [--port N] [--gateway-port N] [--close-ms N] [--state F]`: the local ledger with the demo
 * data, on 127.0.0.1, until stopped. It prints its URLs, the demo holder (whose wallet `--demo` uses)
 * and recipients that accept offers by themselves.
 */
import { AUTO_ACCEPT_COUNT, demoAccounts } from '../../sandbox/demo/accounts.ts'
import { startSandbox } from '../../sandbox/index.ts'
import type { CommandContext } from '../command.ts'
import { allowOnly, text, whole } from '../options.ts'

export async function sandboxCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, ['port', 'gateway-port', 'close-ms', 'state'])
  const state = text(ctx.parsed, 'state')
  const sb = await startSandbox({
    port: whole(ctx.parsed, 'port') ?? 6006,
    gatewayPort: whole(ctx.parsed, 'gateway-port') ?? 6007,
    closeMs: whole(ctx.parsed, 'close-ms') ?? 1000,
    expectedLedgerSize: 1000,
    demo: true,
    role: 'public',
    ...(state ? { stateFile: state } : {}),
  })
  const { holder, recipients } = demoAccounts()
  const accepting = recipients.slice(0, AUTO_ACCEPT_COUNT).map((r) => r.classicAddress)
  const { printer } = ctx
  printer.record('sandbox', {
    url: sb.url,
    gatewayUrl: sb.gateway?.url ?? null,
    holder: holder.classicAddress,
    recipients: accepting,
  })
  printer.line(`Sandbox ledger on ${sb.url}; metadata gateway on ${sb.gateway?.url ?? '(none)'}`)
  printer.line(`Demo holder ${holder.classicAddress}: use it with --demo (sandbox only)`)
  if (sb.port !== 6006) printer.line(`Point xnm at it: --endpoint ${sb.url}`)
  printer.line('Recipients that accept offers by themselves (a CSV to try):')
  printer.line('wallet_address,nft_amount')
  for (const address of accepting) printer.line(`${address},1`)
  printer.line('Ctrl-C stops it.')
  await new Promise<void>((done) => {
    if (ctx.signal.aborted) done()
    ctx.signal.addEventListener('abort', () => done(), { once: true })
  })
  await sb.stop()
  return 0
}
