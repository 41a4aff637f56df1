/**
 * @module faults
 * Injected faults, so a client's error handling and retries can be tested on purpose. A fault targets
 * a route (`"POST /api/v1/payment-gateway/order/refund"`, or `"*"` for every route) and fires for the
 * next `times` matching requests (default 1; `"always"` until cleared). One fault fires per request,
 * the oldest first. The kinds:
 *
 * - `latency`: waits `delayMs` (default 1000) and then processes normally. For refund and payout the
 *   wait comes after the idempotency key is taken, so a duplicate sent meanwhile sees it in flight.
 * - `error`: answers `status` (default 500) with the status-style body, without processing.
 * - `network`: fails like a dropped connection (fetch rejects), without processing.
 * - `drop-response`: processes the request and commits it, then drops the response, so the client
 *   cannot know it succeeded: the case an idempotent retry exists for.
 */
import { RuleError } from '../domain/rule-error.js'

/**
 * Kinds of fault.
 *
 * @example
 * ```ts
 * const kind: FaultKind = 'drop-response'
 * mock.faults.add({ route: 'POST /api/v1/payment-gateway/order/refund', kind })
 * ```
 */
export type FaultKind = 'latency' | 'error' | 'network' | 'drop-response'

/**
 * A fault to inject, as the control API takes it.
 *
 * @example
 * ```ts
 * const spec: FaultSpec = { route: '*', kind: 'error', status: 503, times: 'always' }
 * mock.faults.add(spec)
 * ```
 */
export interface FaultSpec {
  route: string
  kind: FaultKind
  status?: number
  delayMs?: number
  times?: number | 'always'
}

/**
 * A registered fault and how many times it still fires.
 *
 * @example
 * ```ts
 * const fault: Fault = mock.faults.add({ route: 'POST /api/v1/payment-gateway/order/payout', kind: 'latency',
 *   delayMs: 2000 })
 * fault.remaining // 1
 * ```
 */
export interface Fault {
  id: number
  route: string
  kind: FaultKind
  status: number
  delayMs: number
  remaining: number | 'always'
}

const KINDS: readonly FaultKind[] = ['latency', 'error', 'network', 'drop-response']
const ROUTE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/\S*$/

/**
 * The faults of one mock instance.
 *
 * @example
 * ```ts
 * faults.add({ route: 'POST /api/v1/payment-gateway/order/refund', kind: 'drop-response' })
 * faults.take('POST', '/api/v1/payment-gateway/order/refund') // the fault, once
 * ```
 */
export class FaultRegistry {
  #faults: Fault[] = []
  #nextId = 1

  /**
   * `methodsOf` names the methods a path of the service takes (undefined for no such path), so that a
   * fault on a route that does not exist is refused instead of waiting forever for a request.
   */
  constructor(private readonly methodsOf: (path: string) => string | undefined = () => 'GET, POST') {}

  /** Registers a fault after checking it; a bad spec is a 400 naming the field. */
  add(spec: FaultSpec): Fault {
    if (typeof spec !== 'object' || spec === null) throw new RuleError(400, 'fault must be an object')
    if (typeof spec.route !== 'string' || (spec.route !== '*' && !ROUTE.test(spec.route))) {
      throw new RuleError(
        400,
        'route must be "*" or "<METHOD> <path>", e.g. "POST /api/v1/payment-gateway/order/refund"',
      )
    }
    if (spec.route !== '*') {
      const [method, path] = spec.route.split(' ') as [string, string]
      const methods = this.methodsOf(path)
      if (methods === undefined)
        throw new RuleError(
          400,
          `route ${spec.route}: the service has no path ${path} (a gateway or PIN ` +
            `module path, e.g. /api/v1/payment-gateway/order/refund)`,
        )
      if (!methods.split(', ').includes(method))
        throw new RuleError(400, `route ${spec.route}: ${path} takes ${methods}, not ${method}`)
    }
    if (!KINDS.includes(spec.kind)) throw new RuleError(400, `kind must be one of ${KINDS.join(', ')}`)
    const status = spec.status ?? 500
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new RuleError(400, 'status must be an integer from 400 to 599')
    const delayMs = spec.delayMs ?? 1000
    if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 600_000)
      throw new RuleError(400, 'delayMs must be a number from 0 to 600000')
    const times = spec.times ?? 1
    if (times !== 'always' && (!Number.isInteger(times) || times < 1 || times > 1_000_000))
      throw new RuleError(400, 'times must be an integer from 1 to 1000000, or "always"')
    const fault: Fault = { id: this.#nextId++, route: spec.route, kind: spec.kind, status, delayMs, remaining: times }
    this.#faults.push(fault)
    return { ...fault }
  }

  /** The oldest fault matching the request, counted as fired; undefined when none applies. */
  take(method: string, path: string): Fault | undefined {
    const route = `${method.toUpperCase()} ${path}`
    const index = this.#faults.findIndex((f) => f.route === '*' || f.route === route)
    if (index === -1) return undefined
    const fault = this.#faults[index]!
    if (fault.remaining !== 'always') {
      fault.remaining -= 1
      if (fault.remaining === 0) this.#faults.splice(index, 1)
    }
    return { ...fault }
  }

  /** The faults still armed. */
  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }))
  }

  /** Disarms every fault. */
  clear(): void {
    this.#faults = []
  }

  /** The id the next fault gets (a saved state keeps it, so that ids never repeat). */
  get nextId(): number {
    return this.#nextId
  }

  /**
   * Replaces the armed faults with those of a loaded state, in their order, and sets the next id. The state was
   * checked beforehand ({@link FaultRegistry.problem} for each fault, ids unique and below `nextId`).
   */
  restore(faults: readonly Fault[], nextId: number): void {
    this.#faults = faults.map((f) => ({ ...f }))
    this.#nextId = nextId
  }

  /**
   * What is wrong with a fault of a loaded state, as the message {@link FaultRegistry.add} would refuse it with,
   * or undefined when it could have been armed here.
   *
   * @example
   * ```ts
   * faults.problem({ route: 'POST /nowhere', kind: 'error', status: 500, delayMs: 0, remaining: 1 })
   * // 'route POST /nowhere: the service has no path /nowhere (...)'
   * ```
   */
  problem(fault: Omit<Fault, 'id'>): string | undefined {
    try {
      const check = new FaultRegistry(this.methodsOf)
      check.add({
        route: fault.route,
        kind: fault.kind,
        status: fault.status,
        delayMs: fault.delayMs,
        times: fault.remaining,
      })
      return undefined
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }
}
