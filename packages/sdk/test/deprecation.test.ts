/**
 * Deprecation warnings: the gateway may answer with `X-Service-Deprecation-Warning` during a release's
 * transition window. Each client reports each distinct text once (per client, shared with the clients
 * `withOptions` makes), through `onDeprecationWarning` or, by default, a process warning (console.warn
 * where the runtime has none). The header is added by the test's fetch, after the mock answered.
 */
import { HEADERS, PIN_PATHS } from '@merchant-gateway/contract/constants'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PinClient } from '../src/pin/index.js'
import { failure, ROUTES, setup, type Intercept } from './harness.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const FORM = 'X-App-Id is deprecated since release 1.4.0 and will be rejected from 2026-03-16'
const KEY = 'Refunds without X-Idempotent-Key will be refused from 2026-01-20'

/** Adds a deprecation header to every answer whose request `pick` returns a text for. */
function warn(pick: (request: Request) => string | undefined): Intercept {
  return async (request, next) => {
    const text = pick(request)
    const response = await next(request)
    if (text === undefined) return response
    const headers = new Headers(response.headers)
    headers.set(HEADERS.deprecationWarning, text)
    return new Response(await response.text(), { status: response.status, headers })
  }
}

describe('GatewayClient reports X-Service-Deprecation-Warning', () => {
  it(
    'once per distinct text: three answers with the same text are one ' +
      'report, with the method and path of the first',
    async () => {
      const onDeprecationWarning = vi.fn()
      const s = await setup({ client: { onDeprecationWarning, intercept: warn(() => FORM) } })
      await s.client.stores.list()
      await s.client.balance.retrieve()
      await s.client.stores.list()
      expect(s.spy.calls).toHaveLength(3)
      expect(onDeprecationWarning.mock.calls).toEqual([
        [FORM, { method: 'POST', path: '/api/v1/payment-gateway/stores/list' }],
      ])
    },
  )

  it('two distinct texts are reported twice, each once, in the order they arrived', async () => {
    const onDeprecationWarning = vi.fn()
    const s = await setup({
      client: { onDeprecationWarning, intercept: warn((r) => (r.url.endsWith('/stores/list') ? FORM : KEY)) },
    })
    for (let i = 0; i < 2; i++) {
      await s.client.stores.list()
      await s.client.balance.retrieve()
    }
    expect(onDeprecationWarning.mock.calls.map(([text]) => text)).toEqual([FORM, KEY])
    expect(onDeprecationWarning.mock.calls[1]![1]).toEqual({
      method: 'POST',
      path: '/api/v1/payment-gateway/balance-inquiry',
    })
  })

  it('a text on a refused attempt that is retried (503) is reported once, and so is it on a final error', async () => {
    const onDeprecationWarning = vi.fn()
    const s = await setup({ client: { onDeprecationWarning, maxRetries: 1, intercept: warn(() => FORM) } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 'always' })
    await failure(() => s.client.balance.retrieve())
    expect(s.spy.calls.map((c) => c.response?.status)).toEqual([503, 503])
    expect(onDeprecationWarning).toHaveBeenCalledTimes(1)
  })

  it('the clients made with withOptions share what was reported; a client made separately reports again', async () => {
    const onDeprecationWarning = vi.fn()
    const s = await setup({ client: { onDeprecationWarning, intercept: warn(() => FORM) } })
    await s.client.stores.list()
    const derived = s.client.withOptions({ maxRetries: 0 })
    await derived.stores.list()
    await derived.withOptions({ timeout: 5_000 }).stores.list()
    expect(onDeprecationWarning).toHaveBeenCalledTimes(1)

    const { client: separate } = await setup({ client: { onDeprecationWarning, intercept: warn(() => FORM) } })
    await separate.stores.list()
    expect(onDeprecationWarning).toHaveBeenCalledTimes(2)
  })

  it('onDeprecationWarning replaces the default: no process warning and no console output', async () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const onDeprecationWarning = vi.fn()
    const s = await setup({ client: { onDeprecationWarning, intercept: warn(() => FORM) } })
    await s.client.stores.list()
    expect(onDeprecationWarning).toHaveBeenCalledOnce()
    expect(emitWarning).not.toHaveBeenCalled()
    expect(consoleWarn).not.toHaveBeenCalled()
  })

  it('by default the text is a DeprecationWarning through process.emitWarning, once', async () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const s = await setup({ client: { intercept: warn(() => FORM) } })
    await s.client.stores.list()
    await s.client.stores.list()
    expect(emitWarning).toHaveBeenCalledOnce()
    expect(emitWarning).toHaveBeenCalledWith(
      FORM,
      expect.objectContaining({ type: 'DeprecationWarning', code: 'MERCHANT_GATEWAY_DEPRECATION' }),
    )
    expect(String((emitWarning.mock.calls[0]![1] as { detail: string }).detail)).toContain(
      'POST /api/v1/payment-gateway/stores/list',
    )
  })

  it('by default, where the runtime has no process.emitWarning (a browser), it is one console.warn', async () => {
    const emitWarning = process.emitWarning
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    Object.defineProperty(process, 'emitWarning', { value: undefined, configurable: true, writable: true })
    try {
      const s = await setup({ client: { intercept: warn(() => FORM) } })
      await s.client.stores.list()
      await s.client.balance.retrieve()
    } finally {
      Object.defineProperty(process, 'emitWarning', { value: emitWarning, configurable: true, writable: true })
    }
    expect(consoleWarn).toHaveBeenCalledOnce()
    expect(consoleWarn.mock.calls[0]![0]).toBe(
      `merchant-gateway deprecation (POST /api/v1/payment-gateway/stores/list): ${FORM}`,
    )
  })

  it('a handler that throws does not fail the call, and the text still counts as reported', async () => {
    const onDeprecationWarning = vi.fn(() => {
      throw new Error('alerting is down')
    })
    const s = await setup({ client: { onDeprecationWarning, intercept: warn(() => FORM) } })
    expect(await s.client.stores.list()).toHaveLength(1)
    await s.client.stores.list()
    expect(onDeprecationWarning).toHaveBeenCalledOnce()
  })

  it('an answer without the header, or with an empty one, reports nothing', async () => {
    const onDeprecationWarning = vi.fn()
    const s = await setup({
      client: { onDeprecationWarning, intercept: warn((r) => (r.url.endsWith('/stores/list') ? '  ' : undefined)) },
    })
    await s.client.stores.list()
    await s.client.balance.retrieve()
    expect(onDeprecationWarning).not.toHaveBeenCalled()
  })
})

