/**
 * @module qr-codes
 * Payment QR codes: the one on every order and the stand-alone ones of generate-qr. A QR code is valid
 * for 30 minutes on the mock clock. A stand-alone QR code becomes an order when it is first paid, so
 * its payment can be cancelled or refunded like any other.
 */
import { LIMITS, type Currency } from '@merchant-gateway/contract'
import type { OrderRecord, QrRecord } from '../store/records.js'
import { amountToMinor } from './amounts.js'
import { randomHex, type DomainContext } from './context.js'
import { insertOrder } from './state-moves.js'
import { requireOwnStore } from './stores.js'

/** What generate-qr asks for. `amount` is in major units as on the wire. */
export interface GenerateQrInput {
  storeId: number
  amount: number
  currency: Currency
}

/**
 * A fresh, unguessable payment string to encode in a QR code. Upper-cased whole, so that it is one flat string
 * (the upper-cased digits joined to the prefix would be a pair of strings): every order keeps it, and a table
 * index reads its characters.
 */
export function newQrData(): string {
  return `MGW1${randomHex(12)}`.toUpperCase()
}

/** The image address of a QR code, served under the mock's base URL. */
export function qrImageUrl(ctx: DomainContext, qrData: string): string {
  return `${ctx.options.baseUrl}/qr/${encodeURIComponent(qrData)}.png`
}

/**
 * True when `qrData` is the payment data of a QR code this mock handed out: an order's, or a stand-alone
 * QR code's (generate-qr). Its image is served whatever has happened since: an expired QR code, a paid
 * or a cancelled order still has its picture, because the URL is what the gateway's answer gave out and
 * a page may show it at any time; whether the QR code can still be paid is decided when a payment is
 * reported (`reportPayment`: 422 `qr_expired`), not by hiding the picture. The one exception is an
 * unpaid stand-alone QR code once `retention.expiredQrCodeSeconds` (default a day) has passed since
 * it expired: a long-running mock forgets it, and it answers as one never issued.
 *
 * @example
 * ```ts
 * hasQrCode(ctx, order.qrData) // true, even after the 30 minutes
 * hasQrCode(ctx, 'MGW1NOTISSUED') // false
 * ```
 */
export function hasQrCode(ctx: DomainContext, qrData: string): boolean {
  return ctx.db.orders.get('byQrData', qrData) !== undefined || ctx.db.qrCodes.get('byQrData', qrData) !== undefined
}

/** Generates a stand-alone QR code for one of the merchant's stores. */
export function generateQr(ctx: DomainContext, merchantId: number, input: GenerateQrInput): QrRecord {
  requireOwnStore(ctx, merchantId, input.storeId)
  const amountMinor = amountToMinor(input.amount, input.currency, 'amount')
  const now = ctx.clock.now()
  const qr = ctx.db.qrCodes.insert({
    qrData: newQrData(),
    merchantId,
    storeId: input.storeId,
    amountMinor,
    currency: input.currency,
    createdAt: now,
    expiresAt: now + LIMITS.qrValidityMs,
    orderId: null,
  })
  forgetWhenUnpaid(ctx, qr)
  return qr
}

/**
 * Unpaid, a stand-alone QR code is forgotten `retention.expiredQrCodeSeconds` after its expiry; once paid it
 * stays with its order. Also how a loaded state's QR codes get their expiry.
 *
 * @example
 * ```ts
 * forgetWhenUnpaid(ctx, qr) // gone a day after its 30 minutes, unless paid meanwhile
 * ```
 */
export function forgetWhenUnpaid(ctx: DomainContext, qr: QrRecord): void {
  ctx.retention.expireAt(qr.expiresAt + ctx.options.retention.expiredQrCodeSeconds * 1000, () => {
    if (qr.orderId === null && ctx.db.qrCodes.has(qr)) ctx.db.qrCodes.remove(qr)
  })
}

/** True once the QR code's 30 minutes are over. */
export function isExpired(ctx: DomainContext, expiresAt: number): boolean {
  return ctx.clock.now() >= expiresAt
}

/** The order a stand-alone QR code stands for, created on its first payment. */
export function orderForQr(ctx: DomainContext, qr: QrRecord): OrderRecord {
  if (qr.orderId !== null) return ctx.db.orders.get('byId', qr.orderId)!
  const now = ctx.clock.now()
  const order = insertOrder(
    ctx,
    {
      orderId: ctx.db.nextId('order'),
      merchantId: qr.merchantId,
      storeId: qr.storeId,
      amountMinor: qr.amountMinor,
      currency: qr.currency,
      status: 'pending',
      source: 'qr',
      qrData: `${qr.qrData}.order`,
      qrExpiresAt: qr.expiresAt,
      payer: null,
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      cancelReason: null,
    },
    'generate QR (first payment)',
  )
  ctx.db.qrCodes.patch(qr, { orderId: order.orderId })
  return order
}
