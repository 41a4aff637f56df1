/**
 * @module cli/args
 * The command line of `merchant-gateway-mock`: `serve` (the default) and `verify`, each flag declared once
 * (cli/flags.ts derives the usage's options, the parser, the did-you-mean and the parsed command), checked
 * here, so that a wrong flag is a one-line message and exit status 2, never a stack trace.
 */
import {
  flagLines,
  givenFlags,
  missingFlags,
  parseFlags,
  readFlags,
  UsageError,
  unknownWord,
  type FlagRule,
} from './flags.js'
import { SERVE_FLAGS, SERVE_RULES, type ServeArgs } from './serve-flags.js'
import { VERIFY_FLAGS, VERIFY_RULES, type VerifyArgs } from './verify-flags.js'

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
 * Every long flag the CLI takes, as typed on the command line (the README and `--help` list each).
 *
 * @example
 * ```ts
 * CLI_FLAGS.includes('--port') // true
 * ```
 */
export const CLI_FLAGS: readonly string[] = SERVE_FLAGS.map((flag) => `--${flag.name}`)

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
${flagLines(SERVE_FLAGS, {
  '': { column: 25 },
  history: {
    column: 35,
    heading: [
      '  A long-running server keeps bounded history (orders and transactions are kept unless',
      '  --keep-records-seconds; balances never change):',
    ],
  },
  sessions: {
    column: 35,
    heading: [
      '  Sessions, isolated mocks each under its own base URL /s/<id> (POST /__mock/sessions makes one:',
      '  one per test), start as the server did (--now, --frozen, --webhook-url, --state, --otp-dev-code,',
      '  --keep-*); the body of POST /__mock/sessions may change those:',
    ],
  },
}).join('\n')}

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
${flagLines(VERIFY_FLAGS, { '': { column: 32 } }).join('\n')}

Examples:
  merchant-gateway-mock verify --base-url https://sandbox.example.com \\
    --api-key "$GATEWAY_API_KEY" --api-secret "$GATEWAY_API_SECRET" --json > verify.json
  merchant-gateway-mock verify --base-url https://sandbox.example.com \\
    --api-key "$GATEWAY_API_KEY" --api-secret "$GATEWAY_API_SECRET" \\
    --paid-order 1042 --paid-transaction 88121 --money --payout-account "$SANDBOX_ACCOUNT" \\
    --bearer "$SANDBOX_USER_TOKEN" --pin "$SANDBOX_USER_PIN" --email qa@example.com --otp "$SANDBOX_OTP"

Docs: ${DOCS_URL.replace('mock-server.md', 'verify.md')}`

/** The commands, for the did-you-mean of one mistyped. */
const COMMANDS = ['serve', 'verify'] as const

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
  // A mistyped command first: read against serve's flags, verify's would be called unknown options.
  const [first] = argv
  if (first !== undefined && !first.startsWith('-') && !(COMMANDS as readonly string[]).includes(first))
    return usageError(unknownWord('command', JSON.stringify(first), COMMANDS, first))
  try {
    return argv[0] === 'verify' ? parseVerify(argv.slice(1), version) : parseServe(argv, version)
  } catch (error) {
    // A flag the command does not know or without its value (the lenient pass), a value refused by its flag,
    // or what Node's parser itself refuses (an ambiguous `-qp -1`).
    if (error instanceof UsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
      return usageError((error as Error).message)
    throw error
  }
}

function parseServe(argv: readonly string[], version: string): CliArgs {
  const { values, positionals } = parseFlags(SERVE_FLAGS, argv)
  if (values.help) return { command: 'exit', status: 0, text: USAGE }
  if (values.version) return { command: 'exit', status: 0, text: version }
  const [command = 'serve', ...extra] = positionals
  if (command !== 'serve') return usageError(unknownWord('command', JSON.stringify(command), COMMANDS, command))
  if (extra.length > 0) return usageError(`unexpected argument ${JSON.stringify(extra[0])}`)
  return checked(readFlags(SERVE_FLAGS, values, { command: 'serve' }), givenFlags(values), SERVE_RULES)
}

function parseVerify(argv: readonly string[], version: string): CliArgs {
  const { values, positionals } = parseFlags(VERIFY_FLAGS, argv)
  if (positionals.length > 0) return usageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
  if (values.help) return { command: 'exit', status: 0, text: VERIFY_USAGE }
  if (values.version) return { command: 'exit', status: 0, text: version }
  const given = givenFlags(values)
  const missing = missingFlags(VERIFY_FLAGS, given)
  if (missing.length > 0) return usageError(`verify needs ${missing.join(', ')}`)
  return checked(readFlags(VERIFY_FLAGS, values, { command: 'verify' }), given, VERIFY_RULES)
}

/** The parsed command, or the message of the first rule it breaks. */
function checked<A extends ServeArgs | VerifyArgs>(args: A, given: ReadonlySet<string>, rules: readonly FlagRule<A>[]) {
  for (const rule of rules) {
    const problem = rule(args, given)
    if (problem !== undefined) return usageError(problem)
  }
  return args
}

function usageError(message: string): CliArgs {
  return { command: 'exit', status: 2, text: `merchant-gateway-mock: ${message}\nRun with --help for the options.` }
}
