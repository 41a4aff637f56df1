/**
 * @module openapi-tools/gateway/schema-metadata
 * What the OpenAPI generator adds to the contract's zod/mini schemas without changing them: the
 * component name and description of each named schema (registered in zod's `globalRegistry`, which
 * zod-openapi reads), and the text of every refinement, which no JSON Schema keyword can carry.
 *
 * The rule for refinements (`.check(z.refine(...))`, `z.superRefine`): each one the generator meets must
 * have a text here, appended to the schema's `description`; one without a text stops the generation,
 * naming where it sits. A contract change that adds a rule therefore comes with the sentence that
 * documents it.
 */
import {
  amountFitsCurrency,
  amountSchema,
  balanceResponseSchema,
  balanceSchema,
  CURRENCY_DECIMALS,
  CURRENCIES,
  cancelOrderRequestSchema,
  cancelResultSchema,
  codeErrorBodySchema,
  createOrderRequestSchema,
  currencyBalanceSchema,
  currencySchema,
  decimalIdSchema,
  errorBodySchema,
  formatAmount,
  generateQrRequestSchema,
  integerIdSchema,
  isoTimestampSchema,
  LIMITS,
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  listStoresResponseSchema,
  moneyMovementResultSchema,
  orderSchema,
  payoutRequestSchema,
  payoutResponseSchema,
  payoutResultSchema,
  qrCodeSchema,
  RELEASES,
  refundRequestSchema,
  refundResponseSchema,
  statusErrorBodySchema,
  storeSchema,
  transactionDetailBodySchema,
  transactionSchema,
  webhookPayloadSchema,
} from '@merchant-gateway/contract'
import * as z from 'zod/mini'

const R13 = RELEASES['1.3.0']
const R14 = RELEASES['1.4.0']

/** `2026-03-16` from a release instant. */
export const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The last day before an instant (`2026-03-15` for the 16th at 00:00Z). */
export const dayBefore = (ms: number): string => day(ms - 86_400_000)

const decimals = CURRENCIES.map(
  (c) => `${c} ${CURRENCY_DECIMALS[c] === 0 ? 'whole numbers' : `at most ${CURRENCY_DECIMALS[c]} decimal places`}`,
).join(', ')
const maxAmounts = CURRENCIES.map((c) => formatAmount(LIMITS.maxAmountMinor, c)).join(' or ')

/** Where the earlier (deprecated) forms were accepted, as one sentence. */
export const LEGACY_FORM_PERIOD =
  `Accepted before ${day(R14.grace)} (release ${R14.version}); from ${day(R14.grace)} ` +
  `to ${dayBefore(R14.rejection)} accepted beside the current form (with ` +
  `\`X-Service-Deprecation-Warning\` from ` +
  `${day(R14.deprecationWarning)}); refused from ${day(R14.rejection)} ` +
  `with 401 \`invalid_authentication\`.`

/**
 * Texts of the refinements, keyed by the check object or by the schema that carries it (a schema key
 * covers every refinement of that schema).
 */
export const REFINEMENT_TEXTS: ReadonlyMap<object, string> = new Map<object, string>([
  [
    amountFitsCurrency,
    `\`amount\` must fit its \`currency\`: ${decimals}; at most ${maxAmounts}. A wrong amount is 400.`,
  ],
  [decimalIdSchema, `At most ${Number.MAX_SAFE_INTEGER} (so that it names the same record as its numeric spelling).`],
  [
    createOrderRequestSchema,
    'One of `storeId` (number) or `store_id` (decimal string) is required; ' +
      'when both are sent they must name the same store.',
  ],
])

/**
 * JSON Schema keywords that say part of a refinement where JSON Schema can (the text stays in the
 * description): create order's "one of `storeId` or `store_id`" as an `anyOf` of the two `required`.
 */
export const REFINEMENT_KEYWORDS: ReadonlyMap<object, Readonly<Record<string, unknown>>> = new Map<
  object,
  Readonly<Record<string, unknown>>
>([[createOrderRequestSchema, { anyOf: [{ required: ['storeId'] }, { required: ['store_id'] }] }]])

