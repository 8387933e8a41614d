/**
 * The `xnm` process: runs the command line, turns Ctrl-C, SIGTERM and SIGHUP (a closed terminal) into
 * a pause (a second one stops at once: the store is durable, `xnm job start ID` goes on), and exits
 * with the command's code.
 */
import { runCli } from './main.ts'
import { EXIT } from './options.ts'
import { processIo } from './output.ts'

const stop = new AbortController()
const onSignal = () => {
  if (stop.signal.aborted) process.exit(EXIT.interrupted)
  stop.abort()
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)
// A closed terminal (an SSH session that dropped) pauses too.
process.on('SIGHUP', onSignal)

const code = await runCli(process.argv.slice(2), processIo(), process.env, stop.signal)
process.exit(code)
