/**
 * @module transactions
 * `gateway.transactions`: one transaction (a payment, refund or payout) by id.
 */
import type { Transaction } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import { specOf } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { checkId } from '../client/validate-params.js'
import { APIResource } from './resource.js'

const TRANSACTION_DETAIL = specOf('transactionDetail')

/**
 * Transactions.
 *
 * @example
 * ```ts
 * const tx = await gateway.transactions.retrieve(webhook.transactionId)
 * if (tx.status === 'completed') fulfil(tx.order_id)
 * ```
 */
export class Transactions extends APIResource {
  /** Reads a transaction with the documented GET form (retried on network errors, 429 and 5xx). */
  async retrieve(transactionId: number, options?: RequestOptions): Promise<WithMeta<Transaction>> {
    const id = checkId(transactionId, 'transactionId')
    return this.transport.call(TRANSACTION_DETAIL, { query: { transaction_id: String(id) } }, options)
  }
}
