/**
 * @module mock-fetch.test
 * `mock.fetch` given a ready `Request` (what ky hands a fetch: its body one branch of a tee, the other kept for
 * retries) answers and logs exactly as it does the same call with its body as a string in `init`, refuses the
 * same bad bodies the same way, and leaves the body stream released: ky cancels it after every call.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'

const NOW = '2026-11-02T09:00:00.000Z'

/** A fresh mock (its log keeps bodies) with one merchant and one store, and a create order call's URL and headers. */
async function setup() {
  const mock = createMockGateway({ clock: { now: NOW, frozen: true }, requestLogBodies: true })
  const merchant = await mock.merchants.create({})
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Shop', address: '1 Main St' })
  const url = `${mock.baseUrl}${GATEWAY_PATHS.createOrder}`
  const headers = { 'content-type': 'application/json', [HEADERS.apiKey]: merchant.apiKey }
  return { mock, url, headers, storeId: store.storeId }
}

/** A Request as ky sends one: a signal of its own, and a clone kept for retries (so its body is a tee branch). */
function kyRequest(url: string, headers: Record<string, string>, body: BodyInit): { sent: Request; kept: Request } {
  const sent = new Request(url, { method: 'POST', headers, body, signal: new AbortController().signal })
  return { sent, kept: sent.clone() }
}

/** What a test compares of an answer: its status and body, less what is random per answer (trace id, QR code). */
async function seen(response: Response): Promise<{ status: number; body: unknown }> {
  const { traceId: _, qr_code: __, ...body } = (await response.json()) as Record<string, unknown>
  return { status: response.status, body }
}

/** The request log's entries, less what differs from run to run: the trace id and the measured duration. */
function logged(mock: ReturnType<typeof createMockGateway>): unknown[] {
  return mock.requests.list().map(({ traceId: _, durationMs: __, ...entry }) => entry)
}

/** A stream that gives `text` in chunks of `size` bytes. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close()
      controller.enqueue(bytes.slice(at, at + size))
      at += size
    },
  })
}

describe('mock.fetch given a ready Request', () => {
  it('answers and logs a Request whose body is a tee branch as it does the same call with a string body', async () => {
    const asString = await setup()
    const asRequest = await setup()
    const body = JSON.stringify({ storeId: asString.storeId, amount: 12.5, currency: 'USD' })
    const fromString = await asString.mock.fetch(asString.url, { method: 'POST', headers: asString.headers, body })
    const { sent } = kyRequest(asRequest.url, asRequest.headers, body)
    const fromRequest = await asRequest.mock.fetch(sent)
    expect(await seen(fromRequest)).toEqual(await seen(fromString))
    expect(logged(asRequest.mock)).toEqual(logged(asString.mock))
  })

  it('leaves both branches of the body unlocked, so the cancel ky makes after the call resolves', async () => {
    const { mock, url, headers, storeId } = await setup()
    const { sent, kept } = kyRequest(url, headers, JSON.stringify({ storeId, amount: 12.5, currency: 'USD' }))
    expect((await mock.fetch(sent)).status).toBe(200)
    expect(sent.body?.locked).toBe(false)
    expect(kept.body?.locked).toBe(false)
    await expect(sent.body?.cancel()).resolves.toBeUndefined()
    await expect(kept.body?.cancel()).resolves.toBeUndefined()
  })

  it('reads a body that comes in several chunks whole, as it reads the same body as one string', async () => {
    const asString = await setup()
    const asChunks = await setup()
    const body = JSON.stringify({ storeId: asString.storeId, amount: 12.5, currency: 'USD' })
    const fromString = await asString.mock.fetch(asString.url, { method: 'POST', headers: asString.headers, body })
    const init = { method: 'POST', headers: asChunks.headers, body: chunked(body, 7), duplex: 'half' }
    const fromChunks = await asChunks.mock.fetch(new Request(asChunks.url, init as RequestInit))
    const answer = await seen(fromChunks)
    expect(answer).toEqual({ status: 200, body: expect.objectContaining({ status: 'pending' }) })
    expect(answer).toEqual(await seen(fromString))
    expect(logged(asChunks.mock)).toEqual(logged(asString.mock))
  })

  it.each([
    ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    ['text that is not JSON', '{"storeId": '],
    ['JSON that is not an object', '[1, 2]'],
  ])('refuses a Request body of %s with the answer the same body in init gets', async (_, body) => {
    const inInit = await setup()
    const inRequest = await setup()
    const expected = await seen(await inInit.mock.fetch(inInit.url, { method: 'POST', headers: inInit.headers, body }))
    const { sent, kept } = kyRequest(inRequest.url, inRequest.headers, body)
    const answer = await seen(await inRequest.mock.fetch(sent))
    expect(answer.status).toBe(400)
    expect(answer).toEqual(expected)
    expect(logged(inRequest.mock)).toEqual(logged(inInit.mock))
    expect(sent.body?.locked).toBe(false)
    expect(kept.body?.locked).toBe(false)
  })
})
