/**
 * @module options
 * What a caller can choose when creating a mock, and the defaults. Where the service leaves a behaviour
 * undocumented, the default is the decision recorded in docs/decisions.md and the option is the way to choose
 * another behaviour.
 */
import { LIMITS, type Currency } from '@merchant-gateway/contract'
import type { ClockOptions } from './clock/clock.js'
import { nearestWord } from './nearest-word.js'

/**
 * How much of one kind of history is kept: at most `max` entries, none older than `maxAgeSeconds`.
 *
 * @example
 * ```ts
 * const limit: HistoryLimit = { max: 1000, maxAgeSeconds: 86_400 } // the defaults
 * createMockGateway({ retention: { webhooks: limit } })
 * ```
 */
export interface HistoryLimit {
  max: number
  maxAgeSeconds: number
}

/**
 * What a long-running mock keeps of its history, and how long it remembers expired records. Orders,
 * transactions (payments, refunds, payouts), balances, merchants, stores, accounts and users are never
 * forgotten; idempotency records leave when their 24 hours end and reset sessions when their 10 minutes
 * end (or when used), whatever this says.
 *
 * @example
 * ```ts
 * createMockGateway({ retention: { webhooks: { max: 50_000 }, outbox: { maxAgeSeconds: 3600 },
 *   expiredQrCodeSeconds: 0 } })
 * ```
 */
export interface RetentionOptions {
  /**
   * Finished webhooks (delivered, given up, or without a URL to send to) that `mock.webhooks.list()`
   * keeps: at most `max` (the oldest finished leave first) and none finished more than `maxAgeSeconds`
   * ago. A webhook still being delivered (retry scheduled, held, in flight) is always kept. Default
   * `{ max: 1000, maxAgeSeconds: 604800 }` (a week).
   */
  webhooks?: Partial<HistoryLimit>
  /**
   * One-time codes that `mock.otp.list()` keeps, by count and age since sent. Default `{ max: 1000, maxAgeSeconds:
   * 604800 }` (a week).
   */
  outbox?: Partial<HistoryLimit>
  /**
   * How long after its 30 minutes an unpaid stand-alone QR code (generate-qr) is still known: its image
   * is served and paying it answers 422 `qr_expired`. After that it is forgotten: its image and a payment
   * answer 404, as for a QR code never issued. A paid one stays with its order. Default 86400 (a day).
   */
  expiredQrCodeSeconds?: number
}

/** Retention with every default filled in. */
interface ResolvedRetention {
  webhooks: HistoryLimit
  outbox: HistoryLimit
  expiredQrCodeSeconds: number
}

/**
 * Default retention: 1000 finished webhooks and 1000 codes, each for at most a week; an expired QR code known for a
 * day.
 */
const DEFAULT_RETENTION: Readonly<ResolvedRetention> = Object.freeze({
  webhooks: Object.freeze({ max: 1000, maxAgeSeconds: 604_800 }),
  outbox: Object.freeze({ max: 1000, maxAgeSeconds: 604_800 }),
  expiredQrCodeSeconds: 86_400,
})

/**
 * A merchant created when the mock starts and again on every `reset()`.
 *
 * @example
 * ```ts
 * const mock = createMockGateway({
 *   seed: [{ apiKey: 'mk_demo', apiSecret: 'sk_demo', balances: { usd: 1000 }, stores: [{ storeName: 'Riverside',
 *     address: '1 Main St' }] }],
 * })
 * ```
 */
export interface SeedMerchant {
  name?: string
  /** Fixed credentials (e.g. the CLI's demo merchant); random when omitted. */
  apiKey?: string
  apiSecret?: string
  appId?: number
  /** Opening balances in major units, e.g. `{ usd: 1000, khr: 4_000_000 }`. */
  balances?: { usd?: number; khr?: number }
  webhookUrl?: string
  stores?: Array<{ storeName: string; address: string }>
  accounts?: Array<{ accountNumber: string; accountName: string; failAtSettlement?: boolean }>
}

/**
 * Options of {@link createMockGateway}. Checked when the mock is made: a name that is no option throws a
 * `TypeError`, a value an option does not take a `RangeError` naming the option, the value and what it takes
 * (every refused value in one message); a value is never replaced by the default.
 *
 * @example
 * ```ts
 * const mock = createMockGateway({
 *   baseUrl: 'https://gateway.test',
 *   clock: { now: '2026-11-02T09:00:00Z', frozen: true },
 *   settlementBusinessDays: { refund: 3, payout: 1 },
 * })
 * ```
 */
