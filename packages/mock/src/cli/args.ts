/**
 * @module cli/args
 * The command line of `merchant-gateway-mock`: parsed and checked here, so that a wrong flag is a
 * one-line message and exit status 2, never a stack trace.
 */
import { parseArgs } from 'node:util'
import type { RetentionOptions } from '../options.js'
import { isEmail } from '../domain/users.js'

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
export type CliArgs = ServeArgs | VerifyArgs | { command: 'exit'; status: 0 | 2; text: string }

/**
 * What `verify` was asked to do.
 *
 * @example
 * ```ts
 * const args = parseCli(['verify', '--base-url', 'http://127.0.0.1:4010', '--api-key', 'k', '--api-secret', 's'])
 * if (args.command === 'verify') args.baseUrl // 'http://127.0.0.1:4010'
 * ```
 */
export interface VerifyArgs {
  command: 'verify'
  baseUrl: string
  apiKey: string
  apiSecret: string
  /** A signed-in user's access token: the PIN module's checks run. */
  bearer: string | undefined
  /** That user's PIN, or the PIN to set when the user has none: set, verify and change run. */
  pin: string | undefined
  /** That user's verified e-mail address: forgot-pin and verify-otp run. */
  email: string | undefined
  /** The target's fixed development one-time code: verify-otp and reset-pin run to the end. */
  otp: string | undefined
  /** A paid order of the target and its transaction (ids from its webhook): read, and refunded with --money. */
  paid: { orderId: string; transactionId: string } | undefined
  /** Refund and payout of the smallest amount. */
  money: boolean
  /** The account a payout of the smallest amount goes to (needed with --money). */
  payoutAccount: string | undefined
  /** The in-process mock's clock; undefined: the target's Date header. */
  now: string | undefined
  /** How long one request to the target may take, in seconds (`--timeout`, default 30). */
  timeoutSeconds: number
  /** The report as JSON on standard output. */
  json: boolean
  /** `--strict`: a field the target adds that the contract does not document is drift, not a note. */
  strict: boolean | undefined
}

/**
 * Where the mock server's documentation is: a page of the repository, since the installed package ships
 * its code, not the repository's docs/ folder.
 *
 * @example
 * ```ts
 * console.log(`docs: ${DOCS_URL}`)
 * ```
 */
export const DOCS_URL = 'https://github.com/merchant-gateway/merchant-gateway/blob/main/docs/mock-server.md'

/**
 * The usage text `--help` prints.
 *
 * @example
 * ```ts
 * process.stdout.write(`${USAGE}\n`)
 * ```
 */
