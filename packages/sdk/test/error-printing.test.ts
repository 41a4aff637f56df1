/**
 * How an SDK error reads where a person sees it: `console.log(error)` (util.inspect), an uncaught error
 * in Node (which inspects without custom hooks), and a structured log (`toJSON`). The goal is a few lines
 * that say what happened and what support needs, never the cause's Request, Response and options (some 200
 * lines, the request's headers and API key among them), while the cause stays reachable.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { inspect } from 'node:util'
import { isHTTPError } from 'ky'
import { describe, expect, it } from 'vitest'
import {
  ClientValidationError,
  ConnectionError,
  GatewayClient,
  GatewayError,
  InvalidRequestError,
  NotFoundError,
} from '../src/index.js'
import { WrongPinError } from '../src/pin/index.js'
import { newMerchant, newMock, UUID_V4 } from './harness.js'

const FIXTURE = fileURLToPath(new URL('./fixtures/uncaught-not-found.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url))

/** A merchant without stores, whose `stores.list()` is a 404, and the client that calls it. */
async function merchantWithoutStores() {
  const mock = newMock()
  const merchant = await mock.merchants.create({})
  const gateway = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
  })
  return { mock, merchant, gateway }
}

/** The fields a person and support need, each on the printout when it holds a value, and no field that holds none. */
function expectTheFields(text: string, error: GatewayError): void {
  expect(text.split('\n')[0]).toBe(`${error.name}: ${error.message}`)
  for (const field of ['status', 'code', 'traceId', 'requestId', 'idempotencyKey', 'attempts'] as const) {
    if (error[field] === undefined) expect(text, field).not.toMatch(new RegExp(`\\b${field}: `))
    else expect(text, field).toMatch(new RegExp(`\\b${field}: `))
  }
  expect(text).not.toContain('undefined')
  if (error.traceId !== undefined) expect(text).toContain(error.traceId)
}

describe('console.log of an SDK error', () => {
  it('a 404 from stores.list() prints in at most 25 lines: name, message, fields, a one-line cause', async () => {
    const { merchant, gateway } = await merchantWithoutStores()
    const error = await gateway.stores.list().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    const text = inspect(error)
    expectTheFields(text, error as NotFoundError)
    expect(text.split('\n').length).toBeLessThanOrEqual(25)
    const causeLines = text.split('\n').filter((line) => line.includes('cause'))
    expect(causeLines).toEqual([
      expect.stringMatching(/^ {2}cause: HTTPError: Request failed with status code 404: POST https:\S+$/),
    ])
    // Nothing of the request ky built: no header, no API key, no options.
    expect(text).not.toContain(merchant.apiKey)
    expect(text).not.toMatch(/x-api-key|Request \{|Response \{|options:|retry:/i)
  })

  it("ky's error stays reachable as cause, whole, with its request and response", async () => {
    const { gateway } = await merchantWithoutStores()
    const error = (await gateway.stores.list().catch((e: unknown) => e)) as NotFoundError
    expect(isHTTPError(error.cause)).toBe(true)
    if (!isHTTPError(error.cause)) return
    expect(error.cause.response.status).toBe(404)
    expect(error.cause.request.headers.get('X-Api-Key')).toMatch(/^mk_/)
    expect(error.cause.options.method).toBe('POST')
    expect(error.body).toEqual({ statusCode: 404, message: 'No stores found for this merchant', error: 'Not Found' })
  })

  it('the body the gateway sent is on one line, and a refund error shows its idempotency key', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    const gateway = new GatewayClient({
      apiKey: merchant.apiKey,
      apiSecret: merchant.apiSecret,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
    })
    const error = (await gateway.refunds
      .create({ orderId: 999_999, amount: 1 })
      .catch((e: unknown) => e)) as GatewayError
    expect(error).toBeInstanceOf(GatewayError)
    const text = inspect(error)
    expectTheFields(text, error)
    expect(error.idempotencyKey).toMatch(UUID_V4)
    expect(text).toContain(`idempotencyKey: '${error.idempotencyKey}'`)
    expect(text.split('\n').filter((line) => line.startsWith('  body: '))).toHaveLength(1)
    expect(text.split('\n').length).toBeLessThanOrEqual(25)
  })

  it("a subclass's own fields print too (WrongPinError's attemptsRemaining)", () => {
    const error = new WrongPinError('Wrong PIN', { status: 422, attemptsRemaining: 3 })
    expect(inspect(error)).toMatch(/attemptsRemaining: 3/)
  })

  it('fields without a value are left out: a 404 prints no code or requestId, a subclass no empty field', async () => {
    const { gateway } = await merchantWithoutStores()
    const notFound = (await gateway.stores.list().catch((e: unknown) => e)) as NotFoundError
    expect(notFound.code).toBeUndefined()
    expect(inspect(notFound)).not.toMatch(/\b(code|requestId|idempotencyKey): /)
    const wrong = new WrongPinError('Wrong PIN', { status: 422 })
    expect(inspect(wrong)).not.toMatch(/attemptsRemaining|undefined/)
    // Still fields of the error, reachable as before.
    expect('code' in notFound && 'attemptsRemaining' in wrong).toBe(true)
    expect(notFound).toMatchObject({ code: undefined, requestId: undefined, idempotencyKey: undefined })
  })

  it('a ClientValidationError prints its name, message and stack, with no field (none holds a value)', async () => {
    const gateway = new GatewayClient({ apiKey: 'mk_test', baseUrl: 'https://gateway.example' })
    const error = (await gateway.orders
      .create({ storeId: 101, amount: 1.005, currency: 'USD' })
      .catch((e: unknown) => e)) as ClientValidationError
    expect(error).toBeInstanceOf(ClientValidationError)
    const text = inspect(error)
    expect(text.split('\n')[0]).toBe(`ClientValidationError: ${error.message}`)
    expect(text).not.toContain('undefined')
    expect(text).toMatch(/\n\s+at /)
    expect(text).not.toMatch(/\b(status|code|traceId|requestId|idempotencyKey|attempts|body): /)
  })

  it('a connection failure prints its chain of causes on one line, without their fields', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
    })
    const gateway = new GatewayClient({
      apiKey: 'mk_test',
      apiSecret: 'sk_test',
      baseUrl: 'https://gateway.example',
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: refused })
      },
    })
    const error = (await gateway.stores.list().catch((e: unknown) => e)) as ConnectionError
    expect(error).toBeInstanceOf(ConnectionError)
    const text = inspect(error)
    expect(text.split('\n').filter((line) => line.includes('cause'))).toEqual([
      '  cause: NetworkError: Request failed due to a network error: POST https://gateway.example' +
        '/api/v1/payment-gateway/stores/list; caused by TypeError: fetch failed; caused by Error: connect ' +
        'ECONNREFUSED 127.0.0.1:9',
    ])
    // The fields are still there to read, only not printed.
    expect(((error.cause as Error).cause as TypeError).cause).toBe(refused)
    expect(refused.code).toBe('ECONNREFUSED')
  })

  it("an error a merchant's code passes as cause is printed as given and left unchanged", () => {
    const mine = Object.assign(new Error('my hook failed'), { detail: 'kept' })
    const error = new GatewayError('The call failed', { cause: mine })
    inspect(error)
    expect(Object.keys(mine)).toEqual(['detail'])
    expect(mine.stack).toMatch(/\n\s+at /)
  })
})

