/**
 * @module operation-call
 * One request on its way through an operation's pipeline (pipelines.ts): what the operation table and the
 * handler say of its route, and what the steps learn as they go: the era in force, the body, the caller,
 * the operation's input. Each step reads what the steps before it set.
 */
import type { Authentication, ContractEra, RequestCarrier } from '@merchant-gateway/contract'
import { randomHex } from '../domain/context.js'
import type { RuleError } from '../domain/rule-error.js'
import type { MerchantRecord, UserRecord } from '../store/records.js'
import type { Answer, IncomingRequest, RouteAnswer } from './answer.js'
import type { Step } from './middleware.js'
import type { RawBody } from './read-body.js'
import type { Arrival, RequestNotes } from './request-log.js'
import type { ServiceOperation } from './request-bodies.js'
import type { GatewayRuntime } from './runtime.js'

/**
 * How a module answers what is not its operation's result: a refusal by a rule (the request's or the
 * domain's), and an answer the mock gives of itself (an injected fault's error status, or 500 for a bug of
 * the mock). The gateway answers in its status-style and code-style bodies, the PIN module in its envelope.
 *
 * @example
 * ```ts
 * const answer = style.refused(call, new RuleError(404, 'Order not found'))
 * ```
 */
export interface AnswerStyle {
  refused(call: OperationCall, error: RuleError): Answer
  ownError(call: OperationCall, status: number, message: string, cause: 'fault' | 'bug'): Answer
}

/**
 * A route as the pipeline runs it: what the operation table says of it (path, method, authentication, what
 * the request carries, how the module answers), and what the handler does.
 *
 * @example
 * ```ts
 * route.auth // 'signed': refund and payout
 * ```
 */
export interface OperationRoute {
  readonly operation: ServiceOperation
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly auth: Authentication
  readonly carrier: RequestCarrier
  readonly style: AnswerStyle
  /** The operation's input from the parsed body (none: empty) and the URL, in the request's form. */
  input(call: OperationCall, body: Record<string, unknown> | undefined): unknown
  /** Runs the operation for the caller. */
  run(call: OperationCall): unknown
  /** The success body of the operation's result. */
  body(call: OperationCall, result: unknown): unknown
}

/**
 * One request through an operation's pipeline.
 *
 * @example
 * ```ts
 * call.merchant?.merchantId // once the authentication step has run
 * ```
 */
export interface OperationCall {
  readonly runtime: GatewayRuntime
  readonly route: OperationRoute
  readonly request: IncomingRequest
  readonly notes: RequestNotes
  /** The era in force when the request arrived, its arrival for the log, its trace id (the arrival step). */
  era: ContractEra
  arrival: Arrival
  traceId: string
  /** How long an injected latency fault holds the request before the operation (the faults step). */
  latencyMs: number
  /** The body's bytes and text (the body step). */
  raw?: RawBody
  /** Who asks (the authentication step): a merchant on the gateway, a signed-in user (if any) on the PIN module. */
  merchant?: MerchantRecord
  user?: UserRecord
  /** Refund and payout: the request's form; the key its answer is kept under, when the era asks for one. */
  form: 'current' | 'earlier'
  idempotencyKey?: string
  /** The operation's input (the parse step). */
  input?: unknown
}

/**
 * A named step of an operation's pipeline.
 *
 * @example
 * ```ts
 * const latency: OperationStep = { name: 'latency', run: async (call, next) => next() }
 * ```
 */
export type OperationStep = Step<OperationCall, RouteAnswer>

/**
 * A new trace id: `trc_` and 24 hex digits.
 *
 * @example
 * ```ts
 * newTraceId() // 'trc_3f9a...'
 * ```
 */
export function newTraceId(): string {
  return `trc_${randomHex(12)}`
}
