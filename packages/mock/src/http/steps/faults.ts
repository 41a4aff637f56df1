/**
 * @module steps/faults
 * The injected fault of a route, taken once per request (control-diagnostics.ts arms them): `network` cuts
 * the connection before anything is done; `error` answers its status at once, in the module's style;
 * `latency` holds the request before its operation (the latency step); `drop-response` lets the operation
 * run and take effect, then cuts the connection instead of answering.
 */
import { NO_ANSWER } from '../answer.js'
import type { OperationStep } from '../operation-call.js'

export const faults: OperationStep = {
  name: 'faults',
  run: (call, next) => {
    const { method, path, style } = call.route
    const fault = call.runtime.faults.take(call.request.method, path)
    if (fault === undefined) return next()
    if (fault.kind === 'network') return NO_ANSWER
    if (fault.kind === 'error')
      return style.ownError(call, fault.status, `[mock] injected fault on ${method} ${path}`, 'fault')
    if (fault.kind === 'latency') call.latencyMs = fault.delayMs
    return fault.kind === 'drop-response' ? next().then(() => NO_ANSWER) : next()
  },
}
