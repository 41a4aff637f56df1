/**
 * @module steps/operation
 * The steps that run the operation: an injected latency waited out, the operation alone in the serial
 * queue (one state change at a time), the work that fell due on the mock clock done first (refunds and
 * payouts settled, webhook attempts started: the operation sees it), then the operation itself. A refusal
 * by the domain is the operation's answer, in the module's style (so an idempotency key keeps it).
 */
import { isRuleError } from '../../domain/rule-error.js'
import { runDue } from '../../domain/settlement.js'
import type { Answer } from '../answer.js'
import type { OperationCall, OperationStep } from '../operation-call.js'
import { json } from '../responses.js'

export const latency: OperationStep = {
  name: 'latency',
  run: (call, next) => (call.latencyMs > 0 ? call.runtime.ctx.options.sleep(call.latencyMs).then(next) : next()),
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
  run: (call) => {
    let result: unknown
    try {
      result = call.route.run(call)
    } catch (error) {
      return refusedBy(call, error)
    }
    // Most operations answer at once; a few wait (PIN hashes with Web Crypto, an insert).
    if (result instanceof Promise)
      return result.then(
        (done) => shaped(call, done),
        (error: unknown) => refusedBy(call, error),
      )
    return shaped(call, result)
  },
}

/** The operation's result as its success answer; a refusal while shaping it is answered as the operation's. */
function shaped(call: OperationCall, result: unknown): Answer {
  try {
    return json(200, call.route.body(call, result), call.traceId)
  } catch (error) {
    return refusedBy(call, error)
  }
}

/** A rule's refusal in the module's style; anything else goes on to the refusals step (a bug). */
function refusedBy(call: OperationCall, error: unknown): Answer {
  if (!isRuleError(error)) throw error
  return call.route.style.refused(call, error)
}
