/**
 * @module request-log
 * The requests the mock answered, newest last, with what a user debugging an integration wants to see:
 * status, duration, merchant, idempotency key, the contract era in force, and the warnings the service
 * logged (a deprecated header or form that the era still accepts). Kept up to a configurable count
 * (option `requestLogLimit`); the oldest entries leave first.
 *
 * Each request's handling fills a {@link RequestNotes} as it learns things (authentication names the
 * merchant, the key, the deprecated uses), so a request refused half-way is logged with what was known.
 *
 * Each entry also keeps, for a typed query by operation (`list({ operation })`, {@link ReceivedRequest}), the
 * operation's name, the code of a refusal, the headers and the body as the operation read it, secrets redacted
 * when the request arrived (log-redaction.ts). The plain list shows the entries as they always were.
 */
import type { IncomingRequest } from './answer.js'
import type { DeprecatedUse, EraName } from '@merchant-gateway/contract'
import { redactQuery } from './log-redaction.js'
import type { FormAndBody, ServiceOperation } from './request-bodies.js'

export { redactQuery } from './log-redaction.js'

/**
 * One answered request.
 *
 * @example
 * ```ts
 * const [last] = mock.requests.list({ limit: 1 })
 * // e.g. ['no X-Idempotent-Key: accepted for now; refused with 400 missing_idempotent_key from
 * //   2026-01-20T00:00:00Z (release 1.3.0)']
 * last?.warnings
 * ```
 */
export interface RequestLogEntry {
  /** Position in the log since the mock started (or was reset): 1, 2, 3... */
  seq: number
  /** Mock-clock time the request arrived, ISO 8601. */
  at: string
  method: string
  /** Path and query, as requested. */
  path: string
  /** The status answered; null when no answer was sent (an injected network fault or a dropped response). */
  status: number | null
  /** Real milliseconds spent answering. */
  durationMs: number
  /** The `X-Trace-Id` of the answer. */
  traceId: string
  /** The contract era in force when the request arrived. */
  era: EraName
  /** The merchant whose X-Api-Key was accepted, if any. */
  merchantId: number | null
  /** The PIN module user whose bearer token was accepted, if any. */
  userId: number | null
  idempotencyKey: string | null
  /** True when the answer was replayed from the idempotency record of the key. */
  replayed: boolean
  /** Refund and payout: the request form, `current` (signed camelCase) or `earlier` (unsigned snake_case). */
  form: 'current' | 'earlier' | null
  /** What the service logged about this request: deprecated uses the era still accepts. */
  warnings: string[]
}

/**
 * Which entries `mock.requests.list()` returns. Every given field must match.
 *
 * @example
 * ```ts
 * mock.requests.list({ path: '/order/refund', status: 400, limit: 10 })
 * mock.requests.list({ withWarnings: true })
 * ```
 */
export interface RequestLogFilter {
  method?: string
  /** A part of the path (`/order/refund`). */
  path?: string
  /** An exact status, or a class: `'4xx'`. */
  status?: number | `${1 | 2 | 3 | 4 | 5}xx`
  merchantId?: number
  /** Only entries with (true) or without (false) warnings. */
  withWarnings?: boolean
  /** Only entries after this `seq` (to poll for new ones). */
  afterSeq?: number
  /** At most this many, the newest. */
  limit?: number
  /**
   * Only the calls of this operation (`'refundOrder'`, `'verifyPin'`), each as a {@link ReceivedRequest}: with
   * its body typed from the operation table, the code of a refusal and the headers.
   */
  operation?: ServiceOperation
}

/**
 * One call of an operation as the request log kept it: the entry of `mock.requests.list()` with the
 * operation's name, its body as the operation read it (typed from the operation table), the code of a refusal
 * and the headers.
 *
 * - `body`: the request's JSON body once it passed the operation's request schema, in the form it came in
 *   (refund and payout: `form` is `'current'` or `'earlier'`, the snake_case form of before release 1.4.0); for
 *   transaction detail, its query parameters (and the POST body's fields); `null` when the request was refused
 *   before its body was read as the operation's (a fault, authentication, the media type, an invalid body: the
 *   status and `refusal` say which), for an operation without a body, and when the mock keeps no bodies
 *   (`requestLogBodies: false`). PIN fields, one-time codes, reset session ids and credentials are
 *   `'[redacted]'`.
 * - `refusal`: the code of a refused request's answer (the gateway's `error.code`, the PIN module's `code`);
 *   `null` for a success, a refusal without a code (the gateway's status-style bodies) and no answer.
 * - `headers`: names in lower case; `X-Api-Key`, `X-Signature`, `Authorization`, `Cookie`, `X-Mock-Token` and
 *   any name holding `token`, `secret`, `password`, `api_key`, `authorization`, `cookie` or `signature` are
 *   `'[redacted]'`.
 *
 * @example
 * ```ts
 * const [refund] = mock.requests.list({ operation: 'refundOrder' })
 * if (refund?.form === 'current') refund.body?.orderId // a number
 * refund?.refusal // 'refund_exceeds_amount', or null for a success
 * refund?.headers['x-signature'] // '[redacted]'
 * ```
 */
