/**
 * @module handlers/qr-images
 * `GET <baseUrl>/qr/<qrData>.png`: the image a `qr_code` URL (create order, generate QR) points to, a
 * PNG of the QR code that encodes its payment data, so a page can show `<img src={order.qr_code}>`.
 *
 * - No authentication: an `<img>` cannot send `X-Api-Key`, and the picture is shown to the paying
 *   customer. It reveals nothing new: the URL already carries the data the picture encodes.
 * - Served for every QR code the mock issued, expired or paid ones too (see `hasQrCode`); anything else
 *   is a status-style 404, and any method but GET a 405 with `Allow: GET`. It changes no state and
 *   runs no due settlements: it is a picture, not a gateway operation.
 * - Injected faults do not apply: they target the API's routes, and an `<img>` loading beside the app's
 *   calls would otherwise take a `"*"` fault meant for one of them.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { hasQrCode } from '../../domain/qr-codes.js'
import { newTraceId } from '../pipeline.js'
import { renderQrPng } from '../qr-image.js'
import { json, statusErrorBody } from '../responses.js'
import type { GatewayRuntime } from '../runtime.js'
import type { ServiceRoute } from '../service-routes.js'

/**
 * How long clients and caches may keep an image: a year, `immutable`. The picture is a function of the
 * data in its URL, so it can never change; an order that expires or is paid keeps the same picture.
 */
const CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** GET qr/:file, and 405 for any other method under qr/. */
export function qrImageHandlers(runtime: GatewayRuntime): ServiceRoute[] {
  const { baseUrl } = runtime.ctx.options
  // The base URL may have a path of its own (`https://host/sandbox`); the QR images live under it.
  const prefix = `${new URL(baseUrl).pathname.replace(/\/+$/, '')}/qr/`
  return [
    {
      method: 'ALL',
      path: { prefix: '/qr/' },
      answer: async (request) => {
        await runtime.ready()
        const traceId = newTraceId()
        const path = new URL(request.url).pathname
        if (request.method !== 'GET') {
          return json(405, statusErrorBody(405, `${request.method} is not allowed on ${path}; use GET`), traceId, {
            Allow: 'GET',
          })
        }
        const qrData = qrDataOf(path.slice(prefix.length))
        // The lookup waits its turn in the serial queue like every other read, so it sees the state after
        // the requests that came before it (an order being created is either there or not yet asked for).
        const known = qrData !== undefined && (await runtime.serial.run(() => hasQrCode(runtime.ctx, qrData)))
        if (!known) return json(404, statusErrorBody(404, `No QR code image at ${path}`), traceId)
        // Rendered on every request, outside the queue: 1-2 ms (mostly uqr choosing the mask), no state
        // to keep; a browser asks once per URL thanks to Cache-Control.
        const png = renderQrPng(qrData)
        return {
          status: 200,
          body: png,
          headers: {
            'Content-Type': 'image/png',
            'Content-Length': String(png.length),
            'Cache-Control': CACHE_CONTROL,
            'X-Content-Type-Options': 'nosniff',
            [HEADERS.traceId]: traceId,
          },
        }
      },
    },
  ]
}

/**
 * `<encodeURIComponent(qrData)>.png` -> qrData; undefined for anything else (another suffix, a sub-path, bad escapes).
 */
function qrDataOf(file: string): string | undefined {
  if (!file.endsWith('.png') || file.includes('/')) return undefined
  try {
    const qrData = decodeURIComponent(file.slice(0, -'.png'.length))
    return qrData === '' ? undefined : qrData
  } catch {
    return undefined // a malformed %-escape (URIError) names no QR code
  }
}
