/**
 * @module schemas/webhook
 * The payment notification the gateway sends to the merchant: its statuses and its JSON body, which is signed over
 * the raw body and the seconds of `createTimeMilli`.
 */
import * as z from 'zod/mini'
import { currencySchema, integerIdSchema } from './amount.js'
import { built, documentedObject, statesSchema } from './documented.js'

/**
 * Webhook `status` values: `SUCCESS` is documented; `FAILED` is our decision for a failed payment.
 *
 * @example
 * ```ts
 * WEBHOOK_STATUSES.includes(payload.status as WebhookStatus)
 * ```
 */
export const WEBHOOK_STATUSES = ['SUCCESS', 'FAILED'] as const

/**
 * A webhook status.
 *
 * @example
 * ```ts
 * const status: WebhookStatus = 'SUCCESS'
 * ```
 */
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]

/**
 * Webhook payload. `status` is typed as one of {@link WEBHOOK_STATUSES} and validated as any string, since the
 * service documents no values besides `SUCCESS`; `createTimeMilli` is epoch milliseconds and feeds the signature
 * (`floor(createTimeMilli / 1000)`). Fields the service adds are kept at run time, outside the type.
 *
 * @example
 * ```ts
 * // Verify the signature over the raw text first, then parse:
 * const payload = webhookPayloadSchema.parse(JSON.parse(rawBody))
 * ```
 */
export const webhookPayloadSchema = built(() =>
  documentedObject({
    accountName: z.string(),
    accountNumber: z.string(),
    amount: z.number(),
    appId: z.int(),
    createTimeMilli: z.int().check(z.nonnegative()),
    currency: currencySchema,
    orderId: integerIdSchema,
    status: /* @__PURE__ */ statesSchema(WEBHOOK_STATUSES),
    transactionId: integerIdSchema,
  }),
)

/**
 * A parsed webhook payload.
 *
 * @example
 * ```ts
 * const paid = (p: WebhookPayload) => p.status === 'SUCCESS'
 * ```
 */
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>