export const USAGE = `Usage: merchant-gateway-mock [serve] [options]
       merchant-gateway-mock verify --base-url <url> --api-key <k> --api-secret <s> [options]

serve (the default) starts the merchant gateway mock as an HTTP server on 127.0.0.1, with a demo
merchant whose credentials are printed, the service's routes at /api/v1/... and the control API
at /__mock. verify checks a gateway (your sandbox) against the mock, for drift: see
merchant-gateway-mock verify --help. The options below are serve's.

Options:
  -p, --port <n>         port to listen on, 0 to 65535 (default 4010; 0 picks a free one)
      --host <addr>      interface to listen on (default 127.0.0.1); 0.0.0.0 (or ::) listens on
                         every interface, for other machines: the banner prints this machine's
                         addresses, and the control API then needs a token
      --now <iso>        start the mock clock at this date (default: the real time)
      --frozen           the clock stands still; move it with POST /__mock/clock
      --webhook-url <u>  where the demo merchant's webhooks are POSTed
      --state <file>     start from a saved state instead of the demo merchant: a file of
                         GET /__mock/snapshot (the inspector's Save state); its merchants, clock and
                         records, checked whole (a refused file exits 2, naming the field);
                         POST /__mock/reset goes back to it. Not with --now, --frozen, --webhook-url
      --allow-origin <o> a web origin (http://localhost:5173) whose pages may call the control API;
                         repeatable; '*' allows any (default: none but the server's own pages)
      --allow-host <h>   a host name (mybox.local) the control API answers besides loopback names
                         and the addresses it listens on; other names are refused (DNS rebinding
                         protection); repeatable
      --control-token <t>
                         the control API needs Authorization: Bearer <t>; 8 to 200 printable
                         characters, no spaces (made up and printed when --host is not loopback)
      --otp-dev-code <c> a fixed one-time code (6 digits) verify-otp accepts besides the one sent,
                         as the service's development environments do (default: none)
  A long-running server keeps bounded history (orders and transactions are kept unless
  --keep-records-seconds; balances never change):
      --keep-requests <n>          requests in GET /__mock/requests (default 1000)
      --keep-webhooks <n>          finished webhooks in GET /__mock/webhooks (default 1000)
      --keep-webhooks-seconds <s>  ... and none finished longer ago than this (default 604800, a week)
      --keep-codes <n>             one-time codes in GET /__mock/otp (default 1000)
      --keep-codes-seconds <s>     ... and none sent longer ago than this (default 604800, a week)
      --keep-expired-qr-seconds <s>
                                   how long an unpaid stand-alone QR code is known after its 30
                                   minutes, then it answers 404 (default 86400, a day)
      --keep-records-seconds <s>
                                   forget an order and its transactions (or a payout) this long after
                                   it finished (completed or cancelled, every transaction final):
                                   then it answers 404; balances never change (default: kept for ever)
  -q, --quiet            no log line per request
      --keep-running     keep serving when the process that started it is gone (nohup, or
                         \`merchant-gateway-mock serve &\` in a shell that then exits; under npx the
                         watch stops at npm, which outlives the shell); Ctrl-C and SIGTERM still stop it
  -h, --help             this text
  -v, --version          the version

The server stops on Ctrl-C, on SIGTERM, and when the process that started it is gone (unless
--keep-running).

Examples:
  merchant-gateway-mock serve
      127.0.0.1:4010, the real time, one log line per request
  merchant-gateway-mock serve --port 0 --quiet
      a free port: read it from the first line, "listening on http://127.0.0.1:<port>"
  merchant-gateway-mock serve --now 2026-11-02T09:00:00Z --frozen
      a fixed date; move the clock with POST /__mock/clock
  merchant-gateway-mock serve --webhook-url http://127.0.0.1:3000/webhooks
      the demo merchant's webhooks POSTed to your receiver
  merchant-gateway-mock serve --state scenario.json
      the merchants, orders, users and clock saved in scenario.json (the banner prints the keys)
  merchant-gateway-mock serve --host 0.0.0.0 --allow-host mybox.local
      reachable from other machines, by address or as mybox.local (a token is printed)

Docs: ${DOCS_URL}`

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
  if (argv[0] === 'verify') return parseVerify(argv.slice(1), version)
  let parsed: ReturnType<typeof parseServe>
  try {
    const checked = checkOptions(argv)
    if (typeof checked === 'string') return usageError(checked)
    parsed = parseServe(checked)
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
  // Date.parse alone takes `1` or `-1` as years: a date must start as ISO 8601 does.
  if (values.now !== undefined && !(/^\d{4}-\d\d-\d\d/.test(values.now) && Number.isFinite(Date.parse(values.now)))) {
    return usageError(`--now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got ${JSON.stringify(values.now)}`)
  }
  if (values['webhook-url'] !== undefined && !/^https?:\/\/[^\s]+$/.test(values['webhook-url'])) {
    return usageError(`--webhook-url must be an http(s) URL, got ${JSON.stringify(values['webhook-url'])}`)
  }
  if (values.state !== undefined) {
    const beside = (['now', 'frozen', 'webhook-url'] as const).filter((flag) => values[flag] !== undefined)
    if (beside.length > 0)
      return usageError(
        `--state holds the clock and the merchants: ${beside.map((f) => `--${f}`).join(' and ')} cannot be ` +
          'given with it (move the clock with POST /__mock/clock, set a webhook URL with PATCH /__mock/merchants/{id})',
      )
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
    // What was wrong with it, never the token itself.
    const got = /^[\x21-\x7e]*$/.test(controlToken)
      ? `got ${controlToken.length} character(s)`
      : 'got a space or a character that is not printable ASCII'
    return usageError(`--control-token must be 8 to 200 printable characters without spaces, ${got}`)
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
  const keepRecords = values['keep-records-seconds']
  if (
    keepRecords !== undefined &&
    !(/^\d+$/.test(keepRecords) && Number.isSafeInteger(Number(keepRecords)) && Number(keepRecords) >= 1)
  )
    return usageError(`--keep-records-seconds must be a whole number >= 1, got ${JSON.stringify(keepRecords)}`)
  const otpDevCode = values['otp-dev-code']
  if (otpDevCode !== undefined && !/^\d{6}$/.test(otpDevCode))
    return usageError(`--otp-dev-code must be 6 digits, got ${JSON.stringify(otpDevCode)}`)
  return {
    command: 'serve',
    port,
    host: values.host ?? '127.0.0.1',
    now: values.now,
    frozen: values.frozen ?? false,
    webhookUrl: values['webhook-url'],
    state: values.state,
    quiet: values.quiet ?? false,
    keepRunning: values['keep-running'] ?? false,
    allowOrigins,
    allowHosts,
    controlToken,
    requestLogLimit: counts['keep-requests'],
    retention,
    keepRecordsSeconds: keepRecords === undefined ? undefined : Number(keepRecords),
    otpDevCode,
  }
}

/** The options `parseArgs` knows: the flags of `merchant-gateway-mock serve`. */
const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  now: { type: 'string' },
  frozen: { type: 'boolean' },
  'webhook-url': { type: 'string' },
  state: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'keep-running': { type: 'boolean' },
  'allow-origin': { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
  'control-token': { type: 'string' },
  'keep-requests': { type: 'string' },
  'keep-webhooks': { type: 'string' },
  'keep-webhooks-seconds': { type: 'string' },
  'keep-codes': { type: 'string' },
  'keep-codes-seconds': { type: 'string' },
  'keep-expired-qr-seconds': { type: 'string' },
  'keep-records-seconds': { type: 'string' },
  'otp-dev-code': { type: 'string' },
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

/**
 * A first, lenient pass over the arguments: an option the CLI does not know is named, with the nearest
 * known one (`unknown option --prot; did you mean --port?`), rather than in `parseArgs`' own words; and a
 * negative number after an option, such as `-p -1`, is kept as the option's value (`--port=-1`), so that
 * the option's own check says what it takes instead of `parseArgs` calling the value ambiguous.
 * Returns the arguments for the strict pass, or the message of an unknown option.
 */
function checkOptions(argv: readonly string[], options: OptionTable = OPTIONS): string[] | string {
  const { tokens } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: false,
    tokens: true,
    options,
  })
  const args = [...argv]
  // From the end, so that joining an option and its value does not move the indexes still to visit.
  for (const token of [...tokens].reverse()) {
    if (token.kind !== 'option') continue
    if (!Object.hasOwn(options, token.name)) return unknownOption(token.rawName, options)
    const value = token.value
    // An option that takes a value, given none (`-p` at the end, `--now --frozen`): said in the CLI's words,
    // with an example. A negative number is a value (`-p -1`), refused later by its own check.
    const missing = value === undefined || (!token.inlineValue && value.startsWith('-') && !/^-\d/.test(value))
    if (options[token.name]!.type === 'string' && missing)
      return `${token.rawName} needs a value, e.g. ${token.rawName} ${VALUE_EXAMPLES[token.name] ?? '<value>'}`
    // A lone option only (`-p -1`, `--port -1`): in a group of short flags (`-qp -1`) the value stays ambiguous.
    const lone = args[token.index] === token.rawName
    if (lone && token.inlineValue === false && value !== undefined && /^-\d/.test(value)) {
      args.splice(token.index, 2, `--${token.name}=${value}`)
    }
  }
  return args
}

