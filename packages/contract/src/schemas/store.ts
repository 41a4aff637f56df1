/**
 * @module schemas/store
 * The Store resource and the list-stores response.
 */
import * as z from 'zod/mini'
import { integerIdSchema } from './amount.js'
import { documentedObject } from './documented.js'
import { envelopeSchema } from './envelope.js'

/**
 * A store of the merchant (stores are managed in the merchant's mobile app; the API only lists them).
 *
 * @example
 * ```ts
 * storeSchema.parse({ storeId: 12, storeName: 'Riverside', address: '1 Sisowath Quay' })
 * ```
 */
export const storeSchema = /* @__PURE__ */ documentedObject({
  storeId: integerIdSchema,
  storeName: z.string(),
  address: z.string(),
})

/**
 * A parsed store.
 *
 * @example
 * ```ts
 * const store: Store = { storeId: 12, storeName: 'Riverside', address: '1 Sisowath Quay' }
 * ```
 */
export type Store = z.infer<typeof storeSchema>

/**
 * The data of list stores: the merchant's stores.
 *
 * @example
 * ```ts
 * const stores = z.parse(storeListSchema, body.data)
 * ```
 */
export const storeListSchema = /* @__PURE__ */ z.array(storeSchema)

/**
 * The list-stores response: the envelope with an array of stores as `data`.
 *
 * @example
 * ```ts
 * const { data: stores } = listStoresResponseSchema.parse(await res.json())
 * ```
 */
export const listStoresResponseSchema = /* @__PURE__ */ envelopeSchema(storeListSchema)

/**
 * A parsed list-stores response.
 *
 * @example
 * ```ts
 * const res: ListStoresResponse = listStoresResponseSchema.parse(json)
 * const ids = res.data.map((s) => s.storeId)
 * ```
 */
export type ListStoresResponse = z.infer<typeof listStoresResponseSchema>
