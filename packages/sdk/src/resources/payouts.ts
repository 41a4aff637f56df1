/**
 * @module payouts
 * `gateway.payouts`: transfers from the merchant's usable balance to an account, signed and idempotent.
 */
import { LIMITS, type Currency, type PayoutResult } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import { specOf } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { checkCurrency, checkMoney, checkString } from '../client/validate-params.js'
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

const PAYOUT = specOf('payout')

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
    const accountNumber = checkString(params?.accountNumber, 'accountNumber', LIMITS.maxAccountNumberLength)
    const currency = checkCurrency(params.currency)
    const amount = checkMoney(params.amount, currency)
    return this.transport.call(PAYOUT, { body: { accountNumber, amount, currency } }, options)
  }
}
