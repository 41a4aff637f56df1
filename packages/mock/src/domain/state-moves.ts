/**
 * @module state-moves
 * The one way the domain changes the state of an order, a transaction, a reset session or a user's PIN:
 * through the move of its machine in state-machines.ts. Each function checks that the table has the move
 * (one Set lookup) before it writes anything, so the tables, their diagrams in docs/states.md and what
 * the domain does cannot drift apart unnoticed. A move the table lacks is a bug of the mock, not of the
 * caller's request: it throws a plain Error (an HTTP 500), never a 4xx RuleError, and the record is left
 * as it was.
 *
 * Changes that leave the state as it is (an order's payer alone, a session's count of wrong codes, a
 * user's reset-code times) are ordinary patches of the table; state-moves.test.ts checks that no
 * domain module writes a state any other way.
 */
import type { Table } from '../store/table.js'
import type { OrderRecord, OtpSessionRecord, TransactionRecord, UserRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import {
  isTransition,
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  PAYOUT_MACHINE,
  PIN_MACHINE,
  REFUND_MACHINE,
  RESET_SESSION_MACHINE,
  type StateMachine,
} from './state-machines.js'

/**
 * Throws unless `machine` has the move from `from` to `to` (`null`: created, or removed); `on` names
 * what made it, for the message.
 *
 * @example
 * ```ts
 * checkMove(ORDER_MACHINE, 'pending', 'completed', 'payment SUCCESS') // returns
 * checkMove(ORDER_MACHINE, 'completed', 'cancelled', 'cancel') // throws: completed is final
 * ```
 */
function checkMove(machine: StateMachine, from: string | null, to: string | null, on: string): void {
  if (isTransition(machine, from, to)) return
  const what =
    from === null
      ? `create the ${machine.name} as ${to}`
      : to === null
        ? `remove the ${machine.name} while ${from}`
        : `move the ${machine.name} from ${from} to ${to}`
  throw new Error(
    `[mock] bug: "${on}" would ${what}, a move the ${machine.name} machine does not have; ` +
      'the record is left as it was',
  )
}

/**
 * Moves `record` of `table` to the state `to` in its field `field`, with the other changes of `patch`,
 * once `machine` has the move; `to: null` removes the record (and ignores `patch`). Returns the record.
 *
 * @example
 * ```ts
 * move(ORDER_MACHINE, ctx.db.orders, order, 'status', 'cancelled', 'cancel', { cancelledAt: now, updatedAt: now })
 * move(RESET_SESSION_MACHINE, ctx.db.otpSessions, session, 'state', null, 'reset-pin') // removed
 * ```
 */
export function move<R extends object, F extends keyof R & string>(
  machine: StateMachine,
  table: Table<R>,
  record: R,
  field: F,
  to: (R[F] & string) | null,
  on: string,
  patch?: Partial<Omit<R, F>>,
): R {
  checkMove(machine, record[field] as string, to, on)
  if (to === null) {
    table.remove(record)
    return record
  }
  return table.patch(record, { ...patch, [field]: to } as Partial<R>)
}

/**
 * Inserts `values` into `table` once `machine` has the move that creates a record in the state of its
 * field `field`. The object given becomes the record stored (`Table.adopt`): callers build it for this call.
 *
 * @example
 * ```ts
 * create(ORDER_MACHINE, ctx.db.orders, 'status', { ...order, status: 'pending' }, 'create order')
 * ```
 */
export function create<R extends object, F extends keyof R & string>(
  machine: StateMachine,
  table: Table<R>,
  field: F,
  values: R,
  on: string,
): R {
  checkMove(machine, null, values[field] as string, on)
  return table.adopt(values)
}

/**
 * Moves an order to `to` (its machine: {@link ORDER_MACHINE}).
 *
 * @example
 * ```ts
 * moveOrder(ctx, order, 'completed', 'payment SUCCESS', { payer, updatedAt: now })
 * ```
 */
export function moveOrder(
  ctx: DomainContext,
  order: OrderRecord,
  to: OrderRecord['status'],
  on: string,
  patch?: Partial<Omit<OrderRecord, 'status'>>,
): OrderRecord {
  return move(ORDER_MACHINE, ctx.db.orders, order, 'status', to, on, patch)
}

/**
 * Stores a new order, created pending.
 *
 * @example
 * ```ts
 * const order = insertOrder(ctx, { ...values, status: 'pending' }, 'create order')
 * ```
 */
export function insertOrder(ctx: DomainContext, values: OrderRecord, on: string): OrderRecord {
  return create(ORDER_MACHINE, ctx.db.orders, 'status', values, on)
}

/**
 * Removes a final order (completed or cancelled) whose finished records are forgotten (`keepRecordsSeconds`).
 *
 * @example
 * ```ts
 * forgetOrder(ctx, order) // a cancelled order: gone, its id answers 404
 * ```
 */
export function forgetOrder(ctx: DomainContext, order: OrderRecord): void {
  move(ORDER_MACHINE, ctx.db.orders, order, 'status', null, FORGOTTEN)
}

/**
 * Removes a final transaction (a payment completed, failed or cancelled, a refund completed, a payout completed
 * or failed) whose finished records are forgotten (`keepRecordsSeconds`).
 *
 * @example
 * ```ts
 * forgetTransaction(ctx, payout) // a completed payout: gone, its id answers 404
 * ```
 */
export function forgetTransaction(ctx: DomainContext, tx: TransactionRecord): void {
  move(TRANSACTION_MACHINES[tx.kind], ctx.db.transactions, tx, 'status', null, FORGOTTEN)
}

/** Why a final record is removed: the name its machines give the move. */
const FORGOTTEN = 'forgotten (keepRecordsSeconds)'

/** Each kind of transaction moves by its own machine. */
const TRANSACTION_MACHINES: Readonly<Record<TransactionRecord['kind'], StateMachine>> = {
  payment: PAYMENT_MACHINE,
  refund: REFUND_MACHINE,
  payout: PAYOUT_MACHINE,
}

/**
 * Moves a transaction to `to`, by the machine of its kind (payment, refund or payout).
 *
 * @example
 * ```ts
 * moveTransaction(ctx, refund, 'completed', 'settlement', { updatedAt: now })
 * ```
 */
export function moveTransaction(
  ctx: DomainContext,
  tx: TransactionRecord,
  to: TransactionRecord['status'],
  on: string,
  patch?: Partial<Omit<TransactionRecord, 'status'>>,
): TransactionRecord {
  return move(TRANSACTION_MACHINES[tx.kind], ctx.db.transactions, tx, 'status', to, on, patch)
}

/**
 * Stores a new transaction in the state its kind's machine creates it in.
 *
 * @example
 * ```ts
 * const payout = insertTransaction(ctx, { ...values, kind: 'payout', status: 'pending' }, 'payout accepted')
 * ```
 */
export function insertTransaction(ctx: DomainContext, values: TransactionRecord, on: string): TransactionRecord {
  return create(TRANSACTION_MACHINES[values.kind], ctx.db.transactions, 'status', values, on)
}

/**
 * Moves a reset session to `to`, or removes it (`null`), by {@link RESET_SESSION_MACHINE}.
 *
 * @example
 * ```ts
 * moveSession(ctx, session, 'ended', '5th wrong code', { wrongCodes: 5 })
 * moveSession(ctx, session, null, 'reset-pin')
 * ```
 */
export function moveSession(
  ctx: DomainContext,
  session: OtpSessionRecord,
  to: OtpSessionRecord['state'] | null,
  on: string,
  patch?: Partial<Omit<OtpSessionRecord, 'state'>>,
): OtpSessionRecord {
  return move(RESET_SESSION_MACHINE, ctx.db.otpSessions, session, 'state', to, on, patch)
}

/**
 * Stores a new reset session, opened by forgot-pin.
 *
 * @example
 * ```ts
 * const session = insertSession(ctx, { ...values, state: 'open' }, 'forgot-pin')
 * ```
 */
export function insertSession(ctx: DomainContext, values: OtpSessionRecord, on: string): OtpSessionRecord {
  return create(RESET_SESSION_MACHINE, ctx.db.otpSessions, 'state', values, on)
}

/** The fields of a user that make up the state of its PIN. */
type PinFields = Pick<UserRecord, 'pin' | 'wrongAttempts' | 'blockedUntil'>

/**
 * The state of a user's PIN at `now`, as {@link PIN_MACHINE} names it. It is not stored: a block ends
 * by the clock alone, so `blocked` is read from `blockedUntil` at the time asked.
 */
function pinState(user: PinFields, now: number): 'none' | 'set' | 'blocked' {
  if (user.pin === null) return 'none'
  return user.blockedUntil !== null && now < user.blockedUntil ? 'blocked' : 'set'
}

/**
 * Writes `changes` to the PIN fields of a user once {@link PIN_MACHINE} has the move from the PIN's
 * state before to its state after, both read at `now` (the time the caller decided by; by default the
 * clock's). Every write of a PIN field goes here, a move from set to set included.
 *
 * @example
 * ```ts
 * movePin(ctx, user, 'set-pin', { pin: hash, wrongAttempts: 0, blockedUntil: null }) // none -> set
 * movePin(ctx, user, '5th wrong PIN in a row', { wrongAttempts: 5, blockedUntil: now + 60_000 }, now)
 * ```
 */
export function movePin(
  ctx: DomainContext,
  user: UserRecord,
  on: string,
  changes: Partial<PinFields>,
  now: number = ctx.clock.now(),
): UserRecord {
  checkMove(PIN_MACHINE, pinState(user, now), pinState({ ...user, ...changes }, now), on)
  return ctx.db.users.patch(user, changes)
}

/**
 * Stores a new user, whose PIN starts in the state its machine creates it in (none).
 *
 * @example
 * ```ts
 * const user = insertUser(ctx, { ...values, pin: null, wrongAttempts: 0, blockedUntil: null })
 * ```
 */
export function insertUser(ctx: DomainContext, values: UserRecord): UserRecord {
  checkMove(PIN_MACHINE, null, pinState(values, values.createdAt), 'user created')
  return ctx.db.users.insert(values)
}
