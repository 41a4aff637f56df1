/**
 * @module control-diagnostics
 * The control API's test aids that are not the outside world: faults armed on the service's routes, and the
 * log of the requests the service answered.
 */
import type { Fault, FaultSpec } from '../faults/faults.js'
import type { ServiceOperation } from '../http/request-bodies.js'
import type { ReceivedRequest, RequestLogEntry, RequestLogFilter } from '../http/request-log.js'
import { validate } from '../http/validate.js'
import type { ControlContext } from './control-context.js'
import { addFaultBody, requestLogFilter } from './control-schemas.js'

/**
 * `mock.faults`: arms and disarms faults on the service's routes.
 *
 * @inline
 * @example
 * ```ts
 * const faults: FaultsControl = mock.faults
 * ```
 */
export interface FaultsControl {
  /** Arms a fault on a route (see {@link FaultSpec}). */
  add: (spec: FaultSpec) => Fault
  /** The faults still armed. */
  list: () => Fault[]
  /** Disarms every fault. */
  clear: () => void
}

/**
 * Builds `mock.faults`.
 *
 * @example
 * ```ts
 * faultsControl(control).add({ route: 'POST /api/v1/payment-gateway/order/create', kind: 'network' })
 * ```
 */
export function faultsControl({ runtime, noteChange }: ControlContext): FaultsControl {
  return {
    add: (spec) => {
      const fault = runtime.faults.add(validate(addFaultBody, spec))
      noteChange()
      return fault
    },
    list: () => runtime.faults.list(),
    clear: () => {
      runtime.faults.clear()
      noteChange()
    },
  }
}

/**
 * `mock.requests`: the requests the service answered.
 *
 * @inline
 * @example
 * ```ts
 * const requests: RequestsControl = mock.requests
 * ```
 */
export interface RequestsControl {
  /**
   * The answered requests that match `filter`, oldest first (at most `requestLogLimit` are kept). With
   * `operation`, the calls of that operation, each with its body typed from the operation table, the code of
   * a refusal and the headers ({@link ReceivedRequest}).
   *
   * @example
   * ```ts
   * const refunds = mock.requests.list({ operation: 'refundOrder' })
   * refunds.map((call) => [call.status, call.refusal, call.form === 'current' ? call.body?.orderId : undefined])
   * ```
   */
  list: {
    <Id extends ServiceOperation>(filter: RequestLogFilter & { operation: Id }): ReceivedRequest<Id>[]
    (filter?: RequestLogFilter): RequestLogEntry[]
  }
  /** The request answered with this `X-Trace-Id`, if still kept. */
  get: (traceId: string) => RequestLogEntry | undefined
  /** Forgets the logged requests. */
  clear: () => void
  /**
   * How many answered requests the log keeps (`requestLogLimit`): 0 when it keeps none, and then `list` is
   * always empty and the matchers on calls (`toHaveReceived`) refuse to judge, `.not` included.
   *
   * @example
   * ```ts
   * if (mock.requests.limit === 0) console.log('this mock keeps no requests to assert on')
   * ```
   */
  readonly limit: number
}

/**
 * Builds `mock.requests`.
 *
 * @example
 * ```ts
 * const refused = requestsControl(control).list({ status: '4xx' })
 * ```
 */
export function requestsControl({ runtime, noteChange }: ControlContext): RequestsControl {
  return {
    list: ((filter: RequestLogFilter = {}) =>
      runtime.requests.list(validate(requestLogFilter, filter) as RequestLogFilter)) as RequestsControl['list'],
    get: (traceId) => runtime.requests.get(traceId),
    clear: () => {
      runtime.requests.clear()
      noteChange()
    },
    limit: runtime.requests.limit,
  }
}
