/**
 * @module balance
 * `gateway.balance`: USD and KHR balance, freeze and usable.
 */
import type { Balance as BalanceData } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { APIResource } from './resource.js'

const RETRIEVE: PublicCall = { method: 'balance.retrieve' }

/**
 * The merchant's balances.
 *
 * @example
 * ```ts
 * const { usd } = await gateway.balance.retrieve()
 * if (usd.usable >= 50) await gateway.payouts.create({ accountNumber, amount: 50, currency: 'USD' })
 * ```
 */
export class Balance extends APIResource {
  /** Reads the USD and KHR figures: balance (including frozen funds), freeze, usable = balance - freeze. */
  retrieve(options?: RequestOptions): Promise<WithMeta<BalanceData>> {
    return this.transport.call('balanceInquiry', undefined, options, RETRIEVE)
  }
}
