/**
 * @module balance
 * `gateway.balance`: USD and KHR balance, freeze and usable.
 */
import { balanceSchema, GATEWAY_PATHS, type Balance as BalanceData } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { OperationSpec } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { APIResource } from './resource.js'

const BALANCE_INQUIRY: OperationSpec<BalanceData> = {
  name: 'balanceInquiry',
  method: 'post',
  path: GATEWAY_PATHS.balanceInquiry,
  signed: false,
  retry: 'safe',
  envelope: 'required',
  schema: balanceSchema,
}

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
    return this.transport.call(BALANCE_INQUIRY, {}, options)
  }
}