export interface MockGatewayOptions {
  /** Base address the handlers answer on. Default `https://gateway.mock`. */
  baseUrl?: string
  /** Start point and mode of the mock clock. Default: the real time, ticking. */
  clock?: ClockOptions
  /**
   * Merchants (with stores and accounts) created at start and on `reset()`. Checked when the mock is made: a
   * field it does not know or a rule an entry breaks throws a `RangeError` from `createMockGateway`, naming
   * where (`[mock] seed[0].stores[0]: storeName must be a non-empty string`).
   */
  seed?: SeedMerchant[]
  /**
   * A saved state to start from instead of a seed: a complete `mock.snapshot()`, or the file one was saved
   * to, parsed. The mock starts with its records, id sequences, clock, webhook switches and faults, and
   * `reset()` goes back to it, so every test of a suite can start from the same scenario. Checked whole when
   * the mock is made: a refused state throws the `RuleError` (400) `mock.load()` would, naming the field.
   * The state holds the clock, so `clock` is not given with it; nor is `seed`.
   *
   * @example
   * ```ts
   * const scenario = JSON.parse(readFileSync('scenario.json', 'utf8'))
   * const mock = createMockGateway({ state: scenario })
   * await mock.reset() // back to the scenario
   * ```
   */
  state?: unknown
  /** Allowed difference between X-Timestamp and the mock clock, in seconds. Default 300. */
  signatureToleranceSeconds?: number
  /**
   * Business days until a refund or payout settles. Default: the slow end of the documented ranges (refund 3-5,
   * payout 1-2), refund 5 and payout 2.
   */
  settlementBusinessDays?: { refund?: number; payout?: number }
  /**
   * A payout to an account number the mock does not know: `'fail-at-settlement'` (default: accepted,
   * then failed and reversed at settlement, as the service does for an invalid account) or `'reject'` (404 at
   * once).
   */
  unknownPayoutAccount?: 'fail-at-settlement' | 'reject'
  /**
   * List stores for a merchant without stores: `'not-found'` (default: 404, as the service answers) or
   * `'empty-list'` (200 with `[]`).
   */
  emptyStoreList?: 'not-found' | 'empty-list'
  /**
   * Create order, generate QR, transaction detail and cancel: `'as-documented'` (default: the bare body,
   * as the service documents these four) or `'envelope'` (wrapped in `{statusCode, message, data, traceId}`).
   */
  responseStyle?: 'as-documented' | 'envelope'
  /** Settle what is due before each request and after each clock move. Default true. */
  autoSettle?: boolean
  /**
   * Payment statuses that send a webhook. Default `['SUCCESS', 'FAILED']`; `[]` sends none. `'PENDING'` is
   * refused: a pending payment never sends one.
   */
  webhookStatuses?: ReadonlyArray<'SUCCESS' | 'FAILED'>
  /**
   * The fetch that POSTs webhooks to a merchant's `webhookUrl`. Default `globalThis.fetch`. Tests pass
   * a fake that records calls (or returns a 500, or throws) so no real network is used.
   */
  webhookFetch?: typeof fetch
  /**
   * Delays (ms, on the mock clock) before each retry of a webhook whose attempt failed (non-2xx or
   * network error). Default 1 min, 5 min, 30 min, 2 h, 6 h: 6 attempts, then status `failed`.
   * `[]` means one attempt only.
   */
  webhookRetrySchedule?: readonly number[]
  /**
   * What a retry of a webhook sends: `'fresh'` (default) puts the attempt's time in createTimeMilli and
   * signs it again, so a receiver's freshness check accepts a retry hours later; `'original'` resends
   * the first attempt's exact bytes and signature.
   */
  webhookRetryStamp?: 'fresh' | 'original'
  /** How the mock waits for a latency fault. Default: a real timer. Tests may pass a controllable one. */
  sleep?: (ms: number) => Promise<void>
  /**
   * A fixed one-time code accepted by verify-otp besides the one sent, as the service's development environments
   * accept one (e.g. `'000000'`). Off by default: only the code sent works.
   */
  otpDevCode?: string
  /** PBKDF2 iterations of stored PIN hashes. Default 10 000 (a mock; tests may pass 1 000 for speed). */
  pinHashIterations?: number
  /**
   * What reset-pin makes of an `Authorization: Bearer` header. The service accepts reset-pin on the strength of
   * a verified session id alone, so by default (`'ignored'`) any token, missing, unknown or another user's, is
   * ignored and the session decides. Stricter services can be tested too:
   * - `'owner-if-sent'`: a known token of another user is refused (400 `reset_session_invalid`, as for an
   *   unknown session); no token, or one the mock does not know, is still ignored;
   * - `'required'`: only with the session owner's token (none, a malformed or unknown one: 401; another user's:
   *   400 `reset_session_invalid`), the fix of the security finding in docs/decisions.md.
   *
   * @example
   * ```ts
   * createMockGateway({ resetPinBearer: 'required' })
   * ```
   */
  resetPinBearer?: ResetPinBearer
  /**
   * @deprecated Use `resetPinBearer: 'required'`; `true` means that, `false` the default.
   */
  resetPinRequiresBearer?: boolean
  /**
   * Which contract the mock serves: `'clock'` (default) the one in force at the mock clock's date, so
   * setting the clock to 2026-01-15 serves the earlier refund form and release 1.3.0's warnings (see
   * docs/releases.md); `'current'` today's contract at every date.
   */
  releaseTimeline?: 'clock' | 'current'
  /**
   * Which responses carry `X-Service-Deprecation-Warning` while a release's warning runs:
   * `'every-response'` (default) every response of the endpoints the release changes (refund and payout
   * for 1.3.0, every gateway endpoint for 1.4.0), whatever the request sent; `'deprecated-use'` only
   * responses to requests that still do what the warning is about.
   */
  deprecationHeader?: 'every-response' | 'deprecated-use'
  /** How many answered requests `mock.requests.list()` keeps (the oldest leave first). Default 1000; 0 keeps none. */
  requestLogLimit?: number
  /**
   * Whether the request log keeps each call's headers and body (secrets redacted) for a query by operation
   * (`mock.requests.list({ operation })`) and the matchers of `@merchant-gateway/mock/matchers`. Default true;
   * `false` keeps the log's other fields only (bodies `null`, headers empty), for a server taking large bodies.
   */
  requestLogBodies?: boolean
  /**
   * A request body must be JSON: a `Content-Type` other than `application/json` (or `application/*+json`)
   * is refused with 415 (default true). A body sent without `Content-Type` is read as JSON. `false` reads
   * every body as JSON whatever its type.
   */
  strictContentType?: boolean
  /**
   * What `reset()` does to the clock: `'keep'` (default) leaves it where it is, running or frozen, so a
   * client signing with its own clock stays in step; `'start'` puts it back where it started. `reset({ clock })`
   * chooses per call.
   */
  resetClock?: 'keep' | 'start'
  /**
   * How many one-time codes forgot-pin sends one user within a window before it answers 429
   * `too_many_reset_requests`: default `{ max: 5, windowSeconds: 900 }` (5 codes of 5 guesses each in
   * 15 minutes); `false` turns the limit off.
   */
  forgotPinLimit?: { max: number; windowSeconds: number } | false
  /**
   * Strict mode for signed requests: a signature sent again within its timestamp window with another
   * X-Idempotent-Key (or none) is refused 401 `replayed_signature`. Off by default, as the service
   * documents it: the signature does not cover the key, so such a replay is processed again. Turn it on
   * to test that your own code never replays a signed request.
   */
  rejectReplayedSignatures?: boolean
  /** What a long-running mock keeps of its history and expired records (see {@link RetentionOptions}). */
  retention?: RetentionOptions
  /**
   * Forget finished money records: an order and its transactions once the order is completed or cancelled and
   * every one of its transactions is final (a payment completed, failed or cancelled, a refund completed), and a
   * payout once completed or failed, when the last of these moves is more than this many mock-clock seconds old.
   * Off by default (every order and transaction is kept: what fidelity wants); for a load test of hours. What it
   * changes: a forgotten order or transaction answers 404 like one never made (a refund of a forgotten order
   * too), the snapshot and the inspector show only the records kept; balances never change (the ledger keeps its
   * totals). A positive whole number of seconds.
   *
   * @example
   * ```ts
   * const mock = createMockGateway({ keepRecordsSeconds: 3600 }) // finished orders forgotten an hour on
   * ```
   */
  keepRecordsSeconds?: number
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  baseUrl: string
  clock: ClockOptions
  seed: SeedMerchant[]
  signatureToleranceSeconds: number
  settlementBusinessDays: { refund: number; payout: number }
  unknownPayoutAccount: 'fail-at-settlement' | 'reject'
  emptyStoreList: 'not-found' | 'empty-list'
  responseStyle: 'as-documented' | 'envelope'
  autoSettle: boolean
  webhookStatuses: ReadonlyArray<'SUCCESS' | 'FAILED'>
  webhookFetch: typeof fetch
  webhookRetrySchedule: readonly number[]
  webhookRetryStamp: 'fresh' | 'original'
  sleep: (ms: number) => Promise<void>
  otpDevCode: string | undefined
  pinHashIterations: number
  resetPinBearer: ResetPinBearer
  releaseTimeline: 'clock' | 'current'
  deprecationHeader: 'every-response' | 'deprecated-use'
  requestLogLimit: number
  requestLogBodies: boolean
  strictContentType: boolean
  resetClock: 'keep' | 'start'
  forgotPinLimit: { max: number; windowSeconds: number } | false
  rejectReplayedSignatures: boolean
  retention: ResolvedRetention
  /** Seconds a finished order or payout is kept; `undefined`: kept for ever. */
  keepRecordsSeconds: number | undefined
}

