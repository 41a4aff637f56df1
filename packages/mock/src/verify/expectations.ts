/**
 * @module verify/expectations
 * What an answer must show beyond its own values, read against the same side's earlier answers: a request sent
 * again under its idempotency key is answered with the first answer, marked replayed; the same key with another
 * body is refused, not answered with the first answer; wrong PINs and one-time codes leave the documented count of
 * attempts; a refused refund moves no balance; a QR code is valid for the documented time on the service's own
 * clock. The scenario sets the expectation of each step, with its figures from the contract.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { differencesOf, isObject, parseJson, payloadOf } from './body.js'
import type { Expectation, Observation } from './observation.js'
import { duration, DURATION_TOLERANCE, withinTolerance } from './values.js'

/**
 * Where an answer falls short of its step's expectation, one line each; `seen` is the same side's answers.
 *
 * @example
 * ```ts
 * expectationFindings(replayed, seen) // ['the replay does not carry X-Idempotent-Replayed: true']
 * ```
 */
export function expectationFindings(observation: Observation, seen: readonly Observation[]): string[] {
  const { expect, answer } = observation
  if (expect === undefined || answer.status === 0) return []
  const earlier = (check: string) => seen.find((o) => o.check === check && o.answer.status !== 0)
  switch (expect.kind) {
    case 'replay':
      return replayFindings(observation, earlier(expect.of))
    case 'refused':
      return refusedFindings(observation, expect.what, expect.unlike === undefined ? undefined : earlier(expect.unlike))
    case 'attempts-left':
      return attemptsFindings(observation, expect.left, expect.after)
    case 'unchanged':
      return unchangedFindings(observation, earlier(expect.since), expect.what)
    case 'valid-for':
      return validityFindings(observation, expect, earlier(expect.since))
  }
}

const refusal = (status: number) => status >= 400 && status <= 499

/**
 * Whether the first request under a key ran: a success, or a refusal of the operation's own rules (409, 422).
 * A request refused before it ran (400 its form, 401 its credentials, 404 an unknown record) kept nothing
 * under its key, so the same key is a new request: nothing to replay.
 */
const ran = (first: Observation | undefined): first is Observation =>
  first !== undefined &&
  ((first.answer.status >= 200 && first.answer.status <= 299) || [409, 422].includes(first.answer.status))

function replayFindings(replay: Observation, first: Observation | undefined): string[] {
  if (!ran(first)) return []
  const out: string[] = []
  if (replay.answer.status !== first.answer.status)
    out.push(`the replay answered ${replay.answer.status} where the first answer was ${first.answer.status}`)
  for (const difference of differencesOf(parseJson(first.answer.text), parseJson(replay.answer.text)))
    out.push(`the replay is not the first answer: ${difference}`)
  if (replay.answer.headers.get(HEADERS.idempotentReplayed) !== 'true')
    out.push(`the replay does not carry ${HEADERS.idempotentReplayed}: true`)
  return out
}

function refusedFindings(observation: Observation, what: string, unlike: Observation | undefined): string[] {
  const { status, text } = observation.answer
  if (!refusal(status)) return [`${what} was not refused (${status})`]
  if (ran(unlike) && unlike.answer.status === status) {
    const same = differencesOf(parseJson(unlike.answer.text), parseJson(text)).length === 0
    if (same) return [`${what} was answered with the first request's answer, replayed`]
  }
  return []
}

function attemptsFindings(observation: Observation, left: number, after: string): string[] {
  const { status, text } = observation.answer
  if (!refusal(status)) return [`${after} was not refused (${status})`]
  const data = payloadOf(parseJson(text))
  const remaining = isObject(data) ? data.attempts_remaining : undefined
  if (remaining === undefined) return [`no attempts_remaining after ${after}, where ${left} are left`]
  return remaining === left
    ? []
    : [`attempts_remaining ${JSON.stringify(remaining)} after ${after}, where ${left} are left`]
}

function unchangedFindings(observation: Observation, before: Observation | undefined, what: string): string[] {
  if (before === undefined || before.answer.status !== observation.answer.status) return []
  const then = payloadOf(parseJson(before.answer.text))
  const now = payloadOf(parseJson(observation.answer.text))
  return differencesOf(then, now).map((difference) => `${what}: ${difference}`)
}

function validityFindings(
  observation: Observation,
  expect: Extract<Expectation, { kind: 'valid-for' }>,
  since: Observation | undefined,
): string[] {
  const data = payloadOf(parseJson(observation.answer.text))
  const value = isObject(data) ? Date.parse(String(data[expect.field])) : Number.NaN
  if (!Number.isFinite(value)) return []
  const created = since === undefined ? undefined : payloadOf(parseJson(since.answer.text))
  const createdAt = isObject(created) ? Date.parse(String(created.created_at)) : Number.NaN
  const dated = Date.parse(observation.answer.headers.get('Date') ?? '')
  const [from, named] = Number.isFinite(createdAt)
    ? [createdAt, `created_at of ${expect.since}`]
    : [dated, 'the Date of the answer']
  if (!Number.isFinite(from)) return []
  const lasts = value - from
  if (withinTolerance(lasts, expect.ms)) return []
  return [
    `${expect.field} is ${duration(lasts)} after ${named}, where ${expect.what} ${duration(expect.ms)} ` +
      `(within ${duration(expect.ms * DURATION_TOLERANCE)})`,
  ]
}
