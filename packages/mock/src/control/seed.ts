/**
 * @module seed
 * The `seed` option of `createMockGateway` (and the server's demo merchant): merchants with their stores and
 * payout accounts, made when the mock is made. A seed the mock cannot take throws from `createMockGateway`
 * itself, naming the entry and every field it refuses (a misspelt `storeNmae` included), rather than from
 * each call the mock answers afterwards.
 */
import * as z from 'zod/mini'
import { RuleError } from '../domain/rule-error.js'
import { createMerchant } from '../domain/merchants.js'
import { addAccount } from '../domain/payouts.js'
import { addStore } from '../domain/stores.js'
import type { GatewayRuntime } from '../http/runtime.js'
import { validate } from '../http/validate.js'
import type { SeedMerchant } from '../options.js'
import { addAccountBody, addStoreBody, createMerchantBody } from './control-schemas.js'

/** A seed: merchants as `POST /__mock/merchants` takes them, with stores and accounts as their routes take them. */
const seedSchema = z.array(
  z.extend(createMerchantBody, {
    stores: z.optional(z.array(addStoreBody)),
    accounts: z.optional(z.array(addAccountBody)),
  }),
)

/**
 * Creates the seed merchants with their stores and accounts. The seed's shape is checked whole first (unknown
 * fields, types), then each entry by the domain's rules; a refusal is a `RangeError` naming where in the seed
 * it is (`seed[0].stores[1]: storeName must ...`). Called when the mock is made, outside the serial queue (whose
 * task would turn the throw into a rejected `ready` that every call then fails with): a mock whose seed is
 * refused is never handed out. A reset applies the same seed again, in the queue.
 *
 * @example
 * ```ts
 * applySeed(runtime, [{ name: 'Riverside', stores: [{ storeName: 'Riverside', address: '1 Main St' }] }])
 * ```
 */
export function applySeed(runtime: GatewayRuntime, seed: readonly SeedMerchant[]): void {
  inSeed(() => validate(seedSchema, seed), inSeedPaths)
  const { ctx } = runtime
  seed.forEach((spec, i) => {
    const merchant = inSeed(() => createMerchant(ctx, spec), at(`seed[${i}]`))
    spec.stores?.forEach((store, j) => {
      inSeed(() => addStore(ctx, merchant.merchantId, store), at(`seed[${i}].stores[${j}]`))
    })
    spec.accounts?.forEach((account, j) => {
      inSeed(() => addAccount(ctx, merchant.merchantId, account), at(`seed[${i}].accounts[${j}]`))
    })
  })
}

/** Runs one step of the seed; a rule it breaks becomes a `RangeError` whose message `where` places in the seed. */
function inSeed<T>(step: () => T, where: (message: string) => string): T {
  try {
    return step()
  } catch (error) {
    if (error instanceof RuleError) throw new RangeError(`[mock] ${where(error.message)}`)
    throw error
  }
}

/** A rule's message placed at an entry of the seed: `seed[0].stores[1]: storeName must ...`. */
const at = (where: string) => (message: string) => `${where}: ${message}`

/** The issues of the seed's shape, each path written from the seed (`seed[0].stores`), or `seed: ...` for the whole. */
function inSeedPaths(issues: string): string {
  return issues.startsWith('[') ? issues.replace(/(^|; )\[/g, '$1seed[') : `seed: ${issues}`
}
