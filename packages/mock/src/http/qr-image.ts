/**
 * @module qr-image
 * The picture behind a `qr_code` URL: the QR code's payment data (`qrData`) as a scannable PNG.
 *
 * The QR matrix comes from uqr (MIT, no dependencies, plain JavaScript, so it runs in a service worker
 * too); the PNG from the mock's own writer ({@link encodePng1Bit}). Choices, all fixed so that the same
 * data always gives the same bytes:
 *
 * - error correction level M (15 % of the code may be lost): the usual level for payment codes shown
 *   on a screen or a till printout. L (7 %) fails sooner on a scratched receipt or a glare spot; Q and
 *   H make the code denser (a larger version) for damage a screen does not suffer. Not "boosted", so
 *   the level is always the one documented here;
 * - a quiet zone of {@link QR_QUIET_ZONE_MODULES} light modules on every side, as ISO/IEC 18004 asks:
 *   without it a scanner cannot find the finder patterns against a dark page background;
 * - {@link QR_MODULE_PIXELS} pixels per module: an order's data (28 characters) is a version 2 code,
 *   25 modules, 33 with the quiet zone, so 264 x 264 px. Whole pixels per module keep the edges sharp
 *   (no resampling blur), and 264 px is readable by a phone from a screen without CSS scaling; a page
 *   that wants it smaller or larger scales it with `image-rendering: pixelated`.
 */
import { encode } from 'uqr'
import { encodePng1Bit } from './png.js'

/**
 * Pixels per QR module (side of one square) in the served image.
 *
 * @example
 * ```ts
 * // A version 2 code: (25 + 2 * QR_QUIET_ZONE_MODULES) * QR_MODULE_PIXELS = 264 px a side.
 * const side = (25 + 2 * QR_QUIET_ZONE_MODULES) * QR_MODULE_PIXELS
 * ```
 */
export const QR_MODULE_PIXELS = 8

/**
 * Light modules around the code on every side (the quiet zone of ISO/IEC 18004: at least 4).
 *
 * @example
 * ```ts
 * const modulesPerSide = 25 + 2 * QR_QUIET_ZONE_MODULES // 33 for a version 2 code
 * ```
 */
export const QR_QUIET_ZONE_MODULES = 4

/**
 * Renders `qrData` as a QR code (level M, quiet zone included) in a 1-bit PNG.
 *
 * @example
 * ```ts
 * const png = renderQrPng('MGW1A1B2C3D4E5F6A7B8C9D0E1F2') // 264 x 264 px; any QR scanner reads the data back
 * new Response(png, { headers: { 'Content-Type': 'image/png' } })
 * ```
 */
export function renderQrPng(qrData: string): Uint8Array<ArrayBuffer> {
  // uqr picks the densest mode the text allows (the mock's data, upper-case hex, is alphanumeric).
  // `data` is the module matrix with the quiet zone added, `true` for dark: the PNG writer's input as is.
  const { data } = encode(qrData, { ecc: 'M', border: QR_QUIET_ZONE_MODULES })
  return encodePng1Bit(data, { scale: QR_MODULE_PIXELS })
}
