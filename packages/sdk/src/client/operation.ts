/**
 * @module operation
 * How each gateway operation is called — method, path, authentication, retry safety, envelope and the
 * schema of its answer — read off the contract's operation table (`GATEWAY_OPERATIONS`, `OPERATION_RESULTS`),
 * where each operation is described once. The transport reads these; resources only fill in the body.
 */
import {
  GATEWAY_OPERATIONS,
  type GatewayOperation,
  OPERATION_RESULTS,
  type OperationResult,
} from '@merchant-gateway/contract'
import type { StandardSchemaV1 } from '@standard-schema/spec'

/**
 * Retry safety: `safe` (reading twice changes nothing), `idempotent` (refund and payout, carrying one
 * idempotency key across attempts), `unsafe` (create order, QR, cancel: a repeat could act twice).
 */
type RetrySafety = 'safe' | 'idempotent' | 'unsafe'

/** The description of one operation, as the transport reads it. */
export interface OperationSpec<T> {
  name: GatewayOperation
  method: 'get' | 'post'
  path: string
  /** Signed with X-Timestamp and X-Signature, and sent with X-Idempotent-Key. */
  signed: boolean
  retry: RetrySafety
  /**
   * `required`: the operation answers in the envelope; `optional`: it answers its documented body, which a
   * service may wrap in the envelope: both are accepted.
   */
  envelope: 'required' | 'optional'
  /** Schema of the data (inside the envelope when there is one). */
  schema: StandardSchemaV1<unknown, T>
}

/**
 * The spec of a gateway operation, from the contract's table: the method clients use (the first it is
 * served on), whether it is signed, its retry safety, whether it answers in the envelope, its result schema.
 *
 * @example
 * ```ts
 * const CREATE_ORDER = specOf('createOrder') // { method: 'post', signed: false, retry: 'unsafe', ... }
 * ```
 */
export function specOf<Id extends GatewayOperation>(id: Id): OperationSpec<OperationResult<Id>> {
  const op = GATEWAY_OPERATIONS[id]
  return {
    name: id,
    method: op.methods[0] === 'GET' ? 'get' : 'post',
    path: op.path,
    signed: op.auth === 'signed',
    retry: op.retry,
    envelope: op.response === 'envelope' ? 'required' : 'optional',
    schema: OPERATION_RESULTS[id] as StandardSchemaV1<unknown, OperationResult<Id>>,
  }
}