describe('PinClient reports X-Service-Deprecation-Warning', () => {
  const BASE = 'https://pin.test'
  /** A PIN service stub: every answer is a success envelope with the given deprecation text. */
  const answering = (text: (request: Request) => string) => async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    return new Response(JSON.stringify({ status_code: 200, message: 'OK', data: null }), {
      status: 200,
      headers: { 'Content-Type': 'application/json', [HEADERS.deprecationWarning]: text(request) },
    })
  }

  it('once per distinct text, shared with withOptions clients; two texts twice', async () => {
    const onDeprecationWarning = vi.fn()
    const client = new PinClient({
      baseUrl: BASE,
      accessToken: 'tok',
      onDeprecationWarning,
      fetch: answering((r) => (r.url.endsWith(PIN_PATHS.verifyPin) ? FORM : KEY)),
    })
    await client.pin.verify({ pin: '123456' })
    await client.pin.verify({ pin: '123456' })
    await client.withOptions({ timeout: 5_000 }).pin.verify({ pin: '123456' })
    await client.pin.set({ pin: '123456' })
    await client.pin.set({ pin: '123456' })
    expect(onDeprecationWarning.mock.calls).toEqual([
      [FORM, { method: 'POST', path: PIN_PATHS.verifyPin }],
      [KEY, { method: 'POST', path: PIN_PATHS.setPin }],
    ])
  })

  it(
    'by default a DeprecationWarning through process.emitWarning; a refusal ' + 'carrying the header reports it too',
    async () => {
      const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
      const refusing = async () =>
        new Response(
          JSON.stringify({
            status_code: 422,
            message: 'Wrong PIN',
            code: 'wrong_pin',
            data: { attempts_remaining: 4 },
          }),
          {
            status: 422,
            headers: { 'Content-Type': 'application/json', [HEADERS.deprecationWarning]: FORM },
          },
        )
      const client = new PinClient({ baseUrl: BASE, accessToken: 'tok', fetch: refusing })
      await failure(() => client.pin.verify({ pin: '123456' }))
      await failure(() => client.pin.verify({ pin: '123456' }))
      expect(emitWarning).toHaveBeenCalledOnce()
      expect(emitWarning).toHaveBeenCalledWith(FORM, expect.objectContaining({ type: 'DeprecationWarning' }))
    },
  )
})
