/**
 * @module webhooks.test
 * The `/webhooks` entry: verification over the raw body (known-answer vector, a real delivery from the
 * mock), timestamp tolerance, raw-body misuse, and the fetch and Node receivers.
 */
import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isGatewayError, WebhookSignatureError as ErrorsEntryWebhookSignatureError } from '../src/errors/index.js'
import {
  createNodeWebhookHandler,
  createWebhookHandler,
  isWebhookSignatureError,
  signWebhook,
  verifyWebhook,
  WebhookSignatureError,
  type WebhookPayload,
} from '../src/webhooks/index.js'
import { newMerchant, newMock, paidOrder } from './harness.js'

const SECRET = 'whsec_test_secret'
/** 2026-11-02T09:00:00.999Z: the signed seconds are floor(ms / 1000) = 1793610000. */
const CREATED = Date.parse('2026-11-02T09:00:00.999Z')
const PAYLOAD: WebhookPayload = {
  accountName: 'Dara Sok',
  accountNumber: '012345678',
  amount: 25.5,
  appId: 7,
  createTimeMilli: CREATED,
  currency: 'USD',
  orderId: 1024,
  status: 'SUCCESS',
  transactionId: 5001,
}
const RAW = JSON.stringify(PAYLOAD)
const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('hex')
const SIGNATURE = hmac(SECRET, `${RAW}${Math.floor(CREATED / 1000)}`)
const at = (ms: number) => ({ now: () => ms })

async function refusal(call: () => Promise<unknown>): Promise<WebhookSignatureError> {
  try {
    await call()
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError)
    return error as WebhookSignatureError
  }
  return expect.fail('expected a WebhookSignatureError')
}

