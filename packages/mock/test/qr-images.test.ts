/**
 * The images behind `qr_code` URLs: GET <baseUrl>/qr/<qrData>.png. Each image is decoded here the long
 * way, independently of the mock's writer: node:zlib inflates the PNG, and jsQR (a QR decoder that
 * shares no code with uqr) reads the code from the pixels, as a customer's phone would.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import jsqr from 'jsqr'
import { afterEach, describe, expect, it } from 'vitest'
import { QR_MODULE_PIXELS, QR_QUIET_ZONE_MODULES } from '../src/http/qr-image.js'
import type { MockGateway } from '../src/index.js'
import { DEMO_MERCHANT, startMockServer, type MockServer } from '../src/server.js'
import { call, expectNoStateChange, MONDAY, newMerchant, newMock, snapshotState, type Merchant } from './harness.js'
import { decodePng, toRgba } from './png-reader.js'

const MINUTE = 60_000

// jsqr is CommonJS with `export default` in its types: under NodeNext the default import is
// `module.exports`, and the decoder is its `default` property (the bundle sets both).
const jsQR = jsqr.default

/** GET with no headers at all, as an `<img>` would: no API key, no content type. */
function getImage(mock: MockGateway, url: string, method = 'GET'): Promise<Response> {
  return mock.fetch(url, { method })
}

/** The text of the QR code in a PNG, read by jsQR from the decoded pixels; fails if there is none. */
function scan(png: Uint8Array): string {
  const image = decodePng(png)
  const found = jsQR(toRgba(image), image.width, image.height, { inversionAttempts: 'dontInvert' })
  if (!found) throw new Error('jsQR found no QR code in the image')
  return found.data
}

async function pngOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer())
}

/** An order through the API; its qr_code URL and the payment data the mock recorded for it. */
async function orderWithQr(mock: MockGateway, m: Merchant): Promise<{ orderId: number; url: string; qrData: string }> {
  const reply = await call(mock, GATEWAY_PATHS.createOrder, {
    apiKey: m.apiKey,
    body: { storeId: m.storeId, amount: 12.5, currency: 'USD' },
  })
  expect(reply.status).toBe(200)
  const orderId = Number(reply.body.order_id)
  return { orderId, url: reply.body.qr_code, qrData: mock.orders.get(orderId)!.qrData }
}

