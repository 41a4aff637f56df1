/**
 * @module verify/hints
 * What most likely made a `verify` run drift when the cause is the run's own set-up rather than the mock: a
 * target that does not answer, a refused API key, secret or access token, a `--pin` that is not the user's, a
 * paid order with nothing left to refund, the sandbox's limit of reset codes. Read from the target's answers
 * (their status and error code), each hint says what to check. A nightly job that drifts for one of these
 * reasons says so, rather than showing a page of rows that all differ for one reason.
 */
import { shapeOf } from './compare.js'
import type { Observation, PaidOrder } from './scenario.js'

/**
 * The hints for a run: one line each, in the order a person would check them.
 *
 * @example
 * ```ts
 * hintsOf(targetSeen, mockSeen, { paid: undefined })
 * // ['the target did not answer 13 of 13 requests (fetch failed: connect ECONNREFUSED 127.0.0.1:4999): ...']
 * ```
 */
export function hintsOf(
  target: readonly Observation[],
  mock: readonly Observation[],
  given: { paid: PaidOrder | undefined },
): string[] {
  const hints: string[] = []
  const mine = new Map(mock.map((o) => [o.check, o]))
  // A refusal only the target gave: the same check answered otherwise by the mock.
  const refusedOnlyThere = (o: Observation, codes: readonly string[]) => {
    const code = codeOf(o)
    return code !== undefined && codes.includes(code) && codeOf(mine.get(o.check)) !== code
  }

  const unanswered = target.filter((o) => o.answer.status === 0)
  if (unanswered.length > 0) {
    const notSent = unanswered.filter((o) => o.answer.text.startsWith(NOT_SENT))
    const first = unanswered.find((o) => !o.answer.text.startsWith(NOT_SENT))
    const what =
      first !== undefined
        ? `the target did not answer ${first.check} (${first.answer.text})` +
          (notSent.length > 0 ? `, and the ${notSent.length} steps after it were not sent` : '')
        : // Not even the clock probe was answered: nothing was sent.
          `the target did not answer: ${notSent[0]!.answer.text.slice(NOT_SENT.length)}, and none of the ` +
          `${notSent.length} steps was sent`
    hints.push(`${what}: is --base-url right, and the sandbox up? (--timeout sets how long a request may take)`)
  }
  const keyRefused = target.filter(
    (o) =>
      !o.check.startsWith('probe: wrong API key') &&
      o.answer.status === 401 &&
      shapeOf(o.answer).style === 'status-error',
  )
  if (keyRefused.length > 0 && mine.get(keyRefused[0]!.check)?.answer.status !== 401) {
    const more = keyRefused.length > 1 ? ` and ${keyRefused.length - 1} more` : ''
    hints.push(`the target refused the API key (401 on ${keyRefused[0]!.check}${more}): check --api-key`)
  }
  const signature = target.find(
    (o) => !o.check.startsWith('probe: bad signature') && refusedOnlyThere(o, ['invalid_signature']),
  )
  if (signature) {
    hints.push(
      `the target refused a request signed with --api-secret (${signature.check}: invalid_signature): check ` +
        '--api-secret (the API secret, not the key)',
    )
  }
  const timestamp = target.find((o) => refusedOnlyThere(o, ['invalid_timestamp']))
  if (timestamp) {
    hints.push(
      `the target refused X-Timestamp (${timestamp.check}: invalid_timestamp): this machine's clock is off; ` +
        'sync it (NTP)',
    )
  }
  const token = target.find(
    (o) => o.check !== 'PIN: verify-pin, wrong token' && refusedOnlyThere(o, ['invalid_token', 'unauthenticated']),
  )
  if (token) {
    hints.push(
      `the target refused --bearer (${token.check}: ${codeOf(token)}): the sandbox user's access token may have ` +
        'expired; sign in again and update it',
    )
  }
  const wrongPin = target.find((o) => o.check === 'PIN: verify-pin, the PIN' && codeOf(o) === 'wrong_pin')
  if (wrongPin) {
    const left = dataOf(wrongPin)?.attempts_remaining
    hints.push(
      "--pin is not the sandbox user's PIN: the PIN flow stopped after that one wrong PIN" +
        (typeof left === 'number' ? ` (${left} attempts left before a block)` : '') +
        '; each run with it adds one, and five in a row block the user for a minute',
    )
  }
  const locked = target.find((o) => refusedOnlyThere(o, ['pin_locked']))
  if (locked) hints.push(`the sandbox user is blocked (${locked.check}: pin_locked): run again after the block ends`)
  const exhausted = target.find((o) => refusedOnlyThere(o, ['refund_exceeds_remaining']))
  if (exhausted) {
    hints.push(
      '--paid-order has nothing left to refund (refund_exceeds_remaining): pay a new sandbox order and pass its ids',
    )
  }
  const resets = target.find((o) => refusedOnlyThere(o, ['too_many_reset_requests']))
  if (resets) {
    hints.push(
      "the sandbox's limit of reset codes was reached (too_many_reset_requests): wait before the next run with --email",
    )
  }
  if (given.paid !== undefined) {
    const detail = target.find((o) => o.check === 'transaction detail (GET)')
    const orderId = detail && detail.answer.status === 200 ? bodyOf(detail)?.order_id : undefined
    if (detail?.answer.status === 404) {
      hints.push(
        `the target does not know --paid-transaction ${given.paid.transactionId}: ` +
          "check the id (its webhook's transactionId)",
      )
    } else if (orderId !== undefined && String(orderId) !== given.paid.orderId) {
      hints.push(
        `--paid-transaction ${given.paid.transactionId} belongs to order ${String(orderId)} at the target, not ` +
          `--paid-order ${given.paid.orderId}: pass the ids of one payment (its webhook's orderId and transactionId)`,
      )
    }
  }
  return hints
}

/** How the scenario marks a step it did not send because the target had stopped answering. */
const NOT_SENT = 'not sent: '

function codeOf(o: Observation | undefined): string | undefined {
  return o === undefined || o.answer.status === 0 ? undefined : shapeOf(o.answer).errorCode
}

function bodyOf(o: Observation): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(o.answer.text)
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

function dataOf(o: Observation): Record<string, unknown> | undefined {
  const data = bodyOf(o)?.data
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined
}
