/**
 * @module cli/serve-flags
 * The flags of `merchant-gateway-mock serve`, each declared once (cli/flags.ts): what it takes, its help, where
 * its value goes in {@link ServeArgs}, and the server option it sets (serve.ts starts the server with them).
 */
import { isIPv4, isIPv6 } from 'node:net'
import { DEFAULT_KEEP_ALIVE_SECONDS, DEFAULT_SESSION_LIMITS, MAX_KEEP_ALIVE_SECONDS } from '../adapters/http-server.js'
import type { SessionLimits } from '../adapters/sessions/registry.js'
import type { RetentionOptions } from '../options.js'
import { helpAndVersion, httpUrl, isoDate, matching, refuse, wholeNumber, type Flag, type FlagRule } from './flags.js'

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
  /** A file of a saved state to start from instead of the demo merchant (`--state`). */
  state: string | undefined
  /** No log line per request. */
  quiet: boolean
  /** Keep serving when the process that started it is gone (`--keep-running`); signals still stop it. */
  keepRunning: boolean
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
  /** `--keep-records-seconds`: finished orders and payouts forgotten this long after their last move. */
  keepRecordsSeconds: number | undefined
  /** `--otp-dev-code`: a fixed one-time code verify-otp accepts besides the one sent, as development services do. */
  otpDevCode: string | undefined
  /**
   * `--session-idle-seconds`, `--max-sessions`, `--max-session-memory-mb`: the sessions' limits given; undefined:
   * the server's defaults.
   */
  sessions: Partial<SessionLimits> | undefined
  /** `--keep-alive-seconds`: how long an idle kept-alive connection stays open. */
  keepAliveSeconds: number
}

/**
 * An interface to listen on: an IP address or a host name. An address-like value that is not one
 * (`999.1.1.1`) is refused here rather than by the resolver when the server starts.
 */
function readHost(value: string): string {
  const bare = value.replace(/^\[(.*)\]$/, '$1')
  const name = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
  const numeric = /^[\d.]+$/.test(bare)
  if (isIPv4(bare) || isIPv6(bare) || (!numeric && name.test(bare))) return value
  return refuse(
    `--host must be an address of this machine (127.0.0.1, ::1, 0.0.0.0 for every interface) or a host name, ` +
      `got ${JSON.stringify(value)}`,
  )
}

/**
 * The flags of `merchant-gateway-mock serve`, in the order `--help` lists them; serve.ts takes the server's
 * options from them.
 *
 * @example
 * ```ts
 * SERVE_FLAGS.find((flag) => flag.name === 'port')?.option // 'port'
 * ```
 */
