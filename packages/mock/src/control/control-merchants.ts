/**
 * @module control-merchants
 * The control API's merchant side, acting as the merchant's app: merchants (create, change, read, remove),
 * their stores, their payout accounts, and their balances as balance inquiry shows them.
 */
import type { Balance, Store } from '@merchant-gateway/contract'
import {
  createMerchant,
  removeMerchant,
  requireMerchant,
  updateMerchant,
  type CreateMerchantInput,
  type UpdateMerchantInput,
} from '../domain/merchants.js'
import { addAccount, type AccountInput } from '../domain/payouts.js'
import { addStore, removeStore, updateStore, type StoreInput } from '../domain/stores.js'
import { validate } from '../http/validate.js'
import { balanceBody, storeBody } from '../http/wire.js'
import type { AccountRecord } from '../store/records.js'
import { checkedId, type ControlContext } from './control-context.js'
import {
  addAccountBody,
  addStoreBody,
  createMerchantBody,
  updateMerchantBody,
  updateStoreBody,
} from './control-schemas.js'
import { credentials, merchantView, type MerchantCredentials, type MerchantView } from './control-views.js'

/**
 * `mock.merchants`: creates, changes, reads and removes merchants.
 *
 * @inline
 * @example
 * ```ts
 * const merchants: MerchantsControl = mock.merchants
 * ```
 */
export interface MerchantsControl {
  /** Creates a merchant with opening balances (major units) and optional webhook URL. */
  create: (input?: CreateMerchantInput) => Promise<MerchantCredentials>
  /** Changes a merchant's name or webhook URL; webhooks built from now on use the new URL. */
  update: (merchantId: number, changes: UpdateMerchantInput) => Promise<MerchantView>
  /** The merchant's credentials, name, webhook URL and removal time (null while active); 404 when unknown. */
  get: (merchantId: number) => Promise<MerchantView>
  /**
   * Removes the merchant account (as closing it in the merchant's app would). Its API key still
   * authenticates and every gateway request with it answers 404 "Merchant not found"; its data stays
   * readable here. Undone only by `reset()`.
   */
  remove: (merchantId: number) => Promise<void>
}

/**
 * Builds `mock.merchants`.
 *
 * @example
 * ```ts
 * const { merchantId } = await merchantsControl(control).create({ balances: { usd: 100 } })
 * ```
 */
export function merchantsControl({ runtime, ctx, exclusive }: ControlContext): MerchantsControl {
  return {
    create: (input = {}) => {
      const checked = validate(createMerchantBody, input)
      return exclusive(() => credentials(createMerchant(ctx, checked)))
    },
    update: (merchantId, changes) => {
      const id = checkedId('merchantId', merchantId)
      const checked = validate(updateMerchantBody, changes)
      return exclusive(() => {
        return merchantView(updateMerchant(ctx, id, checked))
      })
    },
    get: async (merchantId) => {
      await runtime.ready()
      return merchantView(requireMerchant(ctx, checkedId('merchantId', merchantId)))
    },
    remove: (merchantId) => {
      const id = checkedId('merchantId', merchantId)
      return exclusive(() => {
        removeMerchant(ctx, id)
      })
    },
  }
}

/**
 * `mock.stores`: a merchant's stores, as the merchant's mobile app manages them.
 *
 * @inline
 * @example
 * ```ts
 * const stores: StoresControl = mock.stores
 * ```
 */
export interface StoresControl {
  /** Adds a store (as the merchant's mobile app does); it is listed at once. */
  add: (merchantId: number, input: StoreInput) => Promise<Store>
  /** Renames a store or changes its address. */
  update: (merchantId: number, storeId: number, changes: Partial<StoreInput>) => Promise<Store>
  /** Removes a store. */
  remove: (merchantId: number, storeId: number) => Promise<void>
}

/**
 * Builds `mock.stores`.
 *
 * @example
 * ```ts
 * const store = await storesControl(control).add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
 * ```
 */
export function storesControl({ ctx, exclusive }: ControlContext): StoresControl {
  return {
    add: (merchantId, input) => {
      const id = checkedId('merchantId', merchantId)
      const checked = validate(addStoreBody, input)
      return exclusive(() => storeBody(addStore(ctx, id, checked)))
    },
    update: (merchantId, storeId, changes) => {
      const ids = [checkedId('merchantId', merchantId), checkedId('storeId', storeId)] as const
      const checked = validate(updateStoreBody, changes)
      return exclusive(() => storeBody(updateStore(ctx, ...ids, checked)))
    },
    remove: (merchantId, storeId) => {
      const ids = [checkedId('merchantId', merchantId), checkedId('storeId', storeId)] as const
      return exclusive(() => removeStore(ctx, ...ids))
    },
  }
}

/**
 * `mock.accounts`: a merchant's payout destinations.
 *
 * @inline
 * @example
 * ```ts
 * const accounts: AccountsControl = mock.accounts
 * ```
 */
export interface AccountsControl {
  /** Registers a payout destination; `failAtSettlement` makes payouts to it fail and reverse. */
  add: (merchantId: number, input: AccountInput) => Promise<Omit<AccountRecord, 'merchantId'>>
}

/**
 * Builds `mock.accounts`.
 *
 * @example
 * ```ts
 * await accountsControl(control).add(merchantId, { accountNumber: '001', accountName: 'Dara', failAtSettlement: true })
 * ```
 */
export function accountsControl({ ctx, exclusive }: ControlContext): AccountsControl {
  return {
    add: (merchantId, input) => {
      const id = checkedId('merchantId', merchantId)
      const checked = validate(addAccountBody, input)
      return exclusive(() => {
        const { merchantId: _, ...account } = addAccount(ctx, id, checked)
        return account
      })
    },
  }
}

/**
 * Builds `mock.balances`: a merchant's figures as balance inquiry would show them; 404 for an unknown merchant.
 *
 * @example
 * ```ts
 * const { usd } = await balancesControl(control)(merchantId)
 * ```
 */
export function balancesControl({ runtime, ctx }: ControlContext) {
  return async (merchantId: number): Promise<Balance> => {
    await runtime.ready()
    const id = checkedId('merchantId', merchantId)
    requireMerchant(ctx, id)
    return balanceBody(ctx, id)
  }
}
