/**
 * @module call
 * One logical call as the SDK's ky hooks see it: it counts the attempts, runs the transport's work at the
 * start of each (the gateway signs there), and when an attempt ends reports it to the logger and passes
 * a deprecation warning on. ky hands it to the hooks through `options.context`, under a symbol, so the
 * hooks of one ky instance serve every call of the client.
 */
import { HEADERS } from '@merchant-gateway/contract/constants'
import type { DeprecationReporter, DeprecationWarningHandler } from './deprecation.js'
import { redactHeaders, type Logger } from './logger.js'

/** What a client reports attempts and deprecations to; one per client. */
export interface CallObserver {
  readonly client: 'gateway' | 'pin'
  readonly logger: Logger | undefined
  /** Shared by the clients made with `withOptions`. */
  readonly notices: DeprecationReporter
  readonly onDeprecationWarning: DeprecationWarningHandler | undefined
}

/** The transport's work at the start of an attempt, before the merchant's hooks run. */
export interface AttemptWork {
  /** Throws to stop before the attempt (the gateway's deadline guard); runs before it is counted. */
  guard?(): void
  /** Prepares the request (the gateway signs it). */
  prepare?(request: Request): void | Promise<void>
}

/** What a call is, for its hooks, logs and deprecation reports. */
export interface CallInfo {
  readonly operation: string
  /** Upper case. */
  readonly method: string
  /** Path and query, relative to the base URL. */
  readonly path: string
  readonly idempotencyKey: string | undefined
}

/** The key of the {@link Call} in ky's `options.context`. */
const CALL = Symbol('merchant-gateway.call')

/**
 * The state of one logical call across its attempts.
 *
 * @example
 * ```ts
 * const call = new Call(observer, { operation: 'refundOrder', method: 'POST', path, idempotencyKey }, {
 *   prepare: sign })
 * await ky(path, { ...options, context: call.context() })
 * call.attempts // 2 after one retry
 * ```
 */
export class Call {
  /** Attempts begun so far. */
  attempts = 0
  /** Why the next attempt is made, set by the retry decision. */
  declare retryReason: string | undefined
  #open = false
  #startedAt = 0
  #headers: Headers | undefined
  #reason: string | undefined

  constructor(
    readonly observer: CallObserver,
    readonly info: CallInfo,
    readonly work: AttemptWork = {},
  ) {}

  /** The `context` option of the call: the call itself, and what a merchant's hooks may read. */
  context(): Record<string, unknown> {
    return { operation: this.info.operation, idempotencyKey: this.info.idempotencyKey, [CALL]: this } as Record<
      string,
      unknown
    >
  }

  /** An attempt begins (the SDK's first `beforeRequest` / `beforeRetry` hook). */
  begin(request: Request, previous?: Error): void | Promise<void> {
    this.work.guard?.()
    // An attempt whose end nobody saw (a retry forced by a merchant's hook) ends here.
    if (this.#open) this.fail(previous?.name ?? 'retried')
    this.#reason = this.attempts++ === 0 ? undefined : (this.retryReason ?? previous?.name)
    this.retryReason = undefined
    this.#open = true
    this.#headers = request.headers
    this.#startedAt = performance.now()
    return this.work.prepare?.(request)
  }

  /** The merchant's hooks are done: the attempt's clock starts (the SDK's last hook). */
  started(): void {
    this.#startedAt = performance.now()
  }

  /** The attempt ended with an answer (its body read). */
  answered(response: Response): void {
    if (!this.#close()) return
    const text = response.headers.get(HEADERS.deprecationWarning)
    const { observer, info } = this
    if (text) observer.notices.report(text, { method: info.method, path: info.path }, observer.onDeprecationWarning)
    this.#log(response.status)
  }

  /** The attempt ended without an answer (`label`: 'network error', 'timeout', 'aborted', ...). */
  fail(label: string): void {
    if (this.#close()) this.#log(undefined, label)
  }

  #close(): boolean {
    const open = this.#open
    this.#open = false
    return open
  }

  #log(status: number | undefined, error?: string): void {
    const { logger, client } = this.observer
    if (logger === undefined) return
    const { operation, method, path, idempotencyKey } = this.info
    const durationMs = Math.round((performance.now() - this.#startedAt) * 10) / 10
    const retryReason = this.#reason
    const entry = {
      client,
      operation,
      method,
      path,
      attempt: this.attempts,
      status,
      durationMs,
      idempotencyKey,
      retryReason,
      error,
      headers: this.#headers ? redactHeaders(this.#headers) : {},
    }
    const message =
      `merchant-gateway ${method} ${path} attempt ${this.attempts}: ${status ?? error} in ${durationMs} ms` +
      (retryReason ? ` (retry after ${retryReason})` : '') +
      (idempotencyKey ? ` X-Idempotent-Key ${idempotencyKey}` : '')
    try {
      if (status! >= 200 && status! < 300) logger.debug(message, entry)
      else logger.warn(message, entry)
    } catch {
      // A logger that throws must not fail a payment call.
    }
  }
}

/** The {@link Call} a hook runs for. */
export function callOf(options: { context: Record<string, unknown> }): Call {
  return (options.context as unknown as Record<symbol, Call>)[CALL]!
}
