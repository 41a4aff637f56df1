/**
 * @module qr-codes
 * `gateway.qrCodes`: a payment QR code without an order.
 */
import type { Currency, QrCode } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import { specOf } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { checkCurrency, checkId, checkMoney } from '../client/validate-params.js'
import { APIResource } from './resource.js'

/**
 * Parameters of {@link QrCodes.create}.
 *
 * @example
 * ```ts
 * const params: QrCodeCreateParams = { storeId: 101, amount: 4000, currency: 'KHR' }
 * ```
 */
export interface QrCodeCreateParams {
  storeId: number
  amount: number
  currency: Currency
}

const GENERATE_QR = specOf('generateQr')

/**
 * Stand-alone payment QR codes.
 *
 * @example
 * ```ts
 * const qr = await gateway.qrCodes.create({ storeId: 101, amount: 4000, currency: 'KHR' })
 * render(qr.qr_data, qr.expires_at)
 * ```
 */
export class QrCodes extends APIResource {
  /** Generates a payment QR code for one of the merchant's stores, valid about 30 minutes. */
  async create(params: QrCodeCreateParams, options?: RequestOptions): Promise<WithMeta<QrCode>> {
    const storeId = checkId(params?.storeId, 'storeId')
    const currency = checkCurrency(params.currency)
    const amount = checkMoney(params.amount, currency)
    return this.transport.call(GENERATE_QR, { body: { store_id: storeId, amount, currency } }, options)
  }
}