/** A value of each option that takes one, for the message of an option given without its value. */
const VALUE_EXAMPLES: Readonly<Record<string, string>> = {
  port: '4010',
  host: '127.0.0.1',
  now: '2026-11-02T09:00:00Z',
  'webhook-url': 'http://127.0.0.1:3000/webhooks',
  state: 'scenario.json',
  'allow-origin': 'http://localhost:5173',
  'allow-host': 'mybox.local',
  'control-token': '<8 to 200 printable characters>',
  'keep-requests': '1000',
  'keep-webhooks': '1000',
  'keep-webhooks-seconds': '604800',
  'keep-codes': '1000',
  'keep-codes-seconds': '604800',
  'keep-expired-qr-seconds': '86400',
  'keep-records-seconds': '3600',
  'base-url': 'https://sandbox.example.com',
  'api-key': '<your sandbox API key>',
  'api-secret': '<your sandbox API secret>',
  bearer: "<a signed-in user's access token>",
  'payout-account': '100200300',
}

/** An option table as `parseArgs` takes it. */
type OptionTable = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>>

/** The message for an option the CLI does not know, with the nearest known one when one is close. */
function unknownOption(raw: string, options: OptionTable): string {
  const known = raw.startsWith('--')
    ? Object.keys(options).map((name) => `--${name}`)
    : Object.values(options).flatMap((option) => (option.short !== undefined ? [`-${option.short}`] : []))
  let nearest: string | undefined
  let best = Number.POSITIVE_INFINITY
  for (const flag of known) {
    const distance = editDistance(raw.toLowerCase(), flag)
    if (distance < best) [nearest, best] = [flag, distance]
  }
  // Close enough to be a typo: two edits in a long name, one in a short one (a swap counts as one); a
  // one-letter flag only in the other case (`-P`), since every letter is one edit from every other.
  const close = nearest !== undefined && best <= (raw.startsWith('--') ? (raw.length > 7 ? 2 : 1) : 0)
  return `unknown option ${raw}${close ? `; did you mean ${nearest}?` : ''}`
}

