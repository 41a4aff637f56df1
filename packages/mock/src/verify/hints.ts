/**
 * @module verify/hints
 * What most likely made a `verify` run drift when the cause is the run's own set-up rather than the mock: a
 * target that does not answer, or answers with a web page instead of the API, a refused API key, secret or
 * access token, a `--pin` that is not the user's, a paid order with nothing left to refund, the sandbox's limit
 * of reset codes, a flag's value that no request can carry, a base URL whose path the routes are not under.
 * Read from the target's answers (their status and error code), each hint says what to check. A nightly job
 * that drifts for one of these reasons says so, rather than showing a page of rows that all differ for one reason.
 */
import { NOT_JSON, isObject, parseJson, payloadOf } from './body.js'
import { shapeOf } from './compare.js'
import type { Observation } from './observation.js'
import { NOT_BUILT, NOT_SENT } from './scenario.js'
import type { PaidOrder } from './side.js'

/** What every hint reads: the target's answers, the mock's by check, and what the run was given. */
interface HintContext {
  target: readonly Observation[]
  mine: ReadonlyMap<string, Observation>
  given: { paid: PaidOrder | undefined }
}

/** One hint: its line, or undefined when its cause is not seen. */
type Hint = (context: HintContext) => string | undefined

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
  const context: HintContext = { target, mine: new Map(mock.map((o) => [o.check, o])), given }
  return HINTS.map((hint) => hint(context)).filter((line) => line !== undefined)
}

/** A refusal only the target gave: the same check answered otherwise by the mock. */
function refusedOnlyThere({ mine }: HintContext, o: Observation, codes: readonly string[]): boolean {
  const code = codeOf(o)
  return code !== undefined && codes.includes(code) && codeOf(mine.get(o.check)) !== code
}

const unanswered: Hint = ({ target }) => {
  const silent = target.filter((o) => o.answer.status === 0 && !o.answer.text.startsWith(NOT_BUILT))
  if (silent.length === 0) return undefined
  const notSent = silent.filter((o) => o.answer.text.startsWith(NOT_SENT))
  const first = silent.find((o) => !o.answer.text.startsWith(NOT_SENT))
  const what =
    first !== undefined
      ? `the target did not answer ${first.check} (${first.answer.text})` +
        (notSent.length > 0 ? `, and the ${notSent.length} steps after it were not sent` : '')
      : // Not even the clock probe was answered: nothing was sent.
        `the target did not answer: ${notSent[0]!.answer.text.slice(NOT_SENT.length)}, and none of the ` +
        `${notSent.length} steps was sent`
  return `${what}: is --base-url right, and the sandbox up? (--timeout sets how long a request may take)`
}

const notBuilt: Hint = ({ target }) => {
  const step = target.find((o) => o.answer.text.startsWith(NOT_BUILT))
  if (step === undefined) return undefined
  return (
    `verify could not build the request of ${step.check} (${step.answer.text.slice(NOT_BUILT.length)}): a flag's ` +
    'value holds a character a request cannot carry (a line break or a non-ASCII letter in --bearer?)'
  )
}

const notJson: Hint = ({ target, mine }) => {
  const pages = target.filter((o) => o.answer.status !== 0 && o.answer.text.trim() !== '' && !isJson(o))
  if (pages.length === 0 || pages.every((o) => !isJson(mine.get(o.check)))) return undefined
  const type = pages[0]!.answer.headers.get('Content-Type') ?? 'no Content-Type'
  return (
    `the target answered ${pages.length} request(s) with a body that is not JSON (${pages[0]!.check}: ` +
    `${pages[0]!.answer.status}, ${type}): is --base-url the API's address, not a web page or a proxy's error page?`
  )
}

/**
 * Most requests answered 404 where the mock answers otherwise: the routes are not where the run sends them (a
 * base URL with a wrong or missing path prefix). One or two such answers are the target's own drift (a route it
 * lacks), so it takes at least three, and half of the requests it answered.
 */
const notFound: Hint = ({ target, mine }) => {
  const answered = target.filter((o) => o.answer.status !== 0)
  const missing = answered.filter((o) => o.answer.status === 404 && (mine.get(o.check)?.answer.status ?? 404) !== 404)
  if (missing.length < 3 || missing.length * 2 < answered.length) return undefined
  return (
    `the target answered 404 to ${missing.length} of ${answered.length} requests that the mock answers otherwise ` +
    `(${missing[0]!.check}): is --base-url the API's root, with the path its routes start under if it has one?`
  )
}

