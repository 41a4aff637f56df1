/**
 * A JavaScript caller gets the checks a TypeScript caller gets from the compiler: an option a client or a
 * call does not take is refused with a ClientValidationError that names it and the nearest option it does
 * take, for GatewayClient and PinClient, at construction, per call and in withOptions. Nothing is sent. The
 * options are written as a JavaScript program writes them (through `as never`, which is what the compiler
 * would otherwise refuse).
 */
import { ClientValidationError, GatewayClient } from '@merchant-gateway/sdk'
import { PinClient } from '@merchant-gateway/sdk/pin'
import { describe, expect, it } from 'vitest'
import { failure, newMerchant, newMock, spyFetch } from './harness.js'

const BASE = 'https://gateway.mock'

/** The error a synchronous call throws (undefined when it does not). */
function thrown(action: () => unknown): unknown {
  try {
    action()
  } catch (error) {
    return error
  }
  return undefined
}

/** Expects a ClientValidationError with exactly `message`. */
function expectRefusal(error: unknown, message: string): void {
  expect(error).toBeInstanceOf(ClientValidationError)
  expect((error as Error).message).toBe(message)
}

describe('GatewayClient: an option it does not take', () => {
  it.each([
    ['retries', 'GatewayClient has no option retries: did you mean maxRetries?'],
    ['retry', 'GatewayClient has no option retry: did you mean maxRetries?'],
    ['maxRetry', 'GatewayClient has no option maxRetry: did you mean maxRetries?'],
    ['timout', 'GatewayClient has no option timout: did you mean timeout?'],
    ['baseURL', 'GatewayClient has no option baseURL: did you mean baseUrl?'],
    ['base_url', 'GatewayClient has no option base_url: did you mean baseUrl?'],
    ['url', 'GatewayClient has no option url: did you mean baseUrl?'],
    ['secret', 'GatewayClient has no option secret: did you mean apiSecret?'],
    ['env', 'GatewayClient has no option env: did you mean environment?'],
    ['validateResponse', 'GatewayClient has no option validateResponse: did you mean validateResponses?'],
  ])('%s is refused, naming the nearest option', (name, message) => {
    const options = { apiKey: 'mk_1', baseUrl: BASE, [name]: 'x' }
    expectRefusal(
      thrown(() => new GatewayClient(options as never)),
      message,
    )
  })

  it('a name near no option is refused with the list of options', () => {
    expectRefusal(
      thrown(() => new GatewayClient({ apiKey: 'mk_1', baseUrl: BASE, colour: 'blue' } as never)),
      'GatewayClient has no option colour; it takes apiKey, apiSecret, baseUrl, environments, environment, ' +
        'timeout, deadline, maxRetries, retryBaseDelay, retryMaxDelay, retryUnsafe, validateResponses, ' +
        'createOrderShape, headers, fetch, now, hooks, logger, onDeprecationWarning',
    )
  })

  it('a misspelt apiKey is named before the missing apiKey, and its value (a credential) is never shown', () => {
    const error = thrown(() => new GatewayClient({ apikey: 'mk_secret_value', baseUrl: BASE } as never))
    expectRefusal(error, 'GatewayClient has no option apikey: did you mean apiKey?')
    expect((error as Error).message).not.toContain('mk_secret_value')
  })

  it('an unknown option is refused even when its value is undefined: the name is the mistake', () => {
    expectRefusal(
      thrown(() => new GatewayClient({ apiKey: 'mk_1', baseUrl: BASE, retries: undefined } as never)),
      'GatewayClient has no option retries: did you mean maxRetries?',
    )
  })

  it('withOptions refuses it too, and the client it was called on keeps working', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    const gateway = new GatewayClient({ apiKey: merchant.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch })
    expectRefusal(
      thrown(() => gateway.withOptions({ retries: 5 } as never)),
      'GatewayClient has no option retries: did you mean maxRetries?',
    )
    expect(await gateway.stores.list()).toHaveLength(1)
  })
})