describe('an uncaught SDK error in Node', () => {
  it('prints in at most 25 lines, named as its class, without the API key or the request', () => {
    const run = spawnSync(process.execPath, ['--conditions=@merchant-gateway/source', '--import', TSX, FIXTURE], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0', NO_COLOR: '1' },
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    const printed = run.stderr.trimEnd()
    const lines = printed.split('\n')
    expect(lines.length, printed).toBeLessThanOrEqual(25)
    expect(lines).toContain('NotFoundError: No stores found for this merchant')
    expect(printed).not.toMatch(/_class\d|_NotFoundError|\[NotFoundError\]/)
    expect(printed).toMatch(/status: 404/)
    expect(printed).toMatch(/traceId: 'trc_/)
    expect(printed).not.toContain('undefined')
    expect(printed).toMatch(/\[cause\]: \[HTTPError: Request failed with status code 404: POST https:\S+\]$/m)
    expect(printed).not.toMatch(/mk_test|x-api-key|Request \{|options: \{/i)
    // A child Node that loads tsx and the sources: seconds on a busy machine, bounded by spawnSync's own limit.
  }, 90_000)
})

describe('toJSON, for structured logs', () => {
  it('gives name, message, every field, the body and the cause as one line; never the request', async () => {
    const { merchant, gateway } = await merchantWithoutStores()
    const error = (await gateway.stores.list().catch((e: unknown) => e)) as NotFoundError
    const json = JSON.parse(JSON.stringify(error))
    expect(json).toEqual({
      name: 'NotFoundError',
      message: 'No stores found for this merchant',
      status: 404,
      traceId: expect.stringMatching(/^trc_/),
      attempts: 1,
      body: { statusCode: 404, message: 'No stores found for this merchant', error: 'Not Found' },
      cause: expect.stringMatching(/^HTTPError: Request failed with status code 404/),
    })
    expect(JSON.stringify(error)).not.toContain(merchant.apiKey)
  })

  it("keeps a subclass's fields", () => {
    const error = new InvalidRequestError('Refund exceeds', { status: 400, code: 'refund_exceeds_remaining' })
    expect(error.toJSON()).toMatchObject({ name: 'InvalidRequestError', code: 'refund_exceeds_remaining' })
  })
})