/** The component names and descriptions of the contract's schemas. */
const COMPONENTS: ReadonlyArray<readonly [z.core.$ZodType, string, string]> = [
  [amountSchema, 'Amount', 'An amount in major units (`12.5` USD, `4000` KHR) as a JSON number, greater than 0.'],
  [currencySchema, 'Currency', 'A currency code.'],
  [
    decimalIdSchema,
    'DecimalId',
    'An identifier spelled as a decimal string (`"1024"`), as in the ' +
      'documented snake_case bodies: digits, no leading zero.',
  ],
  [
    integerIdSchema,
    'IntegerId',
    'An identifier spelled as a JSON number (`1024`), as in the current camelCase bodies: a positive integer.',
  ],
  [isoTimestampSchema, 'Timestamp', 'An ISO 8601 date-time with a time zone (`Z` or an offset).'],
  [
    storeSchema,
    'Store',
    "A store of the merchant. Stores are managed in the merchant's mobile app; the API only lists them.",
  ],
  [listStoresResponseSchema, 'ListStoresResponse', 'The envelope with the stores as `data`.'],
  [
    currencyBalanceSchema,
    'CurrencyBalance',
    'Balance in one currency, in major units: `balance` includes frozen ' +
      'funds, `freeze` is held for pending work, `usable` = `balance` - ' +
      '`freeze`.',
  ],
  [balanceSchema, 'Balance', 'One balance per currency.'],
  [balanceResponseSchema, 'BalanceResponse', 'The envelope with the balance as `data`.'],
  [
    createOrderRequestSchema,
    'CreateOrderRequest',
    'Create order takes either documented shape: `storeId` (a number, as List stores returns it) or the ' +
      'earlier `store_id` (a decimal string, deprecated: new code sends `storeId`).',
  ],
  [orderSchema, 'Order', 'The create-order answer as documented. `status` starts as `pending`.'],
  [generateQrRequestSchema, 'GenerateQrRequest', 'Generate QR: `store_id` is a number here (from List stores).'],
  [qrCodeSchema, 'QrCode', 'A payment QR code without an order; typically valid for 30 minutes (`expires_at`).'],
  [
    transactionDetailBodySchema,
    'TransactionDetailBody',
    'Transaction detail, POST form: `transaction_id` as a decimal string or ' +
      'a positive integer (both address the same record).',
  ],
  [
    transactionSchema,
    'Transaction',
    'A transaction as documented. `status` is one of `pending`, ' +
      '`completed`, `failed`, `cancelled`; other values may come later.',
  ],
  [
    cancelOrderRequestSchema,
    'CancelOrderRequest',
    `Cancel order: the order as a decimal string and an optional reason (at most ${LIMITS.maxTextLength} characters).`,
  ],
  [cancelResultSchema, 'CancelResult', 'The cancel answer as documented; `status` is `cancelled`.'],
  [
    refundRequestSchema,
    'RefundRequest',
    "Refund, current form (signed). `refundAmount` is in the order's " +
      'currency and must fit its decimals; partial refunds are allowed, never ' +
      'above what remains.',
  ],
  [
    moneyMovementResultSchema,
    'RefundResult',
    'Refund result, current form (refund and payout results have the same fields). `remark` may be empty.',
  ],
  [refundResponseSchema, 'RefundResponse', 'The envelope with the refund result as `data`.'],
  [
    legacyRefundRequestSchema,
    'LegacyRefundRequest',
    `Refund, earlier form (snake_case, no signature; X-App-Id, X-Api-Key, ` +
      `X-Timestamp). Deprecated. ${LEGACY_FORM_PERIOD}`,
  ],
  [
    legacyRefundResultSchema,
    'LegacyRefundResult',
    `Refund result, earlier form (not enveloped; \`status\` e.g. ` +
      `\`processing\`). Deprecated: the answer to the earlier request form.`,
  ],
  [
    payoutRequestSchema,
    'PayoutRequest',
    `Payout, current form (signed). \`accountNumber\` 1 to ${LIMITS.maxAccountNumberLength} ` +
      `characters. Check the balance first.`,
  ],
  [payoutResultSchema, 'PayoutResult', 'Payout result, current form. A payout has no order, so its `orderId` is `0`.'],
  [payoutResponseSchema, 'PayoutResponse', 'The envelope with the payout result as `data`.'],
  [
    legacyPayoutRequestSchema,
    'LegacyPayoutRequest',
    `Payout, earlier form (snake_case, no signature). Deprecated. ${LEGACY_FORM_PERIOD}`,
  ],
  [
    legacyPayoutResultSchema,
    'LegacyPayoutResult',
    'Payout result, earlier form (not enveloped). Deprecated: the answer to the earlier request form.',
  ],
  [statusErrorBodySchema, 'StatusErrorBody', 'Status-style error body: `error` is the HTTP status name.'],
  [
    codeErrorBodySchema,
    'CodeErrorBody',
    '`error.code` says why, for a program to branch on; `request_id` is the ' +
      'trace id; `details` (authentication-class codes) names the endpoint ' +
      'and the header to send; `timestamp` is Unix seconds.',
  ],
  [
    errorBodySchema,
    'ErrorBody',
    'Either error body: `error` is a string in the status style, an object in the code style.',
  ],
  [
    webhookPayloadSchema,
    'WebhookPayload',
    'A payment notification. `status` is `SUCCESS` for a successful payment ' +
      '(`FAILED` for a failed one); `createTimeMilli` is epoch milliseconds ' +
      'and its seconds are part of the signed message.',
  ],
]

/** Schemas documented as deprecated (the earlier forms). */
const DEPRECATED: ReadonlySet<z.core.$ZodType> = new Set<z.core.$ZodType>([
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
])

let registered = false

/**
 * Gives the contract's schemas their component names and descriptions in zod's global registry.
 * Idempotent; refuses a schema that already carries other metadata, so that two names never compete.
 *
 * @example
 * ```ts
 * registerContractComponents()
 * createDocument({ ... }) // storeSchema renders as { $ref: '#/components/schemas/Store' }
 * ```
 */
export function registerContractComponents(): void {
  if (registered) return
  for (const [schema, id, description] of COMPONENTS) {
    const existing = z.globalRegistry.get(schema)
    if (existing && existing.id !== id)
      throw new Error(`[openapi] ${id}: the schema is already registered as ${String(existing.id)}`)
    z.globalRegistry.add(schema, { id, description, ...(DEPRECATED.has(schema) ? { deprecated: true } : {}) })
  }
  registered = true
}

export { R13, R14 }
