#!/usr/bin/env node
/**
 * @module cli/main
 * The `merchant-gateway-mock` program. Parses the command line; runs `verify` (cli/verify.ts), or starts the
 * server and stops it
 * cleanly on SIGINT (Ctrl-C) and SIGTERM (a process manager, `docker stop`, a test's `kill()`), and when
 * the process that started it is gone (launcher-watch.ts: npx does not pass a SIGTERM on to it), unless
 * `--keep-running`.
 */
import { readFileSync } from 'node:fs'
import { parseCli } from './args.js'
import { watchLaunchers } from './launcher-watch.js'
import { serve, serveFailure } from './serve.js'
import { verify } from './verify.js'

const out = (line: string) => process.stdout.write(`${line}\n`)
const args = parseCli(process.argv.slice(2), version())

if (args.command === 'exit') {
  ;(args.status === 0 ? process.stdout : process.stderr).write(`${args.text}\n`)
  process.exitCode = args.status
} else if (args.command === 'verify') {
  // The first Ctrl-C or SIGTERM lets the request in flight finish and cancels the orders made; a second one
  // ends the process at once.
  const stop = new AbortController()
  // The orders made at the target and not yet cancelled: named if a second signal ends the run at once.
  const open = new Set<string>()
  const onOrder = (orderId: string, event: 'made' | 'cancelled') =>
    event === 'made' ? open.add(orderId) : open.delete(orderId)
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) {
      if (open.size > 0)
        process.stderr.write(
          `merchant-gateway-mock verify: stopped at once; orders left open at the target: ${[...open].join(', ')} ` +
            '(cancel them with POST /api/v1/payment-gateway/order/cancel)\n',
        )
      process.exit(signal === 'SIGTERM' ? 143 : 130)
    }
    process.stderr.write(`merchant-gateway-mock verify: ${signal}: stopping, then cancelling the orders it made\n`)
    stop.abort(signal)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  try {
    const io = { out, err: (line: string) => process.stderr.write(`${line}\n`) }
    process.exitCode = await verify(args, io, stop.signal, onOrder)
  } catch (error) {
    process.stderr.write(`merchant-gateway-mock verify: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  }
} else {
  try {
    const server = await serve(args, { out })
    let stopping = false
    const stop = (reason: string) => {
      if (stopping) return
      stopping = true
      out(`${reason}: stopping`)
      server.close().then(
        () => {
          out('stopped')
          // Exit now rather than wait for a webhook attempt still in flight (up to its timeout).
          process.exit(0)
        },
        (error: unknown) => {
          process.stderr.write(`merchant-gateway-mock: ${String(error)}\n`)
          process.exit(1)
        },
      )
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    if (!args.keepRunning) watchLaunchers(stop)
  } catch (error) {
    const { message, status } = serveFailure(error, args)
    process.stderr.write(`merchant-gateway-mock: ${message}\n`)
    process.exitCode = status
  }
}

/** The package's version, from its package.json (one level up from dist/, two from src/cli/). */
function version(): string {
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as {
        name?: string
        version?: string
      }
      if (pkg.name === '@merchant-gateway/mock' && pkg.version) return pkg.version
    } catch {
      // not this one
    }
  }
  return 'unknown'
}
