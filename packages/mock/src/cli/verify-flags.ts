/**
 * @module cli/verify-flags
 * The flags of `merchant-gateway-mock verify`, each declared once (cli/flags.ts): what it takes, its help and
 * where its value goes in {@link VerifyArgs}; and the rules between them (a flag that needs another).
 */
import { isEmail } from '../domain/users.js'
import { helpAndVersion, httpUrl, isoDate, matching, refuse, type Flag, type FlagRule } from './flags.js'

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
  strict: boolean
}

/** A credential of the target: what is wrong with it, never the credential (an unset CI secret arrives as ""). */
const credential = (flag: string) => (value: string) =>
  /^[\x21-\x7e]{1,200}$/.test(value)
    ? value
    : refuse(
        `--${flag} must be 1 to 200 printable characters without spaces, got ` +
          (value === '' ? 'an empty value (is the variable set?)' : `${value.length} character(s)`),
      )

/**
 * The flags of `merchant-gateway-mock verify`, in the order `verify --help` lists them.
 *
 * @example
 * ```ts
 * VERIFY_FLAGS.filter((flag) => flag.required).map((flag) => flag.name) // ['base-url', 'api-key', 'api-secret']
 * ```
 */
export const VERIFY_FLAGS: readonly Flag<VerifyArgs>[] = [
  {
    name: 'base-url',
    kind: 'string',
    value: '<url>',
    example: 'https://sandbox.example.com',
    help: ['the gateway to check (required)'],
    required: true,
    to: 'baseUrl',
    read: httpUrl('base-url'),
  },
  {
    name: 'api-key',
    kind: 'string',
    value: '<k>',
    example: '<your sandbox API key>',
    help: ["its merchant's API key (required)"],
    required: true,
    to: 'apiKey',
    read: credential('api-key'),
  },
  {
    name: 'api-secret',
    kind: 'string',
    value: '<s>',
    example: '<your sandbox API secret>',
    help: ["its merchant's API secret, to sign refunds and payouts (required; never sent)"],
    required: true,
    to: 'apiSecret',
    read: credential('api-secret'),
  },
  {
    name: 'paid-order',
    kind: 'string',
    value: '<id>',
    help: ['an order paid in the sandbox (no API pays one: pay a QR code with a test'],
    to: 'paid.orderId',
    read: matching(/^\d{1,18}$/, (value) => `--paid-order must be an order id (digits), got ${JSON.stringify(value)}`),
  },
  {
    name: 'paid-transaction',
    kind: 'string',
    value: '<id>',
    help: [
      'wallet once and keep the orderId and transactionId of its webhook): the',
      'transaction is read (GET and POST), and refunded USD 0.01 with --money.',
      'Without them, transaction detail is tried with an id no transaction has',
    ],
    to: 'paid.transactionId',
    read: matching(
      /^[\x21-\x7e]{1,100}$/,
      (value) => `--paid-transaction must be a transaction id, got ${JSON.stringify(value)}`,
    ),
  },
  {
    name: 'money',
    kind: 'boolean',
    help: [
      'also a refund and a payout of the smallest amount (USD 0.01), the refund',
      'sent again with its key; with --paid-order, a refund over what is left',
      '(refused); needs --payout-account',
    ],
    to: 'money',
  },
  {
    name: 'payout-account',
    kind: 'string',
    value: '<n>',
    example: '100200300',
    help: ['the account the payout goes to'],
    to: 'payoutAccount',
  },
  {
    name: 'bearer',
    kind: 'string',
    value: '<token>',
    example: "<a signed-in user's access token>",
    help: [
      "a sandbox user's access token: the PIN module's refusals (a missing field,",
      'a wrong token, an unknown reset session)',
    ],
    to: 'bearer',
  },
  {
    name: 'pin',
    kind: 'string',
    value: '<pin>',
    help: [
      "that user's PIN (6 digits), or the one to set if it has none: set-pin,",
      'verify-pin (right, wrong twice, right, wrong once, right), change-pin there',
      'and back; the user ends with this PIN',
    ],
    to: 'pin',
    read: matching(/^\d{6}$/, () => '--pin must be 6 digits'),
  },
  {
    name: 'email',
    kind: 'string',
    value: '<address>',
    help: [
      "that user's verified e-mail address: forgot-pin (a code is sent to it) and",
      'verify-otp with a wrong code, twice',
    ],
    to: 'email',
    read: (value) =>
      isEmail(value) ? value : refuse(`--email must be an e-mail address, got ${JSON.stringify(value)}`),
  },
  {
    name: 'otp',
    kind: 'string',
    value: '<code>',
    help: [
      "the sandbox's fixed development one-time code: verify-otp with it and",
      'reset-pin back to --pin (needs --email and --pin)',
    ],
    to: 'otp',
    read: matching(/^\d{6}$/, () => '--otp must be 6 digits'),
  },
  {
    name: 'now',
    kind: 'string',
    value: '<iso>',
    help: ["the mock's clock (default: the target's Date header, else this machine's)"],
    to: 'now',
    read: isoDate('now'),
  },
  {
    name: 'timeout',
    kind: 'string',
    value: '<s>',
    help: ['how long one request to the target may take (default 30 seconds)'],
    to: 'timeoutSeconds',
    default: 30,
    read: (value) =>
      /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 3600
        ? Number(value)
        : refuse(`--timeout must be a whole number of seconds from 1 to 3600, got ${JSON.stringify(value)}`),
  },
  { name: 'json', kind: 'boolean', help: ['the report as one JSON document on standard output'], to: 'json' },
  {
    name: 'strict',
    kind: 'boolean',
    help: [
      'a field the target adds that the contract does not document is drift',
      '(default: a note, since a client that ignores unknown fields is not broken)',
    ],
    to: 'strict',
  },
  ...helpAndVersion<VerifyArgs>(),
]

/**
 * The rules between verify's flags, in the order they are checked.
 *
 * @example
 * ```ts
 * VERIFY_RULES.map((rule) => rule(args, given)).find(Boolean) // the first broken, if any
 * ```
 */
export const VERIFY_RULES: readonly FlagRule<VerifyArgs>[] = [
  (args, given) =>
    given.has('payout-account') && !args.money
      ? '--payout-account goes with --money: the payout of USD 0.01 runs only with it'
      : undefined,
  (args, given) =>
    args.money && !given.has('payout-account')
      ? '--money needs --payout-account <n>: the account the payout of USD 0.01 goes to'
      : undefined,
  (_args, given) => {
    const flag = ['pin', 'email', 'otp'].find((name) => given.has(name))
    return flag !== undefined && !given.has('bearer')
      ? `--${flag} needs --bearer <token>: the signed-in sandbox user it belongs to`
      : undefined
  },
  (_args, given) =>
    given.has('otp') && !(given.has('email') && given.has('pin'))
      ? '--otp needs --email (where the code goes) and --pin (reset-pin sets the PIN back to it)'
      : undefined,
  (_args, given) =>
    given.has('paid-order') !== given.has('paid-transaction')
      ? '--paid-order and --paid-transaction go together: the order paid and its transaction'
      : undefined,
]