/**
 * The number of edits (insert, delete, replace, or swap of two neighbours) that turn `a` into `b`.
 *
 * @example
 * ```ts
 * editDistance('--prot', '--port') // 1
 * ```
 */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1)
      }
    }
  }
  return rows[a.length]![b.length]!
}

/** The options of `merchant-gateway-mock verify`. */
const VERIFY_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'api-secret': { type: 'string' },
  bearer: { type: 'string' },
  pin: { type: 'string' },
  email: { type: 'string' },
  otp: { type: 'string' },
  'paid-order': { type: 'string' },
  'paid-transaction': { type: 'string' },
  money: { type: 'boolean' },
  'payout-account': { type: 'string' },
  now: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

/**
 * The usage text of `merchant-gateway-mock verify --help`.
 *
 * @example
 * ```ts
 * process.stdout.write(`${VERIFY_USAGE}\n`)
 * ```
 */
export const VERIFY_USAGE = `Usage: merchant-gateway-mock verify --base-url <url> --api-key <k> --api-secret <s>
       [--paid-order <id> --paid-transaction <id>] [--money --payout-account <n>]
       [--bearer <token> [--pin <pin>] [--email <address>] [--otp <code>]]
       [--now <iso>] [--timeout <s>] [--json] [--strict]

Runs one scripted scenario against a gateway (the sandbox) and, side by side, against an in-process mock
at the same contract era, and compares what a client depends on: statuses, the body style (envelope, bare,
error style), field names and JSON types, ids as numbers or strings, the deprecation header. Values that
differ by nature (ids, times, QR data) are never compared between the two; each answer is held to the
values the contract fixes (statusCode, states and codes, durations, Content-Type, UTC, amount precision)
and to the behaviours it exercises (an idempotent replay, the same key with another body, a refund over
what is left, the attempts left after wrong PINs and codes). A field the target adds that the contract does
not document is a note (drift with --strict).
It prints what it will do before it starts; it creates two orders and one QR code and cancels the orders
(also when stopped by Ctrl-C or SIGTERM). Under the table, hints name the likely cause of what drifted (an
unreachable target or a web page, a refused key, secret, clock or token, a wrong PIN, a paid order refunded
in full, --paid-transaction of another order, a flag's value no request can carry).
Exit status: 0 no drift, 1 drift, 2 a wrong command line, 3 the target answered nothing, 4 verify itself
failed, 130 or 143 stopped by SIGINT or SIGTERM.

Options:
      --base-url <url>          the gateway to check (required)
      --api-key <k>             its merchant's API key (required)
      --api-secret <s>          its merchant's API secret, to sign refunds and payouts (required; never sent)
      --paid-order <id>         an order paid in the sandbox (no API pays one: pay a QR code with a test
      --paid-transaction <id>   wallet once and keep the orderId and transactionId of its webhook): the
                                transaction is read (GET and POST), and refunded USD 0.01 with --money.
                                Without them, transaction detail is tried with an id no transaction has
      --money                   also a refund and a payout of the smallest amount (USD 0.01), the refund
                                sent again with its key; with --paid-order, a refund over what is left
                                (refused); needs --payout-account
      --payout-account <n>      the account the payout goes to
      --bearer <token>          a sandbox user's access token: the PIN module's refusals (a missing field,
                                a wrong token, an unknown reset session)
      --pin <pin>               that user's PIN (6 digits), or the one to set if it has none: set-pin,
                                verify-pin (right, wrong twice, right, wrong once, right), change-pin there
                                and back; the user ends with this PIN
      --email <address>         that user's verified e-mail address: forgot-pin (a code is sent to it) and
                                verify-otp with a wrong code, twice
      --otp <code>              the sandbox's fixed development one-time code: verify-otp with it and
                                reset-pin back to --pin (needs --email and --pin)
      --now <iso>               the mock's clock (default: the target's Date header, else this machine's)
      --timeout <s>             how long one request to the target may take (default 30 seconds)
      --json                    the report as one JSON document on standard output
      --strict                  a field the target adds that the contract does not document is drift
                                (default: a note, since a client that ignores unknown fields is not broken)
  -h, --help                    this text
  -v, --version                 the version

Examples:
  merchant-gateway-mock verify --base-url https://sandbox.example.com \\
    --api-key "$GATEWAY_API_KEY" --api-secret "$GATEWAY_API_SECRET" --json > verify.json
  merchant-gateway-mock verify --base-url https://sandbox.example.com \\
    --api-key "$GATEWAY_API_KEY" --api-secret "$GATEWAY_API_SECRET" \\
    --paid-order 1042 --paid-transaction 88121 --money --payout-account "$SANDBOX_ACCOUNT" \\
    --bearer "$SANDBOX_USER_TOKEN" --pin "$SANDBOX_USER_PIN" --email qa@example.com --otp "$SANDBOX_OTP"

Docs: ${DOCS_URL.replace('mock-server.md', 'verify.md')}`

