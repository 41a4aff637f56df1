/**
 * @module payouts
 * `gateway.payouts`: transfers from the merchant's usable balance to an account, signed and idempotent.
 */
import type { Currency, PayoutResult } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { APIResource } from './resource.js'

/**
 * Parameters of {@link Payouts.create}.
 *
 * @example
 * ```ts
 * const params: PayoutCreateParams = { accountNumber: '001234567', amount: 50, currency: 'USD' }
 * ```
 */
export interface PayoutCreateParams {
  accountNumber: string
  amount: number
  currency: Currency
}

const CREATE: PublicCall = { method: 'payouts.create' }

/**
 * Payouts.
 *
 * @example
 * ```ts
 * const payout = await gateway.payouts.create({ accountNumber: '001234567', amount: 50, currency: 'USD' })
 * payout.meta.idempotencyKey
 * ```
 */
export class Payouts extends APIResource {
  /** Pays out from the usable balance; processing until it settles (1-2 business days). */
  async create(params: PayoutCreateParams, options?: RequestOptions): Promise<WithMeta<PayoutResult>> {
    // A JavaScript caller may pass nothing: the request's schema then names the first missing field.
    const { accountNumber, amount, currency } = params ?? ({} as PayoutCreateParams)
    return this.transport.call('payout', { accountNumber, amount, currency }, options, CREATE)
  }
}
