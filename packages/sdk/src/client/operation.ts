/**
 * @module operation
 * How each gateway operation is called: method, path, authentication, retry safety, and the schema
 * of its answer. The transport reads these; resources only fill in the body.
 */
import type { GatewayOperation } from '@merchant-gateway/contract'
import type { StandardSchemaV1 } from '@standard-schema/spec'

/**
 * Retry safety: `safe` (GET: reading twice changes nothing), `idempotent` (refund and payout, carrying
 * one idempotency key across attempts), `unsafe` (create order, QR, cancel: a repeat could act twice).
 */
type RetrySafety = 'safe' | 'idempotent' | 'unsafe'

/** The description of one operation. */
export interface OperationSpec<T> {
  name: GatewayOperation
  method: 'get' | 'post'
  path: string
  /** Signed with X-Timestamp and X-Signature, and sent with X-Idempotent-Key. */
  signed: boolean
  retry: RetrySafety
  /**
   * `required`: the gateway documentation documents the envelope; `optional`: the gateway documentation leaves it open,
   * both are accepted.
   */
  envelope: 'required' | 'optional'
  /** Schema of the data (inside the envelope when there is one). */
  schema: StandardSchemaV1<unknown, T>
}