export const SERVE_FLAGS: readonly Flag<ServeArgs>[] = [
  {
    name: 'port',
    short: 'p',
    kind: 'string',
    value: '<n>',
    example: '4010',
    help: ['port to listen on, 0 to 65535 (default 4010; 0 picks a free one)'],
    to: 'port',
    default: 4010,
    read: (value) =>
      /^\d+$/.test(value) && Number(value) <= 65535
        ? Number(value)
        : refuse(`--port must be an integer from 0 to 65535, got ${JSON.stringify(value)}`),
    option: 'port',
  },
  {
    name: 'host',
    kind: 'string',
    value: '<addr>',
    example: '127.0.0.1',
    help: [
      'interface to listen on (default 127.0.0.1); 0.0.0.0 (or ::) listens on',
      "every interface, for other machines: the banner prints this machine's",
      'addresses, and the control API then needs a token',
    ],
    to: 'host',
    default: '127.0.0.1',
    read: readHost,
    option: 'host',
  },
  {
    name: 'now',
    kind: 'string',
    value: '<iso>',
    example: '2026-11-02T09:00:00Z',
    help: [
      'start the mock clock at this time, with Z or an offset such as +07:00,',
      'or at a date alone, UTC midnight (default: the real time)',
    ],
    to: 'now',
    read: isoDate('now'),
    option: 'clock.now',
    session: 'now',
  },
  {
    name: 'frozen',
    kind: 'boolean',
    help: ['the clock stands still; move it with POST /__mock/clock'],
    to: 'frozen',
    option: 'clock.frozen',
    session: 'frozen',
  },
  {
    name: 'webhook-url',
    kind: 'string',
    value: '<u>',
    example: 'http://127.0.0.1:3000/webhooks',
    help: ["where the demo merchant's webhooks are POSTed"],
    to: 'webhookUrl',
    read: httpUrl('webhook-url'),
    // The demo merchant's (serve.ts): no option of its own.
    session: 'webhookUrl',
  },
  {
    name: 'state',
    kind: 'string',
    value: '<file>',
    example: 'scenario.json',
    help: [
      'start from a saved state instead of the demo merchant: a file of',
      "GET /__mock/snapshot (the inspector's Save state); its merchants, clock and",
      'records, checked whole (a refused file exits 2, naming the field);',
      'POST /__mock/reset goes back to it. Not with --now, --frozen, --webhook-url',
    ],
    to: 'state',
    // Read from the file by serve.ts, which names the file in what it refuses.
    session: 'state',
  },
  {
    name: 'allow-origin',
    kind: 'strings',
    value: '<o>',
    example: 'http://localhost:5173',
    help: [
      'a web origin (http://localhost:5173) whose pages may call the control API;',
      "repeatable; '*' allows any (default: none but the server's own pages)",
    ],
    to: 'allowOrigins',
    read: (value) =>
      value === '*' || /^https?:\/\/[^\s/]+$/.test(value)
        ? value
        : refuse(
            `--allow-origin must be an origin such as http://localhost:5173 (no path), got ${JSON.stringify(value)}`,
          ),
    option: 'allowedOrigins',
  },
  {
    name: 'allow-host',
    kind: 'strings',
    value: '<h>',
    example: 'mybox.local',
    help: [
      'a host name (mybox.local) the control API answers besides loopback names',
      'and the addresses it listens on; other names are refused (DNS rebinding',
      'protection); repeatable',
    ],
    to: 'allowHosts',
    read: matching(
      /^[\w.-]+$/,
      (value) => `--allow-host must be a host name such as mock.test, got ${JSON.stringify(value)}`,
    ),
    option: 'allowedHosts',
  },
  {
    name: 'control-token',
    kind: 'string',
    value: '<t>',
    example: '<8 to 200 printable characters>',
    help: [
      'the control API needs Authorization: Bearer <t>; 8 to 200 printable',
      'characters, no spaces (made up and printed when --host is not loopback)',
    ],
    to: 'controlToken',
    // What was wrong with it, never the token itself.
    read: (value) =>
      /^[\x21-\x7e]{8,200}$/.test(value)
        ? value
        : refuse(
            '--control-token must be 8 to 200 printable characters without spaces, ' +
              (/^[\x21-\x7e]*$/.test(value)
                ? `got ${value.length} character(s)`
                : 'got a space or a character that is not printable ASCII'),
          ),
    option: 'controlToken',
  },
  {
    name: 'otp-dev-code',
    kind: 'string',
    value: '<c>',
    example: '000000',
    help: [
      'a fixed one-time code (6 digits) verify-otp accepts besides the one sent,',
      "as the service's development environments do (default: none)",
    ],
    to: 'otpDevCode',
    read: matching(/^\d{6}$/, (value) => `--otp-dev-code must be 6 digits, got ${JSON.stringify(value)}`),
    option: 'otpDevCode',
    session: 'otpDevCode',
  },
  {
    name: 'keep-alive-seconds',
    kind: 'string',
    value: '<s>',
    example: String(DEFAULT_KEEP_ALIVE_SECONDS),
    help: [
      `how long an idle kept-alive connection stays open, 1 to ${MAX_KEEP_ALIVE_SECONDS} seconds`,
      `(default ${DEFAULT_KEEP_ALIVE_SECONDS}): longer than clients' pools keep a socket, so that`,
      'none reuses one the server is closing (ECONNRESET)',
    ],
    to: 'keepAliveSeconds',
    default: DEFAULT_KEEP_ALIVE_SECONDS,
    read: wholeNumber('keep-alive-seconds', 1, MAX_KEEP_ALIVE_SECONDS),
    option: 'keepAliveSeconds',
  },
  {
    name: 'keep-requests',
    section: 'history',
    kind: 'string',
    value: '<n>',
    example: '1000',
    help: [
      'requests in GET /__mock/requests (default 1000); 0 keeps none',
      '(with --quiet: a server tuned for a load test)',
    ],
    to: 'requestLogLimit',
    read: wholeNumber('keep-requests', 0),
    option: 'requestLogLimit',
    session: 'requestLogLimit',
  },
  {
    name: 'keep-webhooks',
    section: 'history',
    kind: 'string',
    value: '<n>',
    example: '1000',
    help: ['finished webhooks in GET /__mock/webhooks (default 1000)'],
    to: 'retention.webhooks.max',
    read: wholeNumber('keep-webhooks', 0),
    option: 'retention.webhooks.max',
    session: 'retention.webhooks.max',
  },
  {
    name: 'keep-webhooks-seconds',
    section: 'history',
    kind: 'string',
    value: '<s>',
    example: '604800',
    help: ['... and none finished longer ago than this (default 604800, a week)'],
    to: 'retention.webhooks.maxAgeSeconds',
    read: wholeNumber('keep-webhooks-seconds', 0),
    option: 'retention.webhooks.maxAgeSeconds',
    session: 'retention.webhooks.maxAgeSeconds',
  },
  {
    name: 'keep-codes',
    section: 'history',
    kind: 'string',
    value: '<n>',
    example: '1000',
    help: ['one-time codes in GET /__mock/otp (default 1000)'],
    to: 'retention.outbox.max',
    read: wholeNumber('keep-codes', 0),
    option: 'retention.outbox.max',
    session: 'retention.outbox.max',
  },
  {
    name: 'keep-codes-seconds',
    section: 'history',
    kind: 'string',
    value: '<s>',
    example: '604800',
    help: ['... and none sent longer ago than this (default 604800, a week)'],
    to: 'retention.outbox.maxAgeSeconds',
    read: wholeNumber('keep-codes-seconds', 0),
    option: 'retention.outbox.maxAgeSeconds',
    session: 'retention.outbox.maxAgeSeconds',
  },
  {
    name: 'keep-expired-qr-seconds',
    section: 'history',
    kind: 'string',
    value: '<s>',
    example: '86400',
    help: [
      'how long an unpaid stand-alone QR code is known after its 30',
      'minutes, then it answers 404 (default 86400, a day)',
    ],
    to: 'retention.expiredQrCodeSeconds',
    read: wholeNumber('keep-expired-qr-seconds', 0),
    option: 'retention.expiredQrCodeSeconds',
    session: 'retention.expiredQrCodeSeconds',
  },
  {
    name: 'keep-records-seconds',
    section: 'history',
    kind: 'string',
    value: '<s>',
    example: '3600',
    help: [
      'forget an order and its transactions (or a payout) this long after',
      'it finished (completed or cancelled, every transaction final):',
      'then it answers 404; balances never change (default: kept for ever)',
    ],
    to: 'keepRecordsSeconds',
    read: wholeNumber('keep-records-seconds', 1),
    option: 'keepRecordsSeconds',
    session: 'keepRecordsSeconds',
  },
  {
    name: 'session-idle-seconds',
    section: 'sessions',
    kind: 'string',
    value: '<s>',
    example: '1800',
    help: [
      'a session without a request this long (real seconds) ends; 0: never',
      `(default ${DEFAULT_SESSION_LIMITS.idleSeconds}, 30 minutes)`,
    ],
    to: 'sessions.idleSeconds',
    read: wholeNumber('session-idle-seconds', 0),
    option: 'sessions.idleSeconds',
  },
  {
    name: 'max-sessions',
    section: 'sessions',
    kind: 'string',
    value: '<n>',
    example: '100',
    help: [`sessions alive at once; one more is refused 429 (default ${DEFAULT_SESSION_LIMITS.max})`],
    to: 'sessions.max',
    read: wholeNumber('max-sessions', 0),
    option: 'sessions.max',
  },
  {
    name: 'max-session-memory-mb',
    section: 'sessions',
    kind: 'string',
    value: '<mb>',
    example: '256',
    help: [
      'the memory the sessions may hold together, estimated from their',
      `records; a session past it is refused 429 (default ${DEFAULT_SESSION_LIMITS.maxMemoryMb})`,
    ],
    to: 'sessions.maxMemoryMb',
    read: wholeNumber('max-session-memory-mb', 1),
    option: 'sessions.maxMemoryMb',
  },
  {
    name: 'quiet',
    short: 'q',
    kind: 'boolean',
    help: ['no log line per request'],
    to: 'quiet',
    // No log function (serve.ts).
  },
  {
    name: 'keep-running',
    kind: 'boolean',
    help: [
      'keep serving when the process that started it is gone (nohup, or',
      '`merchant-gateway-mock serve &` in a shell that then exits; under npx the',
      'watch stops at npm, which outlives the shell); Ctrl-C and SIGTERM still stop it',
    ],
    to: 'keepRunning',
    // The process's, not the server's (main.ts).
  },
  ...helpAndVersion<ServeArgs>(),
]

/**
 * The rules between serve's flags.
 *
 * @example
 * ```ts
 * SERVE_RULES.map((rule) => rule(args, given)).find(Boolean) // the first broken, if any
 * ```
 */
export const SERVE_RULES: readonly FlagRule<ServeArgs>[] = [
  (_args, given) => {
    const beside = ['now', 'frozen', 'webhook-url'].filter((flag) => given.has(flag))
    if (!given.has('state') || beside.length === 0) return undefined
    return (
      `--state holds the clock and the merchants: ${beside.map((f) => `--${f}`).join(' and ')} cannot be ` +
      'given with it (move the clock with POST /__mock/clock, set a webhook URL with PATCH /__mock/merchants/{id})'
    )
  },
]
