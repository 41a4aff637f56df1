/**
 * @module steps/operation
 * The steps that run the operation: an injected latency waited out, the operation alone in the serial
 * queue (one state change at a time), the work that fell due on the mock clock done first (refunds and
 * payouts settled, webhook attempts started: the operation sees it), then the operation itself. A refusal
 * by the domain is the operation's answer, in the module's style (so an idempotency key keeps it).
 */
import { isRuleError } from '../../domain/rule-error.js'
import { runDue } from '../../domain/settlement.js'
import type { OperationStep } from '../operation-call.js'
import { json } from '../responses.js'

export const latency: OperationStep = {
  name: 'latency',
  run: async (call, next) => {
    if (call.latencyMs > 0) await call.runtime.ctx.options.sleep(call.latencyMs)
    return next()
  },
}

export const alone: OperationStep = {
  name: 'one at a time',
  run: (call, next) => call.runtime.serial.run(next),
}

/** Not while `autoSettle` is off: then `POST /__mock/settle` does it. */
export const dueWork: OperationStep = {
  name: 'due work',
  run: (call, next) => {
    runDue(call.runtime.ctx, 'auto')
    return next()
  },
}

export const operation: OperationStep = {
  name: 'operation',
  run: async (call) => {
    try {
      const result = await call.route.run(call)
      return json(200, call.route.body(call, result), call.traceId)
    } catch (error) {
      if (!isRuleError(error)) throw error
      return call.route.style.refused(call, error)
    }
  },
}