describe('verifyWebhook: signature over the raw body', () => {
  it(
    'known-answer vector: HMAC-SHA256 hex of raw body + ' +
      'floor(createTimeMilli/1000), computed with node:crypto, verifies',
    async () => {
      expect(Math.floor(CREATED / 1000)).toBe(1793610000)
      await expect(verifyWebhook(RAW, SIGNATURE, SECRET, at(CREATED))).resolves.toEqual(PAYLOAD)
      await expect(verifyWebhook(new TextEncoder().encode(RAW), SIGNATURE, SECRET, at(CREATED))).resolves.toEqual(
        PAYLOAD,
      )
    },
  )

  it('signWebhook produces the known-answer signature, JSON.stringify body and the X-Signature header', async () => {
    const signed = await signWebhook(PAYLOAD, SECRET)
    expect(signed).toEqual({
      rawBody: RAW,
      signature: SIGNATURE,
      headers: { 'Content-Type': 'application/json', 'X-Signature': SIGNATURE },
    })
  })

  it('a real webhook from the mock verifies with the merchant API secret on the mock clock', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    const { orderId, transactionId } = await paidOrder(mock, merchant, 25)
    const [delivery] = mock.webhooks.list()
    expect(delivery).toBeDefined()
    const payload = await verifyWebhook(delivery!.rawBody, delivery!.headers['X-Signature'], merchant.apiSecret, {
      now: () => Date.parse(mock.clock.now()),
    })
    expect(payload).toMatchObject({ orderId, transactionId, status: 'SUCCESS', amount: 25, currency: 'USD' })
    expect(payload.createTimeMilli).toBe(Date.parse('2026-11-02T09:00:00Z'))
    // and the same delivery with another merchant's secret is refused
    const other = await newMerchant(mock)
    expect(
      (
        await refusal(() =>
          verifyWebhook(delivery!.rawBody, delivery!.signature, other.apiSecret, {
            now: () => Date.parse(mock.clock.now()),
          }),
        )
      ).reason,
    ).toBe('signature_mismatch')
  })

  it('a tampered body, a wrong secret, an uppercase or truncated signature are all signature_mismatch', async () => {
    const tampered = RAW.replace('25.5', '2550')
    expect((await refusal(() => verifyWebhook(tampered, SIGNATURE, SECRET, at(CREATED)))).reason).toBe(
      'signature_mismatch',
    )
    expect((await refusal(() => verifyWebhook(RAW, SIGNATURE, 'other_secret', at(CREATED)))).reason).toBe(
      'signature_mismatch',
    )
    expect((await refusal(() => verifyWebhook(RAW, SIGNATURE.toUpperCase(), SECRET, at(CREATED)))).reason).toBe(
      'signature_mismatch',
    )
    expect((await refusal(() => verifyWebhook(RAW, SIGNATURE.slice(0, 63), SECRET, at(CREATED)))).reason).toBe(
      'signature_mismatch',
    )
    expect((await refusal(() => verifyWebhook(RAW, `${SIGNATURE} `, SECRET, at(CREATED)))).reason).toBe(
      'signature_mismatch',
    )
  })

  it(
    'a timestamp changed inside the body breaks the signature even though ' + 'it is the signed timestamp source',
    async () => {
      const moved = JSON.stringify({ ...PAYLOAD, createTimeMilli: CREATED + 1000 })
      expect((await refusal(() => verifyWebhook(moved, SIGNATURE, SECRET, at(CREATED)))).reason).toBe(
        'signature_mismatch',
      )
    },
  )

  it('a missing or empty X-Signature is missing_signature', async () => {
    for (const signature of [undefined, null, '']) {
      const error = await refusal(() => verifyWebhook(RAW, signature, SECRET, at(CREATED)))
      expect(error.reason).toBe('missing_signature')
      expect(error.code).toBe('missing_signature')
    }
  })

  it(
    'the error is a GatewayError with a literal name, recognised by the ' + 'guards across realms and from /errors',
    async () => {
      const error = await refusal(() => verifyWebhook(RAW, 'nope', SECRET, at(CREATED)))
      expect(error.name).toBe('WebhookSignatureError')
      expect(isGatewayError(error)).toBe(true)
      expect(isWebhookSignatureError(error)).toBe(true)
      expect(error).toBeInstanceOf(ErrorsEntryWebhookSignatureError)
      expect(isWebhookSignatureError({ name: 'WebhookSignatureError', message: 'x' })).toBe(true)
      expect(isWebhookSignatureError(new Error('x'))).toBe(false)
    },
  )

  it('an empty secret is a TypeError (a missing env var), not a signature failure', async () => {
    await expect(verifyWebhook(RAW, SIGNATURE, '', at(CREATED))).rejects.toThrow(TypeError)
    expect(() => createWebhookHandler({ secret: undefined as unknown as string, onEvent: () => {} })).toThrow(TypeError)
  })
})

describe('verifyWebhook: raw-body misuse and unreadable bodies', () => {
  it(
    'a parsed object is parsed_body, and the message says to pass the raw ' + 'body (request.text() / express.raw)',
    async () => {
      const error = await refusal(() => verifyWebhook(PAYLOAD as unknown as string, SIGNATURE, SECRET, at(CREATED)))
      expect(error.reason).toBe('parsed_body')
      expect(error.message).toContain('await request.text()')
      expect(error.message).toContain('express.raw')
    },
  )

  it('the same JSON re-serialised with other whitespace is signature_mismatch', async () => {
    const pretty = JSON.stringify(JSON.parse(RAW), null, 2)
    expect((await refusal(() => verifyWebhook(pretty, SIGNATURE, SECRET, at(CREATED)))).reason).toBe(
      'signature_mismatch',
    )
  })

  it('a body that is not JSON, not UTF-8, or has no integer createTimeMilli is invalid_body', async () => {
    expect((await refusal(() => verifyWebhook('not json', SIGNATURE, SECRET, at(CREATED)))).reason).toBe('invalid_body')
    expect(
      (await refusal(() => verifyWebhook(new Uint8Array([0x7b, 0xff, 0x7d]), SIGNATURE, SECRET, at(CREATED)))).reason,
    ).toBe('invalid_body')
    expect(
      (await refusal(() => verifyWebhook('{"createTimeMilli":"1793610000999"}', SIGNATURE, SECRET, at(CREATED))))
        .reason,
    ).toBe('invalid_body')
    expect((await refusal(() => verifyWebhook('[]', SIGNATURE, SECRET, at(CREATED)))).reason).toBe('invalid_body')
  })

  it('a correctly signed body that is not a payload is invalid_body, checked after the signature', async () => {
    const odd = JSON.stringify({ createTimeMilli: CREATED, amount: 'lots' })
    const signature = hmac(SECRET, `${odd}${Math.floor(CREATED / 1000)}`)
    const error = await refusal(() => verifyWebhook(odd, signature, SECRET, at(CREATED)))
    expect(error.reason).toBe('invalid_body')
    expect(error.message).toContain('accountName')
    // unsigned, the same body is a signature failure: nothing but createTimeMilli is read before the signature
    expect((await refusal(() => verifyWebhook(odd, SIGNATURE, SECRET, at(CREATED)))).reason).toBe('signature_mismatch')
  })
})

