/**
 * @module cli/args
 * The command line of `merchant-gateway-mock`: parsed and checked here, so that a wrong flag is a
 * one-line message and exit status 2, never a stack trace.
 */
import { parseArgs } from 'node:util'
import type { RetentionOptions } from '../options.js'

/**
 * What `serve` was asked to do.
 *
 * @example
 * ```ts
 * const args = parseCli(['serve', '--port', '0', '--now', '2026-11-02T09:00:00Z'])
 * if (args.command === 'serve') args.port // 0
 * ```
 */
export interface ServeArgs {
  command: 'serve'
  port: number
  host: string
  /** ISO 8601 start of the mock clock; undefined: the real time. */
  now: string | undefined
  /** The clock stands still between control calls instead of running with real time. */
  frozen: boolean
  /** Webhook URL of the demo merchant. */
  webhookUrl: string | undefined
  /** No log line per request. */
  quiet: boolean
  /** Origins whose pages may call the control API. */
  allowOrigins: string[]
  /** Host names the control API answers besides loopback names and the bound address. */
  allowHosts: string[]
  /** The control API's token, if one was given. */
  controlToken: string | undefined
  /** How many requests the log keeps (`--keep-requests`); undefined: the default. */
  requestLogLimit: number | undefined
  /** History and expired records kept (`--keep-webhooks`, `--keep-codes`, ...); undefined: the defaults. */
  retention: RetentionOptions | undefined
}

/**
 * The outcome of parsing: a command to run, or text to print and an exit status.
 *
 * @example
 * ```ts
 * const parsed: CliArgs = parseCli(['--help'])
 * if (parsed.command === 'exit') console.log(parsed.text) // the usage, status 0
 * ```
 */
export type CliArgs = ServeArgs | { command: 'exit'; status: 0 | 2; text: string }

/** The usage text `--help` prints. */
export const USAGE = `Usage: merchant-gateway-mock [serve] [options]

Starts the merchant gateway mock as an HTTP server on 127.0.0.1, with a demo merchant whose
credentials are printed, the service's routes at /api/v1/... and the control API at /__mock.

Options:
  -p, --port <n>         port to listen on (default 4010; 0 picks a free one)
      --host <addr>      interface to listen on (default 127.0.0.1)
      --now <iso>        start the mock clock at this date (default: the real time)
      --frozen           the clock stands still; move it with POST /__mock/clock
      --webhook-url <u>  where the demo merchant's webhooks are POSTed
      --allow-origin <o> a web origin (http://localhost:5173) whose pages may call the control API;
                         repeatable; '*' allows any (default: none but the server's own pages)
      --allow-host <h>   a host name the control API answers besides localhost and the bound
                         address (DNS rebinding protection); repeatable
      --control-token <t>
                         the control API needs Authorization: Bearer <t> (made up and printed when
                         --host is not a loopback address)
  A long-running server keeps bounded history (orders, transactions and balances are never dropped):
      --keep-requests <n>          requests in GET /__mock/requests (default 1000)
      --keep-webhooks <n>          finished webhooks in GET /__mock/webhooks (default 1000)
      --keep-webhooks-seconds <s>  ... and none finished longer ago than this (default 604800, a week)
      --keep-codes <n>             one-time codes in GET /__mock/otp (default 1000)
      --keep-codes-seconds <s>     ... and none sent longer ago than this (default 604800, a week)
      --keep-expired-qr-seconds <s>
                                   how long an unpaid stand-alone QR code is known after its 30
                                   minutes, then it answers 404 (default 86400, a day)
  -q, --quiet            no log line per request
  -h, --help             this text
  -v, --version          the version`

/**
 * Parses the arguments after the program name.
 *
 * @example
 * ```ts
 * // { command: 'exit', status: 2, text: '--port must be an integer from 0 to 65535, got "abc"' }
 * parseCli(['--port', 'abc'])
 * ```
 */
