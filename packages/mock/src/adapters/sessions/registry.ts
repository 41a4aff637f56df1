/**
 * @module adapters/sessions/registry
 * A server's sessions: each an isolated mock of its own (store, clock, faults, webhooks and their dispatcher,
 * request log, idempotency records, one-time codes) with its app mounted under `/s/<id>`. Made on request
 * within the server's caps (how many, how much memory they hold), ended on request or once idle for the
 * server's idle time (real time, not a session's mock clock, which a test may freeze), and listed with what
 * each holds. Nothing of one session is reachable from another: each has its own mock and its own app, and
 * a session is found by its whole id only.
 */
import type { MockGatewayOptions } from '../../options.js'
import type { MockGateway } from '../../wire-gateway.js'
import { RuleError } from '../../domain/rule-error.js'
import type { MockApp } from '../app/app.js'
import { sessionOptionsOf, type SessionStart } from './session-body.js'
import { isSessionId, newSessionId, SESSIONS_PATH } from './session-id.js'
import { sessionMemory } from './session-memory.js'

/**
 * The caps and the idle time of a server's sessions, with their defaults filled in.
 *
 * @example
 * ```ts
 * const limits: SessionLimits = { idleSeconds: 1800, max: 100, maxMemoryMb: 256 }
 * ```
 */
export interface SessionLimits {
  /** Real seconds without a request after which a session ends; 0: never. */
  idleSeconds: number
  /** How many sessions may live at once. */
  max: number
  /** How much memory (MB, estimated: session-memory.ts) the sessions may hold together before new ones are refused. */
  maxMemoryMb: number
}

/**
 * A demo merchant's keys, as a new session hands them out (the server's banner prints the same for the root).
 *
 * @example
 * ```ts
 * const merchant: SessionMerchant = { merchantId: 1, appId: 100001, name: 'Demo Merchant', apiKey: 'mk_test_demo',
 *   apiSecret: 'sk_test_demo', storeId: 101, webhookUrl: null }
 * ```
 */
export interface SessionMerchant {
  merchantId: number
  appId: number
  name: string
  /** Sent as `X-Api-Key`. */
  apiKey: string
  /** Signs refunds and payouts; never sent. */
  apiSecret: string
  /** The merchant's first store, or null when it has none. */
  storeId: number | null
  /** Where its webhooks are POSTed; null: only recorded (`GET <baseUrl>/__mock/webhooks`). */
  webhookUrl: string | null
}

/**
 * A session just made: its id, its base URL and its first merchant's keys; in code also its mock, whose
 * in-process control API drives the same state the session's `/__mock` routes do.
 *
 * @example
 * ```ts
 * const session: MockSession = await server.sessions.create()
 * await fetch(`${session.baseUrl}/api/v1/payment-gateway/stores/list`, { method: 'POST',
 *   headers: { 'X-Api-Key': session.merchant!.apiKey } })
 * ```
 */
export interface MockSession {
  /** 24 characters of base64url, 144 random bits. */
  id: string
  /** `http://<host>:<port>/s/<id>`: every route of the mock is under it. */
  baseUrl: string
  /** When it was made (ISO 8601, real time). */
  createdAt: string
  /** The demo merchant (for a session from a saved state, its first active merchant), or null when none. */
  merchant: SessionMerchant | null
  /** The session's mock, in this process. */
  mock: MockGateway
}

/**
 * One line of the list of sessions.
 *
 * @example
 * ```ts
 * const entry: SessionEntry = (await server.sessions.list())[0]!
 * entry.memoryBytes // 167_040
 * ```
 */
export interface SessionEntry {
  id: string
  baseUrl: string
  createdAt: string
  /** The last request to it (ISO 8601, real time). */
  lastUsedAt: string
  /** When it ends if nothing calls it meanwhile; null when sessions never expire. */
  expiresAt: string | null
  /** What it holds, estimated from its records and logged requests (bytes). */
  memoryBytes: number
}

/** What the registry needs of its server. */
export interface RegistryConfig {
  /** The origin the server's requests are read on (the root mock's): each session's mock answers under it. */
  origin: string
  /** The server's own URL, for base URLs when the client's `Host` cannot be used. */
  serverUrl: string
  /** The mock options every session starts from (the body's fields go over them). */
  start: SessionStart
  limits: SessionLimits
  /** Makes a session's mock (the server's `createMockGateway`, or the CLI's maker, which loads no msw). */
  make(options: MockGatewayOptions): MockGateway
  /** The app of a session's mock, mounted at `prefix`. */
  app(mock: MockGateway, prefix: string): MockApp
  /** Real time in ms (tests give a clock of their own). Default `Date.now`. */
  now?: () => number
  /**
   * Told the number of live sessions after a session is made or ended (the server keeps its sweep of idle
   * sessions running only while there are some).
   */
  changed?: (live: number) => void
}

