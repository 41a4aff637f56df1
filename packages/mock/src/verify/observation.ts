/**
 * @module verify/observation
 * The words the parts of `verify` share: a step of the scenario, what its answer must show, what it got on one
 * side, and the run of one side as its steps see it.
 */
import type { GatewayOperation, PinOperation } from '@merchant-gateway/contract'
import type { SeenAnswer } from './compare.js'
import type { Requests } from './requests.js'
import type { Side } from './side.js'

/**
 * What the answer of one step must show, set by the scenario.
 *
 * - `replay`: the answer of check `of`, again, with `X-Idempotent-Replayed: true` (when that request ran: a
 *   request refused before it ran keeps nothing under its key);
 * - `refused`: a refusal (`what` says what was sent), and not the answer of check `unlike` replayed;
 * - `attempts-left`: a refusal whose `data.attempts_remaining` is `left` (`after` says after what);
 * - `unchanged`: the same data as check `since` (a balance read before a refused refund);
 * - `valid-for`: `field`, a timestamp, `ms` after the `created_at` of check `since` (the service's clock just
 *   before), or after the answer's `Date` when that answer has none.
 *
 * @example
 * ```ts
 * const expect: Expectation = { kind: 'attempts-left', left: 3, after: 'the 2nd wrong PIN in a row' }
 * ```
 */
export type Expectation =
  | { kind: 'replay'; of: string }
  | { kind: 'refused'; what: string; unlike?: string }
  | { kind: 'attempts-left'; left: number; after: string }
  | { kind: 'unchanged'; since: string; what: string }
  | { kind: 'valid-for'; field: string; ms: number; what: string; since: string }

/**
 * One check of the scenario and the answer it got on one side.
 *
 * @example
 * ```ts
 * const seen: Observation = { check: 'list stores', operation: 'listStores', answer }
 * ```
 */
export interface Observation {
  check: string
  /** The gateway operation, whose result schema the answer is read against; none for PIN checks. */
  operation: GatewayOperation | undefined
  /** The PIN module's operation of a PIN check. */
  pinOperation?: PinOperation
  /** What the answer must show beyond its shape (a replay, a count, a refusal), read by expectations.ts. */
  expect?: Expectation
  answer: SeenAnswer
}

/**
 * A step of the scenario before it is sent: its name, its operation, what its answer must show.
 *
 * @example
 * ```ts
 * const step: Step = { check: 'list stores', operation: 'listStores' }
 * ```
 */
export type Step = Omit<Observation, 'answer'>

/**
 * One side's run as its steps see it: the side, its request builders, and `call`, which sends a step unless
 * the run was stopped or the side stopped answering, and records what it got.
 *
 * @example
 * ```ts
 * await run.call({ check: 'list stores', operation: 'listStores' }, () => run.requests.plain(path))
 * ```
 */
export interface Run {
  side: Side
  requests: Requests
  call(step: Step, build: () => Request | Promise<Request>): Promise<SeenAnswer>
}