/** Parses the arguments after `verify`. */
function parseVerify(argv: readonly string[], version: string): CliArgs {
  let values: ReturnType<typeof parseVerifyStrict>['values']
  try {
    const checked = checkOptions(argv, VERIFY_OPTIONS)
    if (typeof checked === 'string') return usageError(checked)
    const parsed = parseVerifyStrict(checked)
    if (parsed.positionals.length > 0) return usageError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}`)
    values = parsed.values
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help) return { command: 'exit', status: 0, text: VERIFY_USAGE }
  if (values.version) return { command: 'exit', status: 0, text: version }
  const missing = (['base-url', 'api-key', 'api-secret'] as const).filter((flag) => values[flag] === undefined)
  if (missing.length > 0) return usageError(`verify needs ${missing.map((f) => `--${f}`).join(', ')}`)
  const baseUrl = values['base-url']!
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl))
    return usageError(`--base-url must be an http(s) URL, got ${JSON.stringify(baseUrl)}`)
  for (const flag of ['api-key', 'api-secret'] as const) {
    const value = values[flag]!
    // What is wrong with a credential, never the credential (an unset CI secret arrives as "").
    if (!/^[\x21-\x7e]{1,200}$/.test(value))
      return usageError(
        `--${flag} must be 1 to 200 printable characters without spaces, got ` +
          (value === '' ? 'an empty value (is the variable set?)' : `${value.length} character(s)`),
      )
  }
  if (values['payout-account'] !== undefined && !values.money)
    return usageError('--payout-account goes with --money: the payout of USD 0.01 runs only with it')
  const timeout = values.timeout ?? '30'
  if (!/^\d{1,4}$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 3600)
    return usageError(`--timeout must be a whole number of seconds from 1 to 3600, got ${JSON.stringify(timeout)}`)
  if (values.now !== undefined && !(/^\d{4}-\d\d-\d\d/.test(values.now) && Number.isFinite(Date.parse(values.now)))) {
    return usageError(`--now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got ${JSON.stringify(values.now)}`)
  }
  if (values.money && values['payout-account'] === undefined)
    return usageError('--money needs --payout-account <n>: the account the payout of USD 0.01 goes to')
  const pinProblem = verifyPinProblem(values)
  if (pinProblem !== undefined) return usageError(pinProblem)
  const paidOrder = values['paid-order']
  const paidTransaction = values['paid-transaction']
  if ((paidOrder === undefined) !== (paidTransaction === undefined))
    return usageError('--paid-order and --paid-transaction go together: the order paid and its transaction')
  if (paidOrder !== undefined && !/^\d{1,18}$/.test(paidOrder))
    return usageError(`--paid-order must be an order id (digits), got ${JSON.stringify(paidOrder)}`)
  if (paidTransaction !== undefined && !/^[\x21-\x7e]{1,100}$/.test(paidTransaction))
    return usageError(`--paid-transaction must be a transaction id, got ${JSON.stringify(paidTransaction)}`)
  return {
    command: 'verify',
    baseUrl,
    apiKey: values['api-key']!,
    apiSecret: values['api-secret']!,
    bearer: values.bearer,
    pin: values.pin,
    email: values.email,
    otp: values.otp,
    paid:
      paidOrder !== undefined && paidTransaction !== undefined
        ? { orderId: paidOrder, transactionId: paidTransaction }
        : undefined,
    money: values.money ?? false,
    payoutAccount: values['payout-account'],
    now: values.now,
    timeoutSeconds: Number(timeout),
    json: values.json ?? false,
    strict: values.strict,
  }
}

/** What is wrong with the PIN flags of `verify` (each needs the one it builds on), if anything. */
function verifyPinProblem(values: {
  bearer?: string | undefined
  pin?: string | undefined
  email?: string | undefined
  otp?: string | undefined
}): string | undefined {
  for (const flag of ['pin', 'email', 'otp'] as const) {
    if (values[flag] !== undefined && values.bearer === undefined)
      return `--${flag} needs --bearer <token>: the signed-in sandbox user it belongs to`
  }
  if (values.pin !== undefined && !/^\d{6}$/.test(values.pin)) return '--pin must be 6 digits'
  if (values.email !== undefined && !isEmail(values.email))
    return `--email must be an e-mail address, got ${JSON.stringify(values.email)}`
  if (values.otp !== undefined && (values.email === undefined || values.pin === undefined))
    return '--otp needs --email (where the code goes) and --pin (reset-pin sets the PIN back to it)'
  if (values.otp !== undefined && !/^\d{6}$/.test(values.otp)) return '--otp must be 6 digits'
  return undefined
}

function parseVerifyStrict(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: VERIFY_OPTIONS })
}

function parseServe(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS })
}

function usageError(message: string): CliArgs {
  return { command: 'exit', status: 2, text: `merchant-gateway-mock: ${message}\nRun with --help for the options.` }
}
