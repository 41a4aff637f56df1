/**
 * @module stores
 * Stores are managed in the merchant's mobile app (here: the control API) and only listed by the
 * gateway. A store used for a payment must exist and belong to the calling merchant; another
 * merchant's store answers exactly like a missing one, so ids reveal nothing.
 */
import { LIMITS } from '@merchant-gateway/contract'
import type { StoreRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { requireActiveMerchant } from './merchants.js'
import { checkDisplayText } from './text.js'
import { RuleError } from './rule-error.js'

/**
 * Fields of a store the merchant's app can set.
 *
 * @example
 * ```ts
 * const input: StoreInput = { storeName: 'Riverside', address: '1 Main St' }
 * const store = await mock.stores.add(merchantId, input)
 * await mock.stores.update(merchantId, store.storeId, { storeName: 'Riverside North' })
 * ```
 */
export interface StoreInput {
  storeName: string
  address: string
}

/** Adds a store to a merchant; it shows in the list at once. */
export function addStore(ctx: DomainContext, merchantId: number, input: StoreInput): StoreRecord {
  requireActiveMerchant(ctx, merchantId)
  checkText('storeName', input.storeName)
  checkText('address', input.address)
  return ctx.db.stores.insert({
    storeId: ctx.db.nextId('store'),
    merchantId,
    storeName: input.storeName,
    address: input.address,
  })
}

/** Renames a store or changes its address. */
export function updateStore(
  ctx: DomainContext,
  merchantId: number,
  storeId: number,
  changes: Partial<StoreInput>,
): StoreRecord {
  const store = requireOwnStore(ctx, merchantId, storeId)
  if (changes.storeName !== undefined) checkText('storeName', changes.storeName)
  if (changes.address !== undefined) checkText('address', changes.address)
  const patch: Partial<StoreRecord> = {}
  if (changes.storeName !== undefined) patch.storeName = changes.storeName
  if (changes.address !== undefined) patch.address = changes.address
  return ctx.db.stores.patch(store, patch)
}

/** Removes a store; orders already made for it stay as they are. */
export function removeStore(ctx: DomainContext, merchantId: number, storeId: number): void {
  ctx.db.stores.remove(requireOwnStore(ctx, merchantId, storeId))
}

/**
 * The merchant's stores in creation order; a 404 when there are none (as the gateway documents it), unless configured
 * otherwise.
 */
export function listStores(ctx: DomainContext, merchantId: number): readonly StoreRecord[] {
  const stores = ctx.db.stores.group('byMerchant', merchantId)
  if (stores.length === 0 && ctx.options.emptyStoreList === 'not-found') {
    throw new RuleError(404, 'No stores found for this merchant')
  }
  return stores
}

/** The store if it exists and belongs to the merchant, else a 404. */
export function requireOwnStore(ctx: DomainContext, merchantId: number, storeId: number): StoreRecord {
  const store = ctx.db.stores.get('byId', storeId)
  if (!store || store.merchantId !== merchantId)
    throw new RuleError(404, `Store ${storeId} not found for this merchant`)
  return store
}

function checkText(field: string, value: unknown): void {
  checkDisplayText(field, value, LIMITS.maxStoreNameLength)
}