/**
 * What one option's value must be: the problems of `value` (none when it is allowed), each naming the option by
 * `name` (`retention.outbox.max`), the value got and what is allowed.
 */
type ValueRule = (value: unknown, name: string) => string[]

/** A refused value as a message shows it: strings quoted (long ones cut), numbers as written, objects short. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value)
  if (typeof value === 'function') return 'a function'
  if (typeof value !== 'object' || value === null) return String(value)
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    text = undefined // a cycle: shown by its kind
  }
  return text !== undefined && text.length <= 80 ? text : Array.isArray(value) ? 'an array' : 'an object'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One of `allowed`, with the allowed value a misspelt one most likely meant. */
function oneOf(...allowed: readonly string[]): ValueRule {
  return (value, name) => {
    if (allowed.includes(value as string)) return []
    const meant = typeof value === 'string' ? nearestWord(value, allowed) : undefined
    return [
      `${name} must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${shown(value)}` +
        (meant === undefined ? '' : ` (did you mean '${meant}'?)`),
    ]
  }
}

const BOOLEAN: ValueRule = (value, name) =>
  typeof value === 'boolean' ? [] : [`${name} must be true or false, got ${shown(value)}`]

function functionOf(what: string): ValueRule {
  return (value, name) => (typeof value === 'function' ? [] : [`${name} must be ${what}, got ${shown(value)}`])
}