export type ReceivedRequest<Id extends ServiceOperation = ServiceOperation> = Id extends ServiceOperation
  ? Omit<RequestLogEntry, 'form'> & {
      operation: Id
      refusal: string | null
      headers: Record<string, string>
    } & FormAndBody<Id>
  : never

/** What the handling of one request learns on its way, for its log entry and its deprecation header. */
export interface RequestNotes {
  merchantId: number | null
  userId: number | null
  idempotencyKey: string | null
  form: 'current' | 'earlier' | null
  replayed: boolean
  /**
   * Deprecated things the request did (whether the era still accepts them or not); undefined while none (most
   * requests: no set made for them). Added with {@link noteUse}.
   */
  uses: Set<DeprecatedUse> | undefined
  warnings: string[]
  /** The operation whose route took the request; null for a path no route takes. */
  operation: ServiceOperation | null
  /** The code of the refusal answered, if any. */
  refusal: string | null
  /** The headers, secrets redacted (none kept: empty). */
  headers: Record<string, string>
  /** The body once the operation read it (see {@link ReceivedRequest}), secrets redacted. */
  body: unknown
}

/** A request as it arrived: what its log entry needs besides the notes and the answer. */
export interface Arrival {
  method: string
  path: string
  /** Mock-clock milliseconds at arrival. */
  atMs: number
  /** `performance.now()` at arrival. */
  startedAt: number
  era: EraName
}

/** Marks a request's arrival. */
export function arrive(request: IncomingRequest, atMs: number, era: EraName): Arrival {
  // The path and query are what follows the origin: no URL is parsed on the request path for the log.
  const url = request.url
  const start = url.indexOf('/', url.indexOf('//') + 2)
  return {
    method: request.method,
    path: start === -1 ? '/' : redactQuery(url.slice(start)),
    atMs,
    startedAt: performance.now(),
    era,
  }
}

/** Logs the answer to a request that arrived at `arrival`. `status` null: no answer was sent. */
export function logAnswer(
  log: RequestLog,
  arrival: Arrival,
  traceId: string,
  status: number | null,
  notes: RequestNotes,
): void {
  // A log that keeps nothing builds no entry: only the count goes on.
  if (!log.keeps) {
    log.count()
    return
  }
  log.record({
    seq: 0,
    atMs: arrival.atMs,
    method: arrival.method,
    path: arrival.path,
    status,
    durationMs: Math.round((performance.now() - arrival.startedAt) * 100) / 100,
    traceId,
    era: arrival.era,
    merchantId: notes.merchantId,
    userId: notes.userId,
    idempotencyKey: notes.idempotencyKey,
    replayed: notes.replayed,
    form: notes.form,
    warnings: notes.warnings,
    operation: notes.operation,
    refusal: notes.refusal,
    headers: notes.headers,
    body: notes.body,
  })
}

/** Empty notes for a request that just arrived. */
export function newNotes(): RequestNotes {
  return {
    merchantId: null,
    userId: null,
    idempotencyKey: null,
    form: null,
    replayed: false,
    uses: undefined,
    warnings: [],
    operation: null,
    refusal: null,
    headers: NO_HEADERS,
    body: null,
  }
}

/**
 * Notes a deprecated thing the request did.
 *
 * @example
 * ```ts
 * noteUse(notes, 'legacy-auth')
 * ```
 */
export function noteUse(notes: RequestNotes, use: DeprecatedUse): void {
  if (notes.uses === undefined) notes.uses = new Set([use])
  else notes.uses.add(use)
}

/** The headers of a request whose headers are not kept: one shared, frozen empty record. */
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>

/**
 * A bounded log of answered requests, oldest first, with lookup by trace id.
 *
 * @example
 * ```ts
 * const log = new RequestLog(1000)
 * const arrival = arrive(request, ctx.clock.now(), '1.4.0-full-enforcement')
 * logAnswer(log, arrival, 'trc_0123', 200, newNotes())
 * log.get('trc_0123')?.status // 200
 * ```
 */
