/**
 * @module schemas/qr
 * Generate-QR request and the documented QR code response.
 */
import * as z from 'zod/mini'
import { amountFitsCurrency, amountSchema, currencySchema, integerIdSchema, isoTimestampSchema } from './amount.js'
import { documentedObject } from './documented.js'

/**
 * Generate QR request: `store_id` is a number here (from List stores), unlike create order's
 * earlier shape.
 *
 * @example
 * ```ts
 * generateQrRequestSchema.parse({ store_id: 12, amount: 4000, currency: 'KHR' })
 * ```
 */
export const generateQrRequestSchema = /* @__PURE__ */ z
  .object({
    store_id: integerIdSchema,
    amount: amountSchema,
    currency: currencySchema,
  })
  .check(amountFitsCurrency)

/**
 * A parsed generate-QR request.
 *
 * @example
 * ```ts
 * const body: GenerateQrRequest = { store_id: 12, amount: 4000, currency: 'KHR' }
 * ```
 */
export type GenerateQrRequest = z.infer<typeof generateQrRequestSchema>

/**
 * The generate-QR response as documented (fields the service adds are kept at run time, outside the type).
 *
 * @example
 * ```ts
 * qrCodeSchema.parse({ qr_code: 'https://…/qr/7.png', qr_data: '000201…', expires_at: '2026-03-02T09:30:00Z' })
 * ```
 */
export const qrCodeSchema = /* @__PURE__ */ documentedObject({
  qr_code: z.string(),
  qr_data: z.string(),
  expires_at: isoTimestampSchema,
})

/**
 * A parsed QR code response.
 *
 * @example
 * ```ts
 * const qr: QrCode = qrCodeSchema.parse(json)
 * const expired = Date.parse(qr.expires_at) <= Date.now()
 * ```
 */
export type QrCode = z.infer<typeof qrCodeSchema>
