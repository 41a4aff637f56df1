/**
 * @module transactions
 * `gateway.transactions`: one transaction (a payment, refund or payout) by id.
 */
import type { Transaction } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { idParam } from '../client/params.js'
import { APIResource } from './resource.js'

const RETRIEVE: PublicCall = { method: 'transactions.retrieve', params: { transaction_id: 'transactionId' } }

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
  /**
   * Reads a transaction with the documented GET form (retried on network errors, 429 and 5xx). The id may be
   * a number (a refund's `transactionId`, a webhook's) or the decimal string a transaction answers
   * (`tx.transaction_id`).
   */
  async retrieve(transactionId: number | string, options?: RequestOptions): Promise<WithMeta<Transaction>> {
    const id = idParam(transactionId, 'transactionId', true)
    return this.transport.call('transactionDetail', { transaction_id: String(id) }, options, RETRIEVE)
  }
}