export function parseCli(argv: readonly string[], version = '0.0.0'): CliArgs {
  let parsed: ReturnType<typeof parseServe>
  try {
    parsed = parseServe(argv)
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error))
  }
  const { values, positionals } = parsed
  if (values.help) return { command: 'exit', status: 0, text: USAGE }
  if (values.version) return { command: 'exit', status: 0, text: version }
  const [command = 'serve', ...extra] = positionals
  if (command !== 'serve') return usageError(`unknown command ${JSON.stringify(command)}`)
  if (extra.length > 0) return usageError(`unexpected argument ${JSON.stringify(extra[0])}`)

  const port = values.port === undefined ? 4010 : Number(values.port)
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || port > 65535)) {
    return usageError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(values.port)}`)
  }
  if (values.now !== undefined && !Number.isFinite(Date.parse(values.now))) {
    return usageError(`--now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got ${JSON.stringify(values.now)}`)
  }
  if (values['webhook-url'] !== undefined && !/^https?:\/\/[^\s]+$/.test(values['webhook-url'])) {
    return usageError(`--webhook-url must be an http(s) URL, got ${JSON.stringify(values['webhook-url'])}`)
  }
  const allowOrigins = values['allow-origin'] ?? []
  const badOrigin = allowOrigins.find((o) => o !== '*' && !/^https?:\/\/[^\s/]+$/.test(o))
  if (badOrigin !== undefined)
    return usageError(
      `--allow-origin must be an origin such as http://localhost:5173 (no path), got ${JSON.stringify(badOrigin)}`,
    )
  const allowHosts = values['allow-host'] ?? []
  const badHost = allowHosts.find((h) => !/^[\w.-]+$/.test(h))
  if (badHost !== undefined)
    return usageError(`--allow-host must be a host name such as mock.test, got ${JSON.stringify(badHost)}`)
  const controlToken = values['control-token']
  if (controlToken !== undefined && !/^[\x21-\x7e]{8,200}$/.test(controlToken)) {
    return usageError('--control-token must be 8 to 200 printable characters without spaces')
  }
  const counts: Record<string, number> = {}
  for (const flag of KEEP_FLAGS) {
    const value = values[flag]
    if (value === undefined) continue
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
      return usageError(`--${flag} must be a whole number >= 0, got ${JSON.stringify(value)}`)
    counts[flag] = Number(value)
  }
  const history = (max: string, seconds: string) =>
    counts[max] === undefined && counts[seconds] === undefined
      ? undefined
      : {
          ...(counts[max] !== undefined ? { max: counts[max] } : {}),
          ...(counts[seconds] !== undefined ? { maxAgeSeconds: counts[seconds] } : {}),
        }
  const webhooks = history('keep-webhooks', 'keep-webhooks-seconds')
  const outbox = history('keep-codes', 'keep-codes-seconds')
  const expiredQr = counts['keep-expired-qr-seconds']
  const retention: RetentionOptions | undefined =
    webhooks === undefined && outbox === undefined && expiredQr === undefined
      ? undefined
      : {
          ...(webhooks ? { webhooks } : {}),
          ...(outbox ? { outbox } : {}),
          ...(expiredQr !== undefined ? { expiredQrCodeSeconds: expiredQr } : {}),
        }
  return {
    command: 'serve',
    port,
    host: values.host ?? '127.0.0.1',
    now: values.now,
    frozen: values.frozen ?? false,
    webhookUrl: values['webhook-url'],
    quiet: values.quiet ?? false,
    allowOrigins,
    allowHosts,
    controlToken,
    requestLogLimit: counts['keep-requests'],
    retention,
  }
}

/** The options `parseArgs` knows: the flags of `merchant-gateway-mock serve`. */
const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  now: { type: 'string' },
  frozen: { type: 'boolean' },
  'webhook-url': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'allow-origin': { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
  'control-token': { type: 'string' },
  'keep-requests': { type: 'string' },
  'keep-webhooks': { type: 'string' },
  'keep-webhooks-seconds': { type: 'string' },
  'keep-codes': { type: 'string' },
  'keep-codes-seconds': { type: 'string' },
  'keep-expired-qr-seconds': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

/**
 * Every long flag the CLI takes, as typed on the command line (the README and `--help` list each).
 *
 * @example
 * ```ts
 * CLI_FLAGS.includes('--port') // true
 * ```
 */
export const CLI_FLAGS: readonly string[] = Object.keys(OPTIONS).map((name) => `--${name}`)

/** The retention flags: each takes a whole number. */
const KEEP_FLAGS = [
  'keep-requests',
  'keep-webhooks',
  'keep-webhooks-seconds',
  'keep-codes',
  'keep-codes-seconds',
  'keep-expired-qr-seconds',
] as const

function parseServe(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS })
}

function usageError(message: string): CliArgs {
  return { command: 'exit', status: 2, text: `merchant-gateway-mock: ${message}\nRun with --help for the options.` }
}