describe('verifyWebhook: timestamp tolerance', () => {
  it(
    '300 s either way is accepted by default; 301 s old is ' + 'timestamp_too_old and 301 s ahead is timestamp_too_new',
    async () => {
      await expect(verifyWebhook(RAW, SIGNATURE, SECRET, at(CREATED + 300_000))).resolves.toEqual(PAYLOAD)
      await expect(verifyWebhook(RAW, SIGNATURE, SECRET, at(CREATED - 300_000))).resolves.toEqual(PAYLOAD)
      expect((await refusal(() => verifyWebhook(RAW, SIGNATURE, SECRET, at(CREATED + 301_000)))).reason).toBe(
        'timestamp_too_old',
      )
      expect((await refusal(() => verifyWebhook(RAW, SIGNATURE, SECRET, at(CREATED - 301_000)))).reason).toBe(
        'timestamp_too_new',
      )
    },
  )

  it('a custom tolerance moves the bound', async () => {
    await expect(
      verifyWebhook(RAW, SIGNATURE, SECRET, { toleranceSeconds: 10, ...at(CREATED + 10_000) }),
    ).resolves.toEqual(PAYLOAD)
    expect(
      (await refusal(() => verifyWebhook(RAW, SIGNATURE, SECRET, { toleranceSeconds: 10, ...at(CREATED + 11_000) })))
        .reason,
    ).toBe('timestamp_too_old')
    await expect(
      verifyWebhook(RAW, SIGNATURE, SECRET, { toleranceSeconds: 3600, ...at(CREATED + 3_000_000) }),
    ).resolves.toEqual(PAYLOAD)
  })

  it('toleranceSeconds false turns the check off; a negative tolerance is a TypeError', async () => {
    await expect(
      verifyWebhook(RAW, SIGNATURE, SECRET, { toleranceSeconds: false, ...at(CREATED + 365 * 86_400_000) }),
    ).resolves.toEqual(PAYLOAD)
    await expect(verifyWebhook(RAW, SIGNATURE, SECRET, { toleranceSeconds: -1 })).rejects.toThrow(TypeError)
  })

  it(
    'a stale but forged delivery is signature_mismatch, not a timestamp ' + 'error: the signature is checked first',
    async () => {
      expect((await refusal(() => verifyWebhook(RAW, 'f'.repeat(64), SECRET, at(CREATED + 10_000_000)))).reason).toBe(
        'signature_mismatch',
      )
    },
  )

  it.each([
    ['the number 1793610000000', CREATED, `got ${CREATED}`],
    ['a date string', '2026-11-02T09:00:00Z', 'got "2026-11-02T09:00:00Z"'],
    ['a Date', new Date(CREATED), 'got an object (Date)'],
  ])('now must be a function returning epoch ms: %s is refused naming the option', async (_what, now, got) => {
    const message = `now must be a function returning epoch ms, like Date.now, ${got}`
    const options = { now: now as unknown as () => number }
    await expect(verifyWebhook(RAW, SIGNATURE, SECRET, options)).rejects.toThrow(new TypeError(message))
    // refused even where the tolerance is off and the clock would not be read
    await expect(verifyWebhook(RAW, SIGNATURE, SECRET, { ...options, toleranceSeconds: false })).rejects.toThrow(
      new TypeError(message),
    )
    // a receiver refuses it when it is created, as it does a missing secret
    expect(() => createWebhookHandler({ secret: SECRET, onEvent: () => {}, ...options })).toThrow(
      new TypeError(message),
    )
    expect(() => createNodeWebhookHandler({ secret: SECRET, onEvent: () => {}, ...options })).toThrow(
      new TypeError(message),
    )
  })

  it('now defaults to Date.now', async () => {
    vi.useFakeTimers({ now: CREATED + 5_000, toFake: ['Date'] })
    try {
      await expect(verifyWebhook(RAW, SIGNATURE, SECRET)).resolves.toEqual(PAYLOAD)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('createWebhookHandler (fetch)', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request('https://merchant.example/webhooks', { method: 'POST', headers, body })

  it('answers 200 {"received":true} after onEvent resolves, calling it once with the payload', async () => {
    const seen: WebhookPayload[] = []
    const handler = createWebhookHandler({
      secret: SECRET,
      now: () => CREATED,
      onEvent: async (p) => void seen.push(p),
    })
    const response = await handler(post(RAW, { 'X-Signature': SIGNATURE }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(await response.json()).toEqual({ received: true })
    expect(seen).toEqual([PAYLOAD])
  })

  it(
    'answers 401 with a JSON error for a missing or wrong signature or a ' + 'stale timestamp, and never calls onEvent',
    async () => {
      const onEvent = vi.fn()
      const handler = createWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent })
      for (const request of [
        post(RAW),
        post(RAW, { 'X-Signature': 'a'.repeat(64) }),
        post(RAW.replace('Dara', 'Mala'), { 'X-Signature': SIGNATURE }),
      ]) {
        const response = await handler(request)
        expect(response.status).toBe(401)
        expect(await response.json()).toEqual({ error: expect.any(String) })
      }
      const stale = createWebhookHandler({ secret: SECRET, now: () => CREATED + 301_000, onEvent })
      expect((await stale(post(RAW, { 'X-Signature': SIGNATURE }))).status).toBe(401)
      expect(onEvent).not.toHaveBeenCalled()
    },
  )

  it('answers 400 for an unreadable body', async () => {
    const onEvent = vi.fn()
    const handler = createWebhookHandler({ secret: SECRET, onEvent })
    const response = await handler(post('{"oops', { 'X-Signature': SIGNATURE }))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: expect.stringContaining('JSON') })
    expect(onEvent).not.toHaveBeenCalled()
  })

  it('answers 500 when onEvent throws, so the sender retries, without leaking the error', async () => {
    const onError = vi.fn()
    const handler = createWebhookHandler({
      secret: SECRET,
      now: () => CREATED,
      onError,
      onEvent: () => Promise.reject(new Error('db down: password=hunter2')),
    })
    const response = await handler(post(RAW, { 'X-Signature': SIGNATURE }))
    expect(response.status).toBe(500)
    const body = (await response.json()) as { error: string }
    expect(body.error).not.toContain('hunter2')
    expect(onError).toHaveBeenCalledOnce()
  })

  it('a delivery from signWebhook passes the handler end to end', async () => {
    const payload = { ...PAYLOAD, createTimeMilli: Date.now() }
    const signed = await signWebhook(payload, SECRET)
    const onEvent = vi.fn()
    const response = await createWebhookHandler({ secret: SECRET, onEvent })(post(signed.rawBody, signed.headers))
    expect(response.status).toBe(200)
    expect(onEvent).toHaveBeenCalledExactlyOnceWith(payload)
  })
})

describe('createNodeWebhookHandler (http.createServer on 127.0.0.1)', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
    server = createServer(listener)
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`
  }

  it('answers 200 {"received":true} for a good delivery and calls onEvent once', async () => {
    const onEvent = vi.fn()
    const url = await listen(createNodeWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent }))
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Signature': SIGNATURE },
      body: RAW,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })
    expect(onEvent).toHaveBeenCalledExactlyOnceWith(PAYLOAD)
  })

  it('answers 401 for a tampered body', async () => {
    const onEvent = vi.fn()
    const url = await listen(createNodeWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent }))
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'X-Signature': SIGNATURE },
      body: RAW.replace('5001', '5002'),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: expect.stringContaining('does not match') })
    expect(onEvent).not.toHaveBeenCalled()
  })

  it('uses req.body when express.raw left a Buffer there', async () => {
    const onEvent = vi.fn()
    const handler = createNodeWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent })
    const url = await listen((req, res) => {
      const chunks: Uint8Array[] = []
      req.on('data', (c: Uint8Array) => chunks.push(c))
      req.on('end', () => handler(Object.assign(req, { body: Buffer.concat(chunks) }), res))
    })
    const response = await fetch(url, { method: 'POST', headers: { 'X-Signature': SIGNATURE }, body: RAW })
    expect(response.status).toBe(200)
    expect(onEvent).toHaveBeenCalledOnce()
  })

  it(
    'answers 400 when express.json already parsed the body, saying to mount ' + 'express.raw before express.json',
    async () => {
      const onEvent = vi.fn()
      const handler = createNodeWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent })
      const url = await listen((req, res) => {
        let text = ''
        req.setEncoding('utf8')
        req.on('data', (c: string) => (text += c))
        req.on('end', () => handler(Object.assign(req, { body: JSON.parse(text) as unknown }), res))
      })
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Signature': SIGNATURE },
        body: RAW,
      })
      expect(response.status).toBe(400)
      const { error } = (await response.json()) as { error: string }
      expect(error).toContain('express.raw')
      expect(error).toContain('before app.use(express.json())')
      expect(onEvent).not.toHaveBeenCalled()
    },
  )

  it('answers 413 for a body over 1 MiB without calling onEvent', async () => {
    const onEvent = vi.fn()
    const url = await listen(createNodeWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent }))
    const big = JSON.stringify({ ...PAYLOAD, pad: 'x'.repeat(1024 * 1024) })
    const response = await fetch(url, { method: 'POST', headers: { 'X-Signature': SIGNATURE }, body: big })
    expect(response.status).toBe(413)
    expect(onEvent).not.toHaveBeenCalled()
  })

  it('answers 413 for a chunked body over 1 MiB (no Content-Length)', async () => {
    const onEvent = vi.fn()
    const url = await listen(createNodeWebhookHandler({ secret: SECRET, now: () => CREATED, onEvent }))
    const chunk = new Uint8Array(256 * 1024).fill(0x20)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk)
        controller.close()
      },
    })
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'X-Signature': SIGNATURE },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(onEvent).not.toHaveBeenCalled()
  })

  it('answers 500 without next, and passes the onEvent error to next (Express) when there is one', async () => {
    const failing = {
      secret: SECRET,
      now: () => CREATED,
      onError: () => {},
      onEvent: () => {
        throw new Error('boom')
      },
    }
    const url = await listen(createNodeWebhookHandler(failing))
    expect((await fetch(url, { method: 'POST', headers: { 'X-Signature': SIGNATURE }, body: RAW })).status).toBe(500)
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    const handler = createNodeWebhookHandler(failing)
    const next = vi.fn()
    const url2 = await listen((req, res) =>
      handler(req, res, (error) => {
        next(error)
        res.statusCode = 503
        res.end()
      }),
    )
    expect((await fetch(url2, { method: 'POST', headers: { 'X-Signature': SIGNATURE }, body: RAW })).status).toBe(503)
    expect(next).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'boom' }))
  })
})

describe('portability', () => {
  it('signs and verifies with globalThis.Buffer deleted (no Buffer in the webhooks code)', async () => {
    const saved = globalThis.Buffer
    // @ts-expect-error deleting a global on purpose
    delete globalThis.Buffer
    try {
      expect(typeof (globalThis as { Buffer?: unknown }).Buffer).toBe('undefined')
      expect((await signWebhook(PAYLOAD, SECRET)).signature).toBe(SIGNATURE)
      await expect(verifyWebhook(new TextEncoder().encode(RAW), SIGNATURE, SECRET, at(CREATED))).resolves.toEqual(
        PAYLOAD,
      )
    } finally {
      globalThis.Buffer = saved
    }
  })
})