describe('GatewayClient: a call option it does not take', () => {
  async function setup() {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    const spy = spyFetch(mock.fetch)
    const gateway = new GatewayClient({ ...credentials(merchant), baseUrl: mock.baseUrl, fetch: spy.fetch })
    return { gateway, spy }
  }

  it.each([
    ['retries', 'a call has no option retries: did you mean maxRetries?'],
    ['retry', 'a call has no option retry: did you mean maxRetries?'],
    ['idempotency_key', 'a call has no option idempotency_key: did you mean idempotencyKey?'],
    ['abortSignal', 'a call has no option abortSignal: did you mean signal?'],
    ['timeoutMs', 'a call has no option timeoutMs: did you mean timeout?'],
  ])('%s is refused (a rejected promise), naming the nearest call option; nothing is sent', async (name, message) => {
    const { gateway, spy } = await setup()
    const options = { [name]: 1 }
    expectRefusal(await failure(() => gateway.refunds.create({ orderId: 1, amount: 1 }, options as never)), message)
    expectRefusal(await failure(() => gateway.stores.list(options as never)), message)
    expectRefusal(await failure(() => gateway.balance.retrieve(options as never)), message)
    expect(spy.calls).toHaveLength(0)
  })

  it('an option of the client given to a call is refused: a call does not take it', async () => {
    const { gateway, spy } = await setup()
    const list = 'it takes idempotencyKey, signal, timeout, deadline, maxRetries, retryUnsafe, headers'
    expectRefusal(
      await failure(() => gateway.stores.list({ retryBaseDelay: 10 } as never)),
      `a call has no option retryBaseDelay; ${list}`,
    )
    expectRefusal(
      await failure(() => gateway.stores.list({ apiSecret: 'sk_1' } as never)),
      `a call has no option apiSecret; ${list}`,
    )
    expect(spy.calls).toHaveLength(0)
  })

  it('a name near no call option is refused with the list of call options', async () => {
    const { gateway } = await setup()
    expectRefusal(
      await failure(() => gateway.stores.list({ colour: 'blue' } as never)),
      'a call has no option colour; it takes idempotencyKey, signal, timeout, deadline, maxRetries, retryUnsafe, ' +
        'headers',
    )
  })
})

describe('PinClient: an option it does not take', () => {
  it.each([
    ['accesstoken', 'PinClient has no option accesstoken: did you mean accessToken?'],
    ['token', 'PinClient has no option token: did you mean accessToken?'],
    ['timeOut', 'PinClient has no option timeOut: did you mean timeout?'],
    ['header', 'PinClient has no option header: did you mean headers?'],
    [
      'maxRetries',
      'PinClient has no option maxRetries; it takes baseUrl, environments, environment, accessToken, timeout, ' +
        'headers, fetch, hooks, logger, onDeprecationWarning',
    ],
  ])('%s is refused, naming the nearest option (or the list)', (name, message) => {
    const options = { baseUrl: BASE, accessToken: 'tok_1', [name]: 'x' }
    expectRefusal(
      thrown(() => new PinClient(options as never)),
      message,
    )
  })

  it('withOptions refuses it too', () => {
    const client = new PinClient({ baseUrl: BASE, accessToken: 'tok_1' })
    expectRefusal(
      thrown(() => client.withOptions({ acessToken: 'tok_2' } as never)),
      'PinClient has no option acessToken: did you mean accessToken?',
    )
  })
})

describe('PinClient: a call option it does not take', () => {
  async function setup() {
    const mock = newMock()
    const { accessToken } = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
    const spy = spyFetch(mock.fetch)
    const client = new PinClient({ baseUrl: mock.baseUrl, accessToken, fetch: spy.fetch })
    return { client, spy }
  }

  it.each([
    ['timout', 'a PIN call has no option timout: did you mean timeout?'],
    ['abortSignal', 'a PIN call has no option abortSignal: did you mean signal?'],
    ['accessToken', 'a PIN call has no option accessToken; it takes signal, timeout, headers'],
    ['idempotencyKey', 'a PIN call has no option idempotencyKey; it takes signal, timeout, headers'],
  ])('%s is refused (a rejected promise) and nothing is sent', async (name, message) => {
    const { client, spy } = await setup()
    const options = { [name]: 'x' }
    expectRefusal(await failure(() => client.pin.set({ pin: '012345' }, options as never)), message)
    expectRefusal(await failure(() => client.pin.verify({ pin: '012345' }, options as never)), message)
    expectRefusal(
      await failure(() => client.pinReset.request({ email: 'dara@example.com' }, options as never)),
      message,
    )
    expect(spy.calls).toHaveLength(0)
  })

  it('call options that are not an object are refused', async () => {
    const { client, spy } = await setup()
    expectRefusal(
      await failure(() => client.pin.verify({ pin: '012345' }, 'fast' as never)),
      'options must be an object of PinRequestOptions, got "fast"',
    )
    expect(spy.calls).toHaveLength(0)
  })
})

/** The client options of a merchant the mock made (its record also holds merchantId and appId). */
function credentials(merchant: { apiKey: string; apiSecret: string }) {
  return { apiKey: merchant.apiKey, apiSecret: merchant.apiSecret }
}