interface Live {
  id: string
  mock: MockGateway
  app: MockApp
  createdAt: number
  lastUsedAt: number
}

/** A Host header that is a host name or address with an optional port, and nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i

/**
 * A server's sessions.
 *
 * @example
 * ```ts
 * const sessions = new SessionRegistry({ origin, serverUrl, start: { seed: [DEMO_MERCHANT] }, limits,
 *   app: (mock, prefix) => createMockApp(mock, { serverUrl: mock.baseUrl, prefix }) })
 * const { id, baseUrl } = await sessions.create({ frozen: true })
 * ```
 */
export class SessionRegistry {
  readonly #config: RegistryConfig
  readonly #now: () => number
  readonly #live = new Map<string, Live>()
  /** Sessions being made: they count against the cap before they exist, so that racing requests cannot pass it. */
  #making = 0

  constructor(config: RegistryConfig) {
    this.#config = config
    this.#now = config.now ?? Date.now
  }

  /** The caps and idle time. */
  get limits(): SessionLimits {
    return this.#config.limits
  }

  /**
   * Makes a session. `host`: the `Host` the client called, which its base URL names. Throws a `RuleError`: 400
   * for options it refuses (naming the field), 429 at a cap (naming the option that raises it).
   */
  async create(options: unknown = {}, host?: string): Promise<MockSession> {
    this.sweep()
    const start = sessionOptionsOf(options, this.#config.start)
    const { max } = this.#config.limits
    if (this.#live.size + this.#making >= max)
      throw new RuleError(
        429,
        `The server holds ${max} session${max === 1 ? '' : 's'}, its most (--max-sessions, option sessions.max): ` +
          'end one with DELETE /__mock/sessions/<id>, let an idle one end (--session-idle-seconds), or start the ' +
          'server with a larger --max-sessions',
      )
    this.#making++
    try {
      const id = newSessionId()
      const prefix = `${SESSIONS_PATH}${id}`
      let mock: MockGateway
      try {
        mock = this.#config.make({ ...start, baseUrl: `${this.#config.origin}${prefix}` })
        await mock.ready
      } catch (error) {
        throw asRefusal(error)
      }
      await this.#checkMemory(mock)
      const made = this.#now()
      const app = this.#config.app(mock, prefix)
      this.#live.set(id, { id, mock, app, createdAt: made, lastUsedAt: made })
      this.#changed()
      return { id, baseUrl: this.#baseUrl(id, host), createdAt: iso(made), merchant: await firstMerchant(mock), mock }
    } finally {
      this.#making--
    }
  }

  /** The live sessions, oldest first, each with what it holds. */
  async list(host?: string): Promise<SessionEntry[]> {
    this.sweep()
    const idleMs = this.#config.limits.idleSeconds * 1000
    return Promise.all(
      [...this.#live.values()].map(async (live) => ({
        id: live.id,
        baseUrl: this.#baseUrl(live.id, host),
        createdAt: iso(live.createdAt),
        lastUsedAt: iso(live.lastUsedAt),
        expiresAt: idleMs > 0 ? iso(live.lastUsedAt + idleMs) : null,
        memoryBytes: sessionMemory(await live.mock.stats()),
      })),
    )
  }

  /** Ends a session: its routes answer 404 from now on. Throws a 404 `RuleError` for an id of no live session. */
  end(id: string): void {
    this.sweep()
    if (!this.#live.delete(id)) throw new RuleError(404, sessionGone(id))
    this.#changed()
  }

  /** The app of a live session, marked as used now; undefined for an id of no live session. */
  use(id: string): MockApp | undefined {
    if (!isSessionId(id)) return undefined
    const live = this.#live.get(id)
    if (!live) return undefined
    const now = this.#now()
    if (this.#expired(live, now)) {
      this.#live.delete(id)
      this.#changed()
      return undefined
    }
    live.lastUsedAt = now
    return live.app
  }

  /** The mocks of the live sessions (the server's tick runs their due work). */
  mocks(): MockGateway[] {
    return [...this.#live.values()].map((live) => live.mock)
  }

  /** Ends the sessions idle for the idle time. */
  sweep(): void {
    const now = this.#now()
    const before = this.#live.size
    for (const live of this.#live.values()) if (this.#expired(live, now)) this.#live.delete(live.id)
    if (this.#live.size !== before) this.#changed()
  }

  /** Ends every session (the server closes). */
  clear(): void {
    this.#live.clear()
    this.#changed()
  }

  /** Whole seconds until an idle session ends and frees a place (undefined when sessions never expire). */
  secondsUntilFree(): number | undefined {
    const idleMs = this.#config.limits.idleSeconds * 1000
    if (idleMs === 0 || this.#live.size === 0) return undefined
    let oldest = Number.POSITIVE_INFINITY
    for (const live of this.#live.values()) oldest = Math.min(oldest, live.lastUsedAt)
    return Math.max(1, Math.ceil((oldest + idleMs - this.#now()) / 1000))
  }

  #changed(): void {
    this.#config.changed?.(this.#live.size)
  }

  #expired(live: Live, now: number): boolean {
    const idleMs = this.#config.limits.idleSeconds * 1000
    return idleMs > 0 && now - live.lastUsedAt >= idleMs
  }

  /** Refuses a new session whose memory would take the sessions over their cap. */
  async #checkMemory(mock: MockGateway): Promise<void> {
    const { maxMemoryMb } = this.#config.limits
    const held = await Promise.all([...this.#live.values()].map(async (live) => sessionMemory(await live.mock.stats())))
    const mine = sessionMemory(await mock.stats())
    const total = held.reduce((sum, bytes) => sum + bytes, mine)
    if (total <= maxMemoryMb * 1024 * 1024) return
    throw new RuleError(
      429,
      `The sessions would hold about ${mb(total)} MB with this one, over the ${maxMemoryMb} MB they may hold ` +
        '(--max-session-memory-mb, option sessions.maxMemoryMb): end sessions with DELETE /__mock/sessions/<id>, ' +
        'let idle ones end (--session-idle-seconds), or start the server with a larger --max-session-memory-mb',
    )
  }

  /** The base URL a client that called `host` reaches a session by. */
  #baseUrl(id: string, host: string | undefined): string {
    const origin = host !== undefined && HOST.test(host) ? `http://${host}` : this.#config.serverUrl
    return `${origin}${SESSIONS_PATH}${id}`
  }
}

/**
 * The message of the 404 for a session that ended, expired or never existed: the same for all three, so
 * that an answer never tells whether an id was ever in use.
 *
 * @example
 * ```ts
 * sessionGone('abc') // 'No session abc: it ended, expired or never existed; POST /__mock/sessions makes one'
 * ```
 */
export function sessionGone(id: string): string {
  // `/s/` alone names no session: say so rather than print an empty id.
  if (id === '') return 'No session id after /s/: POST /__mock/sessions makes one and answers its baseUrl'
  return `No session ${id.slice(0, 64)}: it ended, expired or never existed; POST /__mock/sessions makes one`
}

/**
 * An option the mock refused (its checks' RangeError or TypeError, a state's RuleError) as a 400. A state's
 * problems are named by their place in the saved document (`format`, `state.orders[0]`), which is itself the
 * body's `state`: the lead says so, so that a document without its own `state` does not read `state: state:`.
 */
function asRefusal(error: unknown): unknown {
  if (error instanceof RuleError)
    return error.status === 400 ? new RuleError(400, `state (a saved mock state): ${error.message}`) : error
  if (error instanceof RangeError || error instanceof TypeError)
    return new RuleError(400, error.message.replace(/^\[mock\] /, ''))
  return error
}

/** The session's first active merchant (the demo merchant of a session made from the server's seed). */
async function firstMerchant(mock: MockGateway): Promise<SessionMerchant | null> {
  const { merchants } = await mock.snapshot({ limit: 500 })
  const first = [...merchants].reverse().find((m) => m.removedAt === null)
  if (!first) return null
  return {
    merchantId: first.merchantId,
    appId: first.appId,
    name: first.name,
    apiKey: first.apiKey,
    apiSecret: first.apiSecret,
    storeId: first.stores[0]?.storeId ?? null,
    webhookUrl: first.webhookUrl,
  }
}

const iso = (ms: number) => new Date(ms).toISOString()
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)