export class RequestLog {
  /** A ring: the oldest entry is at `#start` once the ring is full. */
  #ring: StoredEntry[] = []
  #start = 0
  #seq = 0

  constructor(readonly limit: number) {}

  /** Adds an entry, as given (not copied), numbering it (`seq`); the oldest leaves when the log is full. */
  record(full: StoredEntry): void {
    full.seq = ++this.#seq
    if (this.limit === 0) return
    if (this.#ring.length < this.limit) {
      this.#ring.push(full)
    } else {
      this.#ring[this.#start] = full
      this.#start = (this.#start + 1) % this.limit
    }
  }

  /**
   * Whether entries are kept at all (a limit above 0). A log that keeps none is told so before a request is
   * handled: no headers or body are redacted for it, and no entry is built.
   */
  get keeps(): boolean {
    return this.limit > 0
  }

  /** Counts a request answered and not kept (a log whose limit is 0): the sequence goes on. */
  count(): void {
    ++this.#seq
  }

  /** How many requests were answered since the start (or the last clear): the newest entry's `seq`. */
  get lastSeq(): number {
    return this.#seq
  }

  /** Number of entries kept. */
  get size(): number {
    return this.#ring.length
  }

  /**
   * The entry answered with this trace id, if still kept (a copy): the newest first, so the lookup of a request
   * just answered (the server's log line) ends at once; no index by trace id is kept up per request.
   */
  get(traceId: string): RequestLogEntry | undefined {
    const ring = this.#ring
    for (let i = ring.length - 1; i >= 0; i--) {
      const entry = ring[(this.#start + i) % ring.length]!
      if (entry.traceId === traceId) return published(entry)
    }
    return undefined
  }

  /**
   * The kept entries that match, oldest first (copies); with `operation`, the calls of that operation with
   * their operation, refusal, headers and body.
   */
  list<Id extends ServiceOperation>(filter: RequestLogFilter & { operation: Id }): ReceivedRequest<Id>[]
  list(filter?: RequestLogFilter): RequestLogEntry[]
  list(filter: RequestLogFilter = {}): RequestLogEntry[] | ReceivedRequest[] {
    const show = filter.operation === undefined ? published : received
    const out: (RequestLogEntry | ReceivedRequest)[] = []
    for (let i = 0; i < this.#ring.length; i++) {
      const entry = this.#ring[(this.#start + i) % this.#ring.length]!
      if (matches(entry, filter)) out.push(show(entry))
    }
    const kept = filter.limit !== undefined ? out.slice(Math.max(0, out.length - filter.limit)) : out
    return kept as RequestLogEntry[] | ReceivedRequest[]
  }

  /** Forgets every entry and starts the sequence again. */
  clear(): void {
    this.#ring = []
    this.#start = 0
    this.#seq = 0
  }
}

/**
 * An entry as kept: the arrival time as a number, formatted only when someone reads the log; the operation,
 * the refusal, the headers and the body for a query by operation.
 */
type StoredEntry = Omit<RequestLogEntry, 'at'> & {
  atMs: number
  operation: ServiceOperation | null
  refusal: string | null
  headers: Record<string, string>
  body: unknown
}

function published({ seq, atMs, warnings, operation, refusal, headers, body, ...rest }: StoredEntry): RequestLogEntry {
  return { seq, at: new Date(atMs).toISOString(), ...rest, warnings: [...warnings] }
}

/** An entry of a query by operation: the plain entry, then what that query adds, each a copy. */
function received(entry: StoredEntry): ReceivedRequest {
  return {
    ...published(entry),
    operation: entry.operation,
    refusal: entry.refusal,
    headers: { ...entry.headers },
    body: entry.body === null ? null : structuredClone(entry.body),
  } as ReceivedRequest
}

function matches(entry: StoredEntry, filter: RequestLogFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false
  if (filter.path !== undefined && !entry.path.includes(filter.path)) return false
  if (filter.merchantId !== undefined && entry.merchantId !== filter.merchantId) return false
  if (filter.withWarnings !== undefined && entry.warnings.length > 0 !== filter.withWarnings) return false
  if (filter.afterSeq !== undefined && entry.seq <= filter.afterSeq) return false
  if (filter.operation !== undefined && entry.operation !== filter.operation) return false
  if (filter.status !== undefined) {
    if (typeof filter.status === 'number') return entry.status === filter.status
    return entry.status !== null && Math.floor(entry.status / 100) === Number(filter.status[0])
  }
  return true
}
