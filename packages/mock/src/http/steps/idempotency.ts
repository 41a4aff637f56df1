/**
 * @module steps/idempotency
 * A request sent with an idempotency key (refund and payout, by the era's rules) is answered once per key
 * and merchant for 24 hours: the same request again gets the first answer replayed; while the first is
 * still running, 409 `idempotency_key_in_use`; another request under the same key, 422
 * `idempotency_key_mismatch`. The operation's outcome is kept, refusals by the domain included; 400 and 404
 * say the request itself was wrong, so the key is released (the client fixes the request and may keep it),
 * and so is a key whose request failed before its operation ran.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { fingerprintOf } from '../../domain/idempotency.js'
import { RuleError } from '../../domain/rule-error.js'
import { NO_ANSWER, type RouteAnswer } from '../answer.js'
import type { OperationCall, OperationStep } from '../operation-call.js'
import { jsonText } from '../responses.js'

export const idempotency: OperationStep = {
  name: 'idempotency',
  run: (call, next) => {
    const key = call.idempotencyKey
    if (key === undefined || call.merchant === undefined) return next()
    return keyed(call, call.merchant.merchantId, key, next)
  },
}

/** A request under an idempotency key: replayed, refused, or run and its outcome kept. */
async function keyed(
  call: OperationCall,
  merchantId: number,
  key: string,
  next: () => Promise<RouteAnswer>,
): Promise<RouteAnswer> {
  const decision = call.runtime.idempotency.begin({
    merchantId,
    key,
    operation: call.route.operation,
    // The form is part of the request: a key sent in one form and again in the other is not a replay.
    fingerprint: fingerprintOf({ form: call.form, input: call.input }),
  })
  if (decision.kind === 'replay') {
    call.notes.replayed = true
    if (decision.status >= 400) call.notes.refusal = replayedRefusal(decision.body)
    return jsonText(decision.status, decision.body, call.traceId, { [HEADERS.idempotentReplayed]: 'true' })
  }
  if (decision.kind === 'in-use')
    throw new RuleError(
      409,
      `A request with this ${HEADERS.idempotentKey} is still being processed; retry later`,
      'idempotency_key_in_use',
    )
  if (decision.kind === 'mismatch')
    throw new RuleError(
      422,
      `This ${HEADERS.idempotentKey} was used within 24 hours for a different ` +
        `request (${decision.operation}); use a new key for a new request`,
      'idempotency_key_mismatch',
    )
  try {
    const answer = await next()
    if (answer === NO_ANSWER || answer.status === 400 || answer.status === 404) decision.release()
    else decision.complete(answer.status, String(answer.body))
    return answer
  } catch (error) {
    decision.release()
    throw error
  }
}

/**
 * The code of a refusal kept for a key (the gateway's code-style body, `{error: {code}}`), read back from the
 * answer replayed for the request log; null for a body without one. Replays of refusals are rare, so the
 * body is parsed here rather than its code kept beside every idempotency record.
 */
function replayedRefusal(body: string): string | null {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } } | null)?.error?.code
    return typeof code === 'string' ? code : null
  } catch {
    return null
  }
}