/** A whole number from `min` (to `max`); `unit` is said after the range (`(ms)`). */
function integer(min: number, max = Number.MAX_SAFE_INTEGER, unit = ''): ValueRule {
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`
  return (value, name) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
      ? []
      : [`${name} must be an integer ${range}${unit}, got ${shown(value)}`]
}

/** The parts of an object option, each checked by its rule when given; `shape` says what the object holds. */
function parts(shape: string, rules: Readonly<Record<string, ValueRule>>): ValueRule {
  return (value, name) => {
    if (!isRecord(value)) return [`${name} must be an object ${shape}, got ${shown(value)}`]
    return Object.entries(rules).flatMap(([part, rule]) =>
      value[part] === undefined ? [] : rule(value[part], `${name}.${part}`),
    )
  }
}

const HISTORY_LIMIT = parts('{ max?, maxAgeSeconds? }', { max: integer(0), maxAgeSeconds: integer(0) })

const WEBHOOK_STATUS = oneOf('SUCCESS', 'FAILED')

/**
 * The payment statuses that send a webhook. A pending report sends none whatever the option says (a webhook says
 * a payment's final status), so `'PENDING'` is refused rather than kept and never used.
 */
const WEBHOOK_STATUSES: ValueRule = (value, name) => {
  if (!Array.isArray(value)) return [`${name} must be an array of 'SUCCESS' and 'FAILED', got ${shown(value)}`]
  return value.flatMap((status, i) =>
    status === 'PENDING'
      ? [`${name}[${i}] must be 'SUCCESS' or 'FAILED', got "PENDING" (a pending payment sends no webhook)`]
      : WEBHOOK_STATUS(status, `${name}[${i}]`),
  )
}

const RETRY_DELAY = integer(0, Number.MAX_SAFE_INTEGER, ' (ms)')
const RETRY_SCHEDULE: ValueRule = (value, name) =>
  Array.isArray(value)
    ? value.flatMap((ms, i) => RETRY_DELAY(ms, `${name}[${i}]`))
    : [`${name} must be an array of integers >= 0 (ms), got ${shown(value)}`]

const ABSOLUTE_URL: ValueRule = (value, name) => {
  const refused = [`${name} must be an absolute URL, got ${shown(value)}`]
  if (typeof value !== 'string') return refused
  try {
    new URL(value.replace(/\/+$/, ''))
    return []
  } catch {
    return refused
  }
}

const FORGOT_PIN_LIMIT: ValueRule = (value, name) => {
  if (value === false) return []
  if (!isRecord(value)) {
    const shape = '{ max: integer >= 1, windowSeconds: integer from 1 to 31536000 }'
    return [`${name} must be false or ${shape}, got ${shown(value)}`]
  }
  return [
    ...integer(1)(value.max, `${name}.max`),
    ...integer(1, 31_536_000)(value.windowSeconds, `${name}.windowSeconds`),
  ]
}

/**
 * Every option {@link createMockGateway} knows, with what its value must be; any other key is refused (a misspelt
 * option would be ignored in silence), and so is a value its rule refuses (a misspelt value would be replaced by
 * the default in silence). Checked whole elsewhere, naming the field: the seed when its merchants are made and
 * the state by the load's checks (`null` here), the clock's `now` by the clock.
 */
const VALUE_RULES: { readonly [K in keyof MockGatewayOptions]-?: ValueRule | null } = {
  baseUrl: ABSOLUTE_URL,
  clock: parts('{ now?, frozen? }', { frozen: BOOLEAN }),
  seed: null,
  state: null,
  signatureToleranceSeconds: (value, name) =>
    typeof value === 'number' && value >= 0
      ? []
      : [`${name} must be a number >= 0 (Infinity turns the check off), got ${shown(value)}`],
  settlementBusinessDays: parts('{ refund?, payout? }', { refund: integer(0), payout: integer(0) }),
  unknownPayoutAccount: oneOf('fail-at-settlement', 'reject'),
  emptyStoreList: oneOf('not-found', 'empty-list'),
  responseStyle: oneOf('as-documented', 'envelope'),
  autoSettle: BOOLEAN,
  webhookStatuses: WEBHOOK_STATUSES,
  webhookFetch: functionOf('a function (a fetch)'),
  webhookRetrySchedule: RETRY_SCHEDULE,
  webhookRetryStamp: oneOf('fresh', 'original'),
  sleep: functionOf('a function (ms) => Promise<void>'),
  otpDevCode: (value, name) =>
    typeof value === 'string' && /^\d{6}$/.test(value) ? [] : [`${name} must be 6 digits, got ${shown(value)}`],
  pinHashIterations: integer(1),
  resetPinBearer: oneOf('ignored', 'owner-if-sent', 'required'),
  resetPinRequiresBearer: BOOLEAN,
  releaseTimeline: oneOf('clock', 'current'),
  deprecationHeader: oneOf('every-response', 'deprecated-use'),
  requestLogLimit: integer(0),
  requestLogBodies: BOOLEAN,
  strictContentType: BOOLEAN,
  resetClock: oneOf('keep', 'start'),
  forgotPinLimit: FORGOT_PIN_LIMIT,
  rejectReplayedSignatures: BOOLEAN,
  retention: parts('{ webhooks?, outbox?, expiredQrCodeSeconds? }', {
    webhooks: HISTORY_LIMIT,
    outbox: HISTORY_LIMIT,
    expiredQrCodeSeconds: integer(0),
  }),
  keepRecordsSeconds: (value, name) =>
    Number.isSafeInteger(value) && (value as number) >= 1
      ? []
      : [`${name} must be a whole number of seconds >= 1, got ${shown(value)}`],
}

const OPTION_NAMES: readonly string[] = Object.keys(VALUE_RULES)

/**
 * The keys an object option takes: any other is refused as an unknown option, as at the top level. Read from
 * the options by `at` (undefined when the object is not there).
 */
const PART_NAMES: ReadonlyArray<{
  name: string
  at: (options: MockGatewayOptions) => unknown
  keys: readonly string[]
}> = [
  { name: 'clock', at: (o) => o.clock, keys: ['now', 'frozen'] },
  { name: 'settlementBusinessDays', at: (o) => o.settlementBusinessDays, keys: ['refund', 'payout'] },
  { name: 'forgotPinLimit', at: (o) => o.forgotPinLimit, keys: ['max', 'windowSeconds'] },
  { name: 'retention', at: (o) => o.retention, keys: ['webhooks', 'outbox', 'expiredQrCodeSeconds'] },
  { name: 'retention.webhooks', at: (o) => partOf(o.retention, 'webhooks'), keys: ['max', 'maxAgeSeconds'] },
  { name: 'retention.outbox', at: (o) => partOf(o.retention, 'outbox'), keys: ['max', 'maxAgeSeconds'] },
]

function partOf(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined
}

/**
 * Fills in the defaults, after refusing what cannot work: unknown option names first (a `TypeError`), then every
 * value its rule refuses, all in one `RangeError` (`[mock] responseStyle must be 'as-documented' or 'envelope',
 * got "envelop" (did you mean 'envelope'?); autoSettle must be true or false, got "no"`).
 */
export function resolveOptions(options: MockGatewayOptions = {}): ResolvedOptions {
  refuseUnknown(options)
  refuseValues(options)
  const resetPinBearer = resolveResetPinBearer(options)
  const retention = options.retention
  return {
    baseUrl: (options.baseUrl ?? 'https://gateway.mock').replace(/\/+$/, ''),
    clock: options.clock ?? {},
    // A seed given as null is the seed's check's to refuse, not an empty seed.
    seed: options.seed === undefined ? [] : options.seed,
    signatureToleranceSeconds: options.signatureToleranceSeconds ?? LIMITS.signatureToleranceSeconds,
    settlementBusinessDays: {
      refund: options.settlementBusinessDays?.refund ?? LIMITS.refundBusinessDays.max,
      payout: options.settlementBusinessDays?.payout ?? LIMITS.payoutBusinessDays.max,
    },
    unknownPayoutAccount: options.unknownPayoutAccount ?? 'fail-at-settlement',
    emptyStoreList: options.emptyStoreList ?? 'not-found',
    responseStyle: options.responseStyle ?? 'as-documented',
    autoSettle: options.autoSettle ?? true,
    webhookStatuses: options.webhookStatuses ?? ['SUCCESS', 'FAILED'],
    // Looked up at call time, so a test that stubs globalThis.fetch after creating the mock is honoured.
    webhookFetch: options.webhookFetch ?? ((input, init) => globalThis.fetch(input, init)),
    webhookRetrySchedule: [...(options.webhookRetrySchedule ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE)],
    webhookRetryStamp: options.webhookRetryStamp ?? 'fresh',
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    otpDevCode: options.otpDevCode,
    pinHashIterations: options.pinHashIterations ?? 10_000,
    resetPinBearer,
    releaseTimeline: options.releaseTimeline ?? 'clock',
    deprecationHeader: options.deprecationHeader ?? 'every-response',
    requestLogLimit: options.requestLogLimit ?? 1000,
    requestLogBodies: options.requestLogBodies ?? true,
    strictContentType: options.strictContentType ?? true,
    resetClock: options.resetClock ?? 'keep',
    forgotPinLimit: forgotPinLimitOf(options.forgotPinLimit),
    rejectReplayedSignatures: options.rejectReplayedSignatures ?? false,
    retention: {
      webhooks: { ...DEFAULT_RETENTION.webhooks, ...definedOf(retention?.webhooks) },
      outbox: { ...DEFAULT_RETENTION.outbox, ...definedOf(retention?.outbox) },
      expiredQrCodeSeconds: retention?.expiredQrCodeSeconds ?? DEFAULT_RETENTION.expiredQrCodeSeconds,
    },
    keepRecordsSeconds: options.keepRecordsSeconds,
  }
}

/** A history limit's parts that are given (a part given as `undefined` takes the default). */
function definedOf(limit: Partial<HistoryLimit> | undefined): Partial<HistoryLimit> {
  return {
    ...(limit?.max === undefined ? {} : { max: limit.max }),
    ...(limit?.maxAgeSeconds === undefined ? {} : { maxAgeSeconds: limit.maxAgeSeconds }),
  }
}

function forgotPinLimitOf(given: MockGatewayOptions['forgotPinLimit']): ResolvedOptions['forgotPinLimit'] {
  if (given === false) return false
  return given === undefined ? { max: 5, windowSeconds: 900 } : { max: given.max, windowSeconds: given.windowSeconds }
}

/**
 * A key that is no option is refused (a misspelt one would be ignored in silence), in an object option too
 * (`retention.outbox.maxCount`), all in one `TypeError`; and so is `state` beside what it holds.
 */
function refuseUnknown(options: MockGatewayOptions): void {
  const names = (keys: readonly string[]) => keys.map((k) => JSON.stringify(k)).join(', ')
  const problems: string[] = []
  const unknown = Object.keys(options).filter((key) => !OPTION_NAMES.includes(key))
  if (unknown.length > 0)
    problems.push(
      `unknown option${unknown.length > 1 ? 's' : ''} ${names(unknown)}; the options are ${OPTION_NAMES.join(', ')}`,
    )
  for (const part of PART_NAMES) {
    const value = part.at(options)
    const extra = isRecord(value) ? Object.keys(value).filter((key) => !part.keys.includes(key)) : []
    if (extra.length > 0) {
      const s = extra.length > 1 ? 's' : ''
      problems.push(`unknown ${part.name} option${s} ${names(extra)}; they are ${part.keys.join(', ')}`)
    }
  }
  if (problems.length > 0) throw new TypeError(`[mock] ${problems.join('; ')}`)
  if (options.state === undefined) return
  const beside = (['seed', 'clock'] as const).filter((key) => options[key] !== undefined)
  if (beside.length > 0)
    throw new TypeError(
      `[mock] state and ${beside.join(' and ')} cannot be given together: a state holds its merchants and its ` +
        'clock (move the clock after it loaded, or save the scenario with the clock where you want it)',
    )
}

/**
 * Every option's value checked by its rule, all problems in one `RangeError`: a value its option does not take is
 * refused rather than replaced by the default. An option given as `undefined` takes the default.
 */
function refuseValues(options: MockGatewayOptions): void {
  const given = options as Readonly<Record<string, unknown>>
  const problems = Object.entries(VALUE_RULES).flatMap(([name, rule]) =>
    rule === null || given[name] === undefined ? [] : rule(given[name], name),
  )
  if (problems.length > 0) throw new RangeError(`[mock] ${problems.join('; ')}`)
}

/** Default delays between webhook attempts: 1 min, 5 min, 30 min, 2 h, 6 h (then give up). */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]

/** Currency keys of opening balances, as the control API spells them. */
export const BALANCE_KEYS: Readonly<Record<'usd' | 'khr', Currency>> = { usd: 'USD', khr: 'KHR' }

/**
 * How reset-pin treats a bearer token.
 *
 * @example
 * ```ts
 * const strict: ResetPinBearer = 'required'
 * ```
 */
export type ResetPinBearer = 'ignored' | 'owner-if-sent' | 'required'

/** `resetPinBearer`, or what the older `resetPinRequiresBearer` meant; both given must agree. */
function resolveResetPinBearer(options: MockGatewayOptions): ResetPinBearer {
  const legacy = options.resetPinRequiresBearer
  const fromLegacy: ResetPinBearer | undefined = legacy === undefined ? undefined : legacy ? 'required' : 'ignored'
  if (options.resetPinBearer !== undefined && fromLegacy !== undefined && options.resetPinBearer !== fromLegacy) {
    throw new RangeError(
      `[mock] resetPinBearer ${JSON.stringify(options.resetPinBearer)} and resetPinRequiresBearer ${legacy} ` +
        "disagree; give resetPinBearer alone ('ignored', 'owner-if-sent' or 'required')",
    )
  }
  return options.resetPinBearer ?? fromLegacy ?? 'ignored'
}
