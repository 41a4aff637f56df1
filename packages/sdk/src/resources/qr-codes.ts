/**
 * @module qr-codes
 * `gateway.qrCodes`: a payment QR code without an order.
 */
import type { Currency, QrCode } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { idParam } from '../client/params.js'
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
  /** A store of the merchant (from `gateway.stores.list()`). */
  storeId: number
  /** Amount in major units: USD with up to 2 decimals, KHR whole riel. */
  amount: number
  currency: Currency
}

const CREATE: PublicCall = { method: 'qrCodes.create', params: { store_id: 'storeId' } }

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
    const storeId = idParam(params?.storeId, 'storeId', false)
    return this.transport.call(
      'generateQr',
      { store_id: storeId, amount: params.amount, currency: params.currency },
      options,
      CREATE,
    )
  }
}
