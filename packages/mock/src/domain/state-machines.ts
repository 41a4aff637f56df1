/**
 * @module state-machines
 * The states of the mock's records and the moves between them, as data: orders, payment, refund and
 * payout transactions, reset sessions, and a user's PIN. The domain's operations make exactly these
 * moves: each state change (but a reset session's drop at its expiry) goes through state-moves.ts, which
 * refuses a move missing here, and the property tests check every move they observe against these tables.
 * The diagrams in docs/states.md are drawn from them ({@link toMermaid}; a test fails when a diagram and
 * its table differ).
 */
import { duration, ordinal, PIN_RULES } from '@merchant-gateway/contract'

/** One move: from a state (`null`: the record is created) to a state (`null`: it is removed), and why. */
interface Transition<S extends string> {
  from: S | null
  to: S | null
  on: string
}

/** A state machine: its name, its states and every move between them. */
export interface StateMachine<S extends string = string> {
  name: string
  states: readonly S[]
  transitions: ReadonlyArray<Transition<S>>
}

/**
 * Orders: created pending (create order, or generate QR without an order); a payment in progress makes
 * them processing; a successful payment completes them; a failed one makes them payable again; cancel
 * ends a pending or processing order. Completed and cancelled are final; with `keepRecordsSeconds` a final
 * order is removed (forgotten) that long after its last move, with its transactions (their machines say the same).
 *
 * @example
 * ```ts
 * isTransition(ORDER_MACHINE, 'processing', 'pending') // true: the payment failed
 * ```
 */
export const ORDER_MACHINE: StateMachine<'pending' | 'processing' | 'completed' | 'cancelled'> = {
  name: 'order',
  states: ['pending', 'processing', 'completed', 'cancelled'],
  transitions: [
    { from: null, to: 'pending', on: 'create order / generate QR' },
    { from: 'pending', to: 'processing', on: 'payment PENDING' },
    { from: 'pending', to: 'completed', on: 'payment SUCCESS' },
    { from: 'processing', to: 'completed', on: 'payment SUCCESS' },
    { from: 'processing', to: 'pending', on: 'payment FAILED' },
    { from: 'pending', to: 'cancelled', on: 'cancel' },
    { from: 'processing', to: 'cancelled', on: 'cancel' },
    { from: 'completed', to: null, on: 'forgotten (keepRecordsSeconds)' },
    { from: 'cancelled', to: null, on: 'forgotten (keepRecordsSeconds)' },
  ],
}

/**
 * Payment transactions: created in the state the customer's payment reports; one in progress ends when
 * it succeeds or fails, or when its order is cancelled (the customer's money goes back).
 *
 * @example
 * ```ts
 * isTransition(PAYMENT_MACHINE, 'pending', 'cancelled') // true: its order was cancelled
 * ```
 */
export const PAYMENT_MACHINE: StateMachine<'pending' | 'completed' | 'failed' | 'cancelled'> = {
  name: 'payment',
  states: ['pending', 'completed', 'failed', 'cancelled'],
  transitions: [
    { from: null, to: 'pending', on: 'payment PENDING' },
    { from: null, to: 'completed', on: 'payment SUCCESS' },
    { from: null, to: 'failed', on: 'payment FAILED' },
    { from: 'pending', to: 'completed', on: 'payment SUCCESS' },
    { from: 'pending', to: 'failed', on: 'payment FAILED' },
    { from: 'pending', to: 'cancelled', on: 'order cancelled' },
    { from: 'completed', to: null, on: 'forgotten (keepRecordsSeconds)' },
    { from: 'failed', to: null, on: 'forgotten (keepRecordsSeconds)' },
    { from: 'cancelled', to: null, on: 'forgotten (keepRecordsSeconds)' },
  ],
}

/**
 * Refunds: accepted pending (the amount reserved), completed when they settle after the configured
 * business days.
 *
 * @example
 * ```ts
 * isTransition(REFUND_MACHINE, 'pending', 'failed') // false: a refund does not fail once accepted
 * ```
 */
