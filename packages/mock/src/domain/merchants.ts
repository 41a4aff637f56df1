/**
 * @module merchants
 * Merchant accounts: creation by the control API (the outside world), lookup by API key for
 * authentication. A merchant's opening balances are checked like any other amount.
 */
import { LIMITS, toMinorUnits, type Currency } from '@merchant-gateway/contract'
import { BALANCE_KEYS } from '../options.js'
import type { MerchantRecord } from '../store/records.js'
import { randomHex, type DomainContext } from './context.js'
import { RuleError } from './rule-error.js'
import { checkDisplayText } from './text.js'

/**
 * What the control API accepts to create a merchant.
 *
 * @example
 * ```ts
 * const input: CreateMerchantInput = { name: 'Riverside Cafe', balances: { usd: 100, khr: 400_000 }, webhookUrl: 'https://shop.example/hooks' }
 * const { merchantId, apiKey } = await mock.merchants.create(input)
 * ```
 */
export interface CreateMerchantInput {
  name?: string
  apiKey?: string
  apiSecret?: string
  appId?: number
  balances?: { usd?: number; khr?: number }
  webhookUrl?: string | null
}

/** Creates a merchant with its ledger; credentials are random unless given. */
export function createMerchant(ctx: DomainContext, input: CreateMerchantInput): MerchantRecord {
  const opening: Partial<Record<Currency, number>> = {}
  for (const [key, currency] of Object.entries(BALANCE_KEYS) as Array<['usd' | 'khr', Currency]>) {
    const amount = input.balances?.[key]
    if (amount === undefined) continue
    const minor = typeof amount === 'number' ? toMinorUnits(amount, currency) : undefined
    if (minor === undefined || minor < 0 || minor > LIMITS.maxAmountMinor) {
      throw new RuleError(400, `balances.${key} must be a number >= 0 with the decimals ${currency} allows`)
    }
    opening[currency] = minor
  }
  if (input.webhookUrl != null && !isHttpUrl(input.webhookUrl))
    throw new RuleError(400, 'webhookUrl must be an http(s) URL')
  if (input.name !== undefined) checkDisplayText('name', input.name, LIMITS.maxStoreNameLength)
  for (const field of ['apiKey', 'apiSecret'] as const) {
    const value = input[field]
    if (value !== undefined && (typeof value !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(value))) {
      throw new RuleError(
        400,
        `${field} must be 1 to 200 printable ASCII characters without spaces (it travels in a header)`,
      )
    }
  }
  if (input.appId !== undefined && (!Number.isSafeInteger(input.appId) || input.appId < 1))
    throw new RuleError(400, 'appId must be a positive integer')
  const apiKey = input.apiKey ?? `mk_test_${randomHex(16)}`
  if (ctx.db.merchants.get('byApiKey', apiKey)) throw new RuleError(409, 'apiKey is already used by another merchant')
  const merchantId = ctx.db.nextId('merchant')
  const appId = input.appId ?? ctx.db.nextId('app')
  const merchant = ctx.db.merchants.insert({
    merchantId,
    appId,
    name: input.name ?? `Merchant ${merchantId}`,
    apiKey,
    apiSecret: input.apiSecret ?? `sk_test_${randomHex(24)}`,
    webhookUrl: input.webhookUrl ?? null,
    createdAt: ctx.clock.now(),
    removedAt: null,
  })
  ctx.ledger.open(merchantId, opening)
  return merchant
}

/**
 * What the control API can change on a merchant: its name, and where its webhooks go.
 *
 * @example
 * ```ts
 * const changes: UpdateMerchantInput = { webhookUrl: 'http://127.0.0.1:3000/webhooks' }
 * await mock.merchants.update(merchantId, changes)
 * ```
 */
export interface UpdateMerchantInput {
  name?: string
  /** An http(s) URL, or null to stop HTTP delivery. Webhooks built from now on go there. */
  webhookUrl?: string | null
}

/**
 * Changes a merchant's name or webhook URL (as the merchant's app would). Webhooks already built keep
 * the URL they were built for, retries included: a delivery is addressed once, as a sent letter is.
 */
export function updateMerchant(ctx: DomainContext, merchantId: number, changes: UpdateMerchantInput): MerchantRecord {
  const merchant = requireActiveMerchant(ctx, merchantId)
  if (changes.name !== undefined) checkDisplayText('name', changes.name, LIMITS.maxStoreNameLength)
  if (changes.webhookUrl != null && !isHttpUrl(changes.webhookUrl))
    throw new RuleError(400, 'webhookUrl must be an http(s) URL')
  ctx.db.merchants.patch(merchant, {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.webhookUrl !== undefined ? { webhookUrl: changes.webhookUrl } : {}),
  })
  return merchant
}

/**
 * Removes a merchant account, as closing it in the merchant's app would. Its API key is not revoked, so
 * requests with it still authenticate and are answered 404 "Merchant not found" (the balance inquiry's
 * documented 404). Its orders, transactions and balances stay readable through the control API; nothing
 * can be added to it. Removing twice is a 404.
 */
export function removeMerchant(ctx: DomainContext, merchantId: number): MerchantRecord {
  const merchant = requireActiveMerchant(ctx, merchantId)
  ctx.db.merchants.patch(merchant, { removedAt: ctx.clock.now() })
  return merchant
}

/** The merchant a request's X-Api-Key names, if any (a removed merchant too: its key still resolves). */
export function merchantByApiKey(ctx: DomainContext, apiKey: string): MerchantRecord | undefined {
  return ctx.db.merchants.get('byApiKey', apiKey)
}

/** The merchant with this id, removed or not, or a 404 (for reads). */
export function requireMerchant(ctx: DomainContext, merchantId: number): MerchantRecord {
  const merchant = ctx.db.merchants.get('byId', merchantId)
  if (!merchant) throw new RuleError(404, `Merchant ${merchantId} not found`)
  return merchant
}

/** The merchant with this id if it was not removed, or a 404 (for anything that changes it). */
export function requireActiveMerchant(ctx: DomainContext, merchantId: number): MerchantRecord {
  const merchant = requireMerchant(ctx, merchantId)
  if (merchant.removedAt !== null) throw new RuleError(404, `Merchant ${merchantId} not found (it was removed)`)
  return merchant
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