const keyRefused: Hint = ({ target, mine }) => {
  const refused = target.filter(
    (o) =>
      !o.check.startsWith('probe: wrong API key') &&
      o.answer.status === 401 &&
      shapeOf(o.answer).style === 'status-error',
  )
  if (refused.length === 0 || mine.get(refused[0]!.check)?.answer.status === 401) return undefined
  const more = refused.length > 1 ? ` and ${refused.length - 1} more` : ''
  return `the target refused the API key (401 on ${refused[0]!.check}${more}): check --api-key`
}

const secretRefused: Hint = (context) => {
  const signature = context.target.find(
    (o) => !o.check.startsWith('probe: bad signature') && refusedOnlyThere(context, o, ['invalid_signature']),
  )
  return signature
    ? `the target refused a request signed with --api-secret (${signature.check}: invalid_signature): check ` +
        '--api-secret (the API secret, not the key)'
    : undefined
}

const clockOff: Hint = (context) => {
  const timestamp = context.target.find((o) => refusedOnlyThere(context, o, ['invalid_timestamp']))
  return timestamp
    ? `the target refused X-Timestamp (${timestamp.check}: invalid_timestamp): this machine's clock is off; ` +
        'sync it (NTP)'
    : undefined
}

const tokenRefused: Hint = (context) => {
  const token = context.target.find(
    (o) =>
      o.check !== 'PIN: verify-pin, wrong token' && refusedOnlyThere(context, o, ['invalid_token', 'unauthenticated']),
  )
  return token
    ? `the target refused --bearer (${token.check}: ${codeOf(token)}): the sandbox user's access token may have ` +
        'expired; sign in again and update it'
    : undefined
}

const wrongPin: Hint = ({ target }) => {
  const refused = target.find((o) => o.check === 'PIN: verify-pin, the PIN' && codeOf(o) === 'wrong_pin')
  if (refused === undefined) return undefined
  const data = payloadOf(parseJson(refused.answer.text))
  const left = isObject(data) ? data.attempts_remaining : undefined
  return (
    "--pin is not the sandbox user's PIN: the PIN flow stopped after that one wrong PIN" +
    (typeof left === 'number' ? ` (${left} attempts left before a block)` : '') +
    '; each run with it adds one, and five in a row block the user for a minute'
  )
}

const userBlocked: Hint = (context) => {
  const locked = context.target.find((o) => refusedOnlyThere(context, o, ['pin_locked']))
  return locked
    ? `the sandbox user is blocked (${locked.check}: pin_locked): run again after the block ends`
    : undefined
}

const nothingToRefund: Hint = (context) =>
  context.target.some((o) => refusedOnlyThere(context, o, ['refund_exceeds_remaining']))
    ? '--paid-order has nothing left to refund (refund_exceeds_remaining): pay a new sandbox order and pass its ids'
    : undefined

const resetLimit: Hint = (context) =>
  context.target.some((o) => refusedOnlyThere(context, o, ['too_many_reset_requests']))
    ? "the sandbox's limit of reset codes was reached (too_many_reset_requests): wait before the next run with --email"
    : undefined

const paidTransaction: Hint = ({ target, given }) => {
  if (given.paid === undefined) return undefined
  const detail = target.find((o) => o.check === 'transaction detail (GET)')
  if (detail?.answer.status === 404) {
    return (
      `the target does not know --paid-transaction ${given.paid.transactionId}: ` +
      "check the id (its webhook's transactionId)"
    )
  }
  const body = detail?.answer.status === 200 ? payloadOf(parseJson(detail.answer.text)) : undefined
  const orderId = isObject(body) ? body.order_id : undefined
  if (orderId === undefined || String(orderId) === given.paid.orderId) return undefined
  return (
    `--paid-transaction ${given.paid.transactionId} belongs to order ${String(orderId)} at the target, not ` +
    `--paid-order ${given.paid.orderId}: pass the ids of one payment (its webhook's orderId and transactionId)`
  )
}

/** Every hint, in the order a person would check them. */
const HINTS: readonly Hint[] = [
  unanswered,
  notBuilt,
  notJson,
  notFound,
  keyRefused,
  secretRefused,
  clockOff,
  tokenRefused,
  wrongPin,
  userBlocked,
  nothingToRefund,
  resetLimit,
  paidTransaction,
]

function isJson(o: Observation | undefined): boolean {
  return o !== undefined && o.answer.status !== 0 && parseJson(o.answer.text) !== NOT_JSON
}

function codeOf(o: Observation | undefined): string | undefined {
  return o === undefined || o.answer.status === 0 ? undefined : shapeOf(o.answer).errorCode
}