describe('QR code images', () => {
  it("an order's qr_code URL serves a PNG whose QR code decodes to the order's payment data", async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { url, qrData } = await orderWithQr(mock, m)

    const res = await getImage(mock, url)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get(HEADERS.traceId)).toMatch(/^trc_[0-9a-f]{24}$/)
    const png = await pngOf(res)
    expect(res.headers.get('Content-Length')).toBe(String(png.length))
    expect(scan(png)).toBe(qrData)
  })

  it("a stand-alone QR code's qr_code URL (generate QR) decodes to its qr_data", async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.generateQr, {
      apiKey: m.apiKey,
      body: { store_id: m.storeId, amount: 3.75, currency: 'USD' },
    })
    expect(reply.status).toBe(200)

    const res = await getImage(mock, reply.body.qr_code)
    expect(res.status).toBe(200)
    expect(scan(await pngOf(res))).toBe(reply.body.qr_data)
  })

  it('the image has whole-pixel modules and a light quiet zone of 4 modules on every side', async () => {
    const mock = newMock()
    const { url } = await orderWithQr(mock, await newMerchant(mock))
    const image = decodePng(await pngOf(await getImage(mock, url)))

    // An order's data (28 characters, alphanumeric) at level M is a version 2 code: 25 modules + 2 x 4.
    expect(image.width).toBe((25 + 2 * QR_QUIET_ZONE_MODULES) * QR_MODULE_PIXELS)
    expect(image.height).toBe(image.width)
    const margin = QR_QUIET_ZONE_MODULES * QR_MODULE_PIXELS
    const darkInQuietZone: string[] = []
    const unlikeTheirModule: string[] = []
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const inQuietZone = x < margin || y < margin || x >= image.width - margin || y >= image.height - margin
        if (inQuietZone && image.dark[y]![x]) darkInQuietZone.push(`${x},${y}`)
        // Every pixel of a module has the colour of the module's top-left pixel.
        if (image.dark[y]![x] !== image.dark[y - (y % QR_MODULE_PIXELS)]![x - (x % QR_MODULE_PIXELS)])
          unlikeTheirModule.push(`${x},${y}`)
      }
    }
    expect(darkInQuietZone).toEqual([])
    expect(unlikeTheirModule).toEqual([])
    // The top-left finder pattern starts right after the quiet zone: a dark module.
    expect(image.dark[margin]![margin]).toBe(true)
  })

  it('needs no API key or other header: an <img> cannot send one, and the picture is for the customer', async () => {
    const mock = newMock()
    const { url, qrData } = await orderWithQr(mock, await newMerchant(mock))
    const res = await mock.fetch(new Request(url))
    expect(res.status).toBe(200)
    expect(scan(await pngOf(res))).toBe(qrData)
  })

  it('an expired QR code still serves the same image: the payment is refused on expiry, not the picture', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId, url } = await orderWithQr(mock, m)
    const before = await pngOf(await getImage(mock, url))

    await mock.clock.advance(31 * MINUTE)
    await expect(mock.payments.create({ orderId, status: 'SUCCESS' })).rejects.toMatchObject({
      status: 422,
      code: 'qr_expired',
    })
    const after = await getImage(mock, url)
    expect(after.status).toBe(200)
    expect(await pngOf(after)).toEqual(before)
  })

  it('a paid order, a cancelled order and an expired stand-alone QR code keep their images', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const paid = await orderWithQr(mock, m)
    await mock.payments.create({ orderId: paid.orderId, status: 'SUCCESS' })
    const cancelled = await orderWithQr(mock, m)
    expect(
      (await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(cancelled.orderId) } }))
        .status,
    ).toBe(200)
    const standAlone = await call(mock, GATEWAY_PATHS.generateQr, {
      apiKey: m.apiKey,
      body: { store_id: m.storeId, amount: 1, currency: 'USD' },
    })
    await mock.clock.advance(31 * MINUTE)

    for (const [url, qrData] of [
      [paid.url, paid.qrData],
      [cancelled.url, cancelled.qrData],
      [standAlone.body.qr_code, standAlone.body.qr_data],
    ] as const) {
      const res = await getImage(mock, url)
      expect(res.status, url).toBe(200)
      expect(scan(await pngOf(res))).toBe(qrData)
    }
  })

  it('data the mock never issued, another suffix, a sub-path or a bad escape answer a status-style 404', async () => {
    const mock = newMock()
    const { qrData } = await orderWithQr(mock, await newMerchant(mock))
    const other = newMock()
    const ofAnotherMock = (await orderWithQr(other, await newMerchant(other))).qrData
    const files = [
      'MGW1000000000000000000000000.png',
      `${encodeURIComponent(ofAnotherMock)}.png`, // each mock serves only its own QR codes
      `${encodeURIComponent(qrData)}.svg`,
      encodeURIComponent(qrData),
      `${encodeURIComponent(qrData)}.PNG`,
      '.png',
      '%E0%A4%A.png',
      `x/${encodeURIComponent(qrData)}.png`,
    ]
    for (const file of files) {
      const res = await getImage(mock, `${mock.baseUrl}/qr/${file}`)
      expect(res.status, file).toBe(404)
      expect(res.headers.get('Content-Type')).toBe('application/json')
      expect(res.headers.get(HEADERS.traceId)).toMatch(/^trc_/)
      expect(await res.json()).toEqual({
        statusCode: 404,
        message: `No QR code image at /qr/${file}`,
        error: 'Not Found',
      })
    }
  })

  it('any method but GET is 405 with Allow: GET', async () => {
    const mock = newMock()
    const { url } = await orderWithQr(mock, await newMerchant(mock))
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await getImage(mock, url, method)
      expect(res.status, method).toBe(405)
      expect(res.headers.get('Allow')).toBe('GET')
      expect(res.headers.get(HEADERS.traceId)).toMatch(/^trc_/)
      expect(await res.json()).toEqual({
        statusCode: 405,
        message: `${method} is not allowed on ${new URL(url).pathname}; use GET`,
        error: 'Method Not Allowed',
      })
    }
  })

  it(
    'serving images (found or not) changes no state: orders, balances, ids, ' +
      'webhooks and the audit stay as they were',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock)
      const pending = await orderWithQr(mock, m)
      const paid = await orderWithQr(mock, m)
      const payment = await mock.payments.create({ orderId: paid.orderId, status: 'SUCCESS' })
      const probe = {
        mock,
        m,
        watchedOrders: [pending.orderId, paid.orderId],
        lastOrderId: paid.orderId,
        lastTransactionId: payment.transactionId,
      }
      const before = await snapshotState(probe)

      for (const url of [pending.url, paid.url, pending.url, `${mock.baseUrl}/qr/MGW1UNKNOWN.png`])
        await getImage(mock, url)
      await getImage(mock, pending.url, 'POST')

      await expectNoStateChange(probe, before)
    },
  )

  it('injected faults are for the API: an image request neither fails from a "*" fault nor uses it up', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { url } = await orderWithQr(mock, m)
    mock.faults.add({ route: '*', kind: 'error', status: 503 })

    expect((await getImage(mock, url)).status).toBe(200)
    // The fault is still armed for the app's next API call, the one a test meant it for.
    const next = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 1, currency: 'USD' },
    })
    expect(next.status).toBe(503)
  })

  it('a base URL with a path serves the images under that path', async () => {
    const mock = newMock({ baseUrl: 'https://pay.example/sandbox' })
    const { url, qrData } = await orderWithQr(mock, await newMerchant(mock))
    expect(url).toBe(`https://pay.example/sandbox/qr/${encodeURIComponent(qrData)}.png`)
    const res = await getImage(mock, url)
    expect(res.status).toBe(200)
    expect(scan(await pngOf(res))).toBe(qrData)
  })

  it('the same data always gives the same bytes (the image is cacheable for good)', async () => {
    const mock = newMock()
    const { url } = await orderWithQr(mock, await newMerchant(mock))
    const first = await pngOf(await getImage(mock, url))
    expect(await pngOf(await getImage(mock, url))).toEqual(first)
  })
})

describe('QR code images over the HTTP server', () => {
  let server: MockServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('the server sends the PNG byte for byte, with its headers, to a plain HTTP client', async () => {
    server = await startMockServer({ port: 0, clock: { now: MONDAY, frozen: true }, seed: [DEMO_MERCHANT] })
    const created = await call(server.mock, GATEWAY_PATHS.createOrder, {
      apiKey: DEMO_MERCHANT.apiKey,
      body: { storeId: 101, amount: 40, currency: 'USD' },
    })
    const qrData = server.mock.orders.get(Number(created.body.order_id))!.qrData
    const viaMock = await pngOf(await server.mock.fetch(`${server.mock.baseUrl}/qr/${encodeURIComponent(qrData)}.png`))

    const res = await fetch(`${server.url}/qr/${encodeURIComponent(qrData)}.png`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    const png = await pngOf(res)
    expect(png).toEqual(viaMock)
    expect(scan(png)).toBe(qrData)
  })
})
