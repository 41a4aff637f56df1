/**
 * @module read-answer
 * A 2xx answer to typed data: parsed once, the envelope `{statusCode, message, data, traceId}` unwrapped (required
 * on list stores, balance, refund and payout, which the service documents wrapped; accepted on the operations it
 * documents bare), checked against the contract schema (unknown fields kept), and given its `meta`.
 */
import { describeIssues, HEADERS } from '@merchant-gateway/contract'
import { ResponseValidationError } from '../errors/classes.js'
import type { Answer } from '../http/send.js'
import { withMeta, type WithMeta } from './metadata.js'
import type { OperationSpec } from './operation.js'

/** The context the result's `meta` and errors carry. */
export interface AnswerContext {
  attempts: number
  idempotencyKey: string | undefined
  validate: boolean
}

/** Reads a 2xx answer; a body the contract does not allow is a {@link ResponseValidationError}. */
export function readAnswer<T extends object>(
  op: OperationSpec<T>,
  answer: Answer,
  context: AnswerContext,
): WithMeta<T> {
  const fail = (message: string, issues: string, body: unknown) => {
    const headerTrace = answer.headers.get(HEADERS.traceId) ?? undefined
    return new ResponseValidationError(message, issues, {
      status: answer.status,
      body,
      ...(headerTrace === undefined ? {} : { traceId: headerTrace }),
      ...(context.idempotencyKey === undefined ? {} : { idempotencyKey: context.idempotencyKey }),
      attempts: context.attempts,
    })
  }
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    throw fail(
      `${op.name}: the gateway answered ${answer.status} with a body that is not JSON`,
      'body is not JSON',
      answer.text,
    )
  }
  const enveloped = isEnvelope(body)
  if (op.envelope === 'required' && !enveloped && context.validate) {
    throw fail(
      `${op.name}: the answer lacks the documented envelope {statusCode, message, data, traceId}`,
      'missing envelope',
      body,
    )
  }
  const data = enveloped ? (body as { data: unknown }).data : body
  const envelopeTrace = enveloped ? (body as { traceId?: unknown }).traceId : undefined
  let value = data as T
  if (context.validate) {
    const result = op.schema['~standard'].validate(data)
    if (result instanceof Promise) throw new Error('contract schemas validate synchronously')
    if (result.issues) {
      const issues = describeIssues({ issues: result.issues }, data)
      throw fail(`${op.name}: the answer does not match the contract: ${issues}`, issues, body)
    }
    value = result.value
  }
  if (typeof value !== 'object' || value === null)
    throw fail(`${op.name}: the answer's data is not an object`, 'data is not an object', body)
  const headers = answer.headers
  // Plain values, read now: they print as themselves (`console.log(result.meta)`), and two header reads cost
  // no more than the getters that used to put them off (docs/architecture.md has the measurement).
  return withMeta(value, {
    status: answer.status,
    traceId: typeof envelopeTrace === 'string' ? envelopeTrace : (headers.get(HEADERS.traceId) ?? undefined),
    idempotencyKey: context.idempotencyKey,
    attempts: context.attempts,
    replayed: headers.get(HEADERS.idempotentReplayed) === 'true',
  })
}

/** The body's `error.code` of a code-style error body, if any. */
export function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

function isEnvelope(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    'data' in body &&
    typeof (body as { statusCode?: unknown }).statusCode === 'number'
  )
}