export const REFUND_MACHINE: StateMachine<'pending' | 'completed'> = {
  name: 'refund',
  states: ['pending', 'completed'],
  transitions: [
    { from: null, to: 'pending', on: 'refund accepted' },
    { from: 'pending', to: 'completed', on: 'settlement' },
    { from: 'completed', to: null, on: 'forgotten (keepRecordsSeconds)' },
  ],
}

/**
 * Payouts: accepted pending (the amount reserved); at settlement completed, or failed and reversed when
 * the account is unknown or refuses the transfer.
 *
 * @example
 * ```ts
 * isTransition(PAYOUT_MACHINE, 'pending', 'failed') // true: reversed at settlement
 * ```
 */
export const PAYOUT_MACHINE: StateMachine<'pending' | 'completed' | 'failed'> = {
  name: 'payout',
  states: ['pending', 'completed', 'failed'],
  transitions: [
    { from: null, to: 'pending', on: 'payout accepted' },
    { from: 'pending', to: 'completed', on: 'settlement' },
    { from: 'pending', to: 'failed', on: 'settlement, account refused (reversed)' },
    { from: 'completed', to: null, on: 'forgotten (keepRecordsSeconds)' },
    { from: 'failed', to: null, on: 'forgotten (keepRecordsSeconds)' },
  ],
}

/**
 * The moves of the PIN rules, named by the contract's figures (`PIN_RULES`): the wrong PIN that blocks
 * (`5th wrong PIN in a row`), one before it, the wrong code that ends a reset session, and a session's
 * lifetime over.
 *
 * @example
 * ```ts
 * movePin(ctx, user, BLOCKING_WRONG_PIN, { wrongAttempts: 5, blockedUntil }, now)
 * ```
 */
export const BLOCKING_WRONG_PIN = `${ordinal(PIN_RULES.wrongAttemptsPerBlock)} wrong PIN in a row`
/** A wrong PIN that does not block yet. */
export const WRONG_PIN_BEFORE_BLOCK = `a wrong PIN before the ${ordinal(PIN_RULES.wrongAttemptsPerBlock)}`
/** The wrong one-time code that ends a reset session. */
export const ENDING_WRONG_CODE = `${ordinal(PIN_RULES.otpMaxWrongCodes)} wrong code`
/** A reset session's lifetime over. */
export const SESSION_OVER = `${duration(PIN_RULES.otpSessionSeconds)} over`

/**
 * Reset sessions of the PIN module: opened by forgot-pin (a new one ends the user's open ones), verified
 * by the right one-time code (under a new session id, for 10 more minutes), ended by the 5th wrong code,
 * used up by reset-pin. An open or verified session also stops working when its 10 minutes are over.
 *
 * @example
 * ```ts
 * isTransition(RESET_SESSION_MACHINE, 'verified', null) // true: reset-pin used it
 * ```
 */
export const RESET_SESSION_MACHINE: StateMachine<'open' | 'verified' | 'ended'> = {
  name: 'reset session',
  states: ['open', 'verified', 'ended'],
  transitions: [
    { from: null, to: 'open', on: 'forgot-pin' },
    { from: 'open', to: 'verified', on: 'verify-otp, right code' },
    { from: 'open', to: 'ended', on: `${ENDING_WRONG_CODE}, or a new forgot-pin` },
    { from: 'verified', to: null, on: 'reset-pin' },
    { from: 'open', to: null, on: SESSION_OVER },
    { from: 'verified', to: null, on: SESSION_OVER },
    { from: 'ended', to: null, on: SESSION_OVER },
  ],
}

/**
 * A user's PIN: none until set-pin; change-pin and reset-pin replace it; every 5th wrong PIN in a row
 * blocks the user for a minute; the right PIN or reset-pin clears the count.
 *
 * @example
 * ```ts
 * isTransition(PIN_MACHINE, 'blocked', 'set') // true: the minute is over
 * ```
 */
