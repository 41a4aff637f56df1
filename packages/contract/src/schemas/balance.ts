/**
 * @module schemas/balance
 * The balance-inquiry payload (USD and KHR balances) and its response envelope.
 */
import * as z from 'zod/mini'
import { documentedObject } from './documented.js'
import { envelopeSchema } from './envelope.js'

/**
 * Balance in one currency, in major units: `balance` includes frozen funds, `freeze` is
 * held for pending work, `usable` = `balance` - `freeze`.
 *
 * @example
 * ```ts
 * currencyBalanceSchema.parse({ balance: 100, freeze: 20, usable: 80 })
 * ```
 */
export const currencyBalanceSchema = /* @__PURE__ */ documentedObject({
  balance: z.number(),
  freeze: z.number(),
  usable: z.number(),
})

/**
 * A parsed balance in one currency.
 *
 * @example
 * ```ts
 * const usd: CurrencyBalance = { balance: 100, freeze: 20, usable: 80 }
 * ```
 */
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>

/**
 * The `data` of balance inquiry: one balance per currency.
 *
 * @example
 * ```ts
 * balanceSchema.parse({ usd: { balance: 1, freeze: 0, usable: 1 }, khr: { balance: 0, freeze: 0, usable: 0 } })
 * ```
 */
export const balanceSchema = /* @__PURE__ */ documentedObject({
  usd: currencyBalanceSchema,
  khr: currencyBalanceSchema,
})

/**
 * A parsed balance.
 *
 * @example
 * ```ts
 * const canPay = (b: Balance, amount: number) => b.usd.usable >= amount
 * ```
 */
export type Balance = z.infer<typeof balanceSchema>

/**
 * The balance-inquiry response: the envelope with a {@link Balance} as `data`.
 *
 * @example
 * ```ts
 * const { data } = balanceResponseSchema.parse(await res.json())
 * ```
 */
export const balanceResponseSchema = /* @__PURE__ */ envelopeSchema(balanceSchema)

/**
 * A parsed balance-inquiry response.
 *
 * @example
 * ```ts
 * const res: BalanceResponse = balanceResponseSchema.parse(json)
 * const usable = res.data.khr.usable
 * ```
 */
export type BalanceResponse = z.infer<typeof balanceResponseSchema>