export const PIN_MACHINE: StateMachine<'none' | 'set' | 'blocked'> = {
  name: 'PIN',
  states: ['none', 'set', 'blocked'],
  transitions: [
    { from: null, to: 'none', on: 'user created' },
    { from: 'none', to: 'set', on: 'set-pin, or reset-pin' },
    { from: 'set', to: 'set', on: `change-pin, reset-pin, ${WRONG_PIN_BEFORE_BLOCK}, the right PIN` },
    { from: 'set', to: 'blocked', on: BLOCKING_WRONG_PIN },
    { from: 'blocked', to: 'set', on: `${duration(PIN_RULES.blockSeconds)} later, or reset-pin` },
  ],
}

/** Every machine, in the order docs/states.md shows them. */
export const STATE_MACHINES: readonly StateMachine[] = [
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  REFUND_MACHINE,
  PAYOUT_MACHINE,
  RESET_SESSION_MACHINE,
  PIN_MACHINE,
]

/**
 * Whether `machine` has the move from `from` to `to` (`null` for creation or removal).
 *
 * @example
 * ```ts
 * isTransition(ORDER_MACHINE, 'completed', 'cancelled') // false: completed is final
 * ```
 */
export function isTransition<S extends string>(machine: StateMachine<S>, from: S | null, to: S | null): boolean {
  return movesOf(machine).get(from)?.has(to) ?? false
}

/**
 * Each machine's moves as a map from a state to the states it moves to, built on first use: the domain
 * checks every state change it makes, on its hottest paths (create order, a payment), so a check is two
 * lookups, whatever the table's size. Not a Set of `from->to` strings: building the key string on each
 * check measured some 130 ns against 25 ns. Keyed by the machine object: the tables are never edited.
 */
const MOVES = new WeakMap<StateMachine, ReadonlyMap<string | null, ReadonlySet<string | null>>>()

function movesOf(machine: StateMachine): ReadonlyMap<string | null, ReadonlySet<string | null>> {
  let moves = MOVES.get(machine)
  if (moves === undefined) {
    const built = new Map<string | null, Set<string | null>>()
    for (const t of machine.transitions) {
      const to = built.get(t.from) ?? new Set()
      built.set(t.from, to.add(t.to))
    }
    MOVES.set(machine, (moves = built))
  }
  return moves
}

/**
 * Whether `to` can follow `from` through one or more moves of `machine`: what an observer who looks only
 * now and then may see change (a step of a test can make several moves, as a payment that completes an
 * order in the request that created it).
 *
 * @example
 * ```ts
 * canReach(ORDER_MACHINE, null, 'completed') // true: created pending, then paid
 * canReach(ORDER_MACHINE, 'cancelled', 'pending') // false: cancelled is final
 * ```
 */
export function canReach<S extends string>(machine: StateMachine<S>, from: S | null, to: S | null): boolean {
  const seen = new Set<S | null>()
  const queue: Array<S | null> = [from]
  while (queue.length > 0) {
    const at = queue.shift()!
    for (const t of machine.transitions) {
      if (t.from !== at || seen.has(t.to)) continue
      if (t.to === to) return true
      seen.add(t.to)
      // A removed record is gone for good: `null` is where a record starts, never a way back to a state.
      if (t.to !== null) queue.push(t.to)
    }
  }
  return false
}

/**
 * The machine as a Mermaid `stateDiagram-v2`: `[*]` for creation and removal, one line per move.
 *
 * @example
 * ```ts
 * // 'stateDiagram-v2\n  [*] --> pending: refund accepted\n  pending --> completed: settlement'
 * toMermaid(REFUND_MACHINE)
 * ```
 */
export function toMermaid(machine: StateMachine): string {
  const lines = machine.transitions.map((t) => `  ${t.from ?? '[*]'} --> ${t.to ?? '[*]'}: ${t.on}`)
  return ['stateDiagram-v2', ...lines].join('\n')
}
