/**
 * Every option and parameter the SDK checks is refused with a message that names it and shows the value
 * received (`..., got -5`); for credentials (API key, API secret, access token, PINs, codes, session ids)
 * the message shows only the kind of value, never its content. (Call parameters of GatewayClient are in
 * validation.test.ts, PIN parameters in pin-client.test.ts; this file covers the rest and the "got".)
 */
import { describe, expect, it } from 'vitest'
import { ClientValidationError, GatewayClient, type GatewayClientOptions, type RequestOptions } from '../src/index.js'
import { PinClient, type PinClientOptions } from '../src/pin/index.js'
import { failure, setup } from './harness.js'

const BASE = 'https://gateway.test'

function refusal(make: () => unknown): ClientValidationError {
  try {
    make()
  } catch (error) {
    expect(error).toBeInstanceOf(ClientValidationError)
    return error as ClientValidationError
  }
  return expect.fail('expected a ClientValidationError')
}

describe('GatewayClient options', () => {
  const make = (options: Partial<GatewayClientOptions>) => () =>
    new GatewayClient({ apiKey: 'mk_1', baseUrl: BASE, ...options } as GatewayClientOptions)
  it.each([
    [{ apiKey: 12345 }, 'apiKey must be a string: the merchant API key from the merchant app, got a number'],
    [{ apiKey: null }, 'apiKey is required: the merchant API key from the merchant app, got null'],
    [
      { apiSecret: '' },
      'apiSecret must be the API secret from the merchant app (a non-empty string), got an empty string',
    ],
    [
      { apiSecret: 987654 },
      'apiSecret must be the API secret from the merchant app (a non-empty string), got a number',
    ],
    [{ createOrderShape: 'storeID' }, "createOrderShape must be 'storeId' or 'store_id', got \"storeID\""],
    [{ timeout: Number.POSITIVE_INFINITY }, 'timeout must be a number >= 1, got Infinity'],
    [{ timeout: '30s' }, 'timeout must be a number >= 1, got "30s"'],
    [{ deadline: 0 }, 'deadline must be a number >= 1, got 0'],
    [{ retryBaseDelay: -1 }, 'retryBaseDelay must be a number >= 0, got -1'],
    [{ retryMaxDelay: Number.NaN }, 'retryMaxDelay must be a number >= 0, got NaN'],
    [{ retryUnsafe: 'yes' }, 'retryUnsafe must be true or false, got "yes"'],
    [{ validateResponses: 0 }, 'validateResponses must be true or false, got 0'],
    [{ headers: { 'X-Shop': 7 } }, 'headers must be an object of header names to string values, got an object'],
    [{ headers: 'X-Shop: 7' }, 'headers must be an object of header names to string values, got "X-Shop: 7"'],
    [{ fetch: 'fetch' }, 'fetch must be a function with the signature of the platform fetch, got "fetch"'],
    [{ now: 1793610000 }, 'now must be a function returning epoch ms, like Date.now, got 1793610000'],
    [{ logger: { info: () => {} } }, 'logger must have debug and warn methods (console does), got an object'],
    [
      { onDeprecationWarning: 'warn' },
      'onDeprecationWarning must be a function (text, { method, path }) => void, got "warn"',
    ],
    [
      { baseUrl: undefined, environments: { sandbox: 'https://s.test' }, environment: 'live' },
      'Unknown environment "live"; configured: sandbox',
    ],
    [{ baseUrl: 'ftp://gateway.test' }, 'baseUrl must be an absolute http(s) URL, got "ftp://gateway.test"'],
  ])('%j is refused: %s', (options, message) => {
    expect(refusal(make(options as Partial<GatewayClientOptions>)).message).toBe(message)
  })

  it('a credential is never repeated in a message, whatever its kind', () => {
    for (const apiKey of [12345, ['mk_live_1']])
      expect(refusal(make({ apiKey } as never)).message).not.toMatch(/12345|mk_live_1/)
    expect(refusal(make({ apiSecret: 987654 } as never)).message).not.toContain('987654')
  })
})

describe('RequestOptions of one call', () => {
  it.each([
    [{ timeout: 0 }, 'timeout must be a number >= 1, got 0'],
    [{ deadline: -5 }, 'deadline must be a number >= 1, got -5'],
    [{ maxRetries: 1.5 }, 'maxRetries must be an integer, got 1.5'],
    [{ maxRetries: -1 }, 'maxRetries must be a number >= 0, got -1'],
    [{ retryUnsafe: 1 }, 'retryUnsafe must be true or false, got 1'],
    [{ headers: ['X-A'] }, 'headers must be an object of header names to string values, got an array'],
    [{ signal: 'stop' }, 'signal must be an AbortSignal, got "stop"'],
    [{ idempotencyKey: '' }, 'idempotencyKey must be a string of 1 to 255 characters (a UUID is best), got 0'],
  ])('%j is refused before anything is sent: %s', async (options, message) => {
    const s = await setup()
    const error = await failure(() =>
      s.client.payouts.create({ accountNumber: '001', amount: 1, currency: 'USD' }, options as RequestOptions),
    )
    expect(error).toBeInstanceOf(ClientValidationError)
    expect(error.message).toBe(message)
    expect(s.spy.calls).toHaveLength(0)
  })
})

describe('PinClient options and parameters', () => {
  const make = (options: Partial<PinClientOptions>) => () =>
    new PinClient({ baseUrl: BASE, accessToken: 'tok_1', ...options } as PinClientOptions)
  it.each([
    [
      { accessToken: 42 },
      "accessToken is required: the signed-in user's access token, or a " +
        'function that returns it (called once per call), got a number',
    ],
    [{ fetch: {} }, 'fetch must be a function with the signature of the platform fetch, got an object'],
    [{ timeout: -1 }, 'timeout must be a finite number of ms >= 1, got -1'],
    [{ headers: { 'X-App': 1 } }, 'headers must be an object of header names to string values, got an object'],
    [{ logger: console.log }, 'logger must have debug and warn methods (console does), got a function'],
  ])('%j is refused: %s', (options, message) => {
    expect(refusal(make(options as Partial<PinClientOptions>)).message).toBe(message)
  })

  const client = new PinClient({ baseUrl: BASE, accessToken: 'tok_1', fetch: async () => new Response('{}') })
  it.each([
    [
      'an e-mail without @',
      () => client.pinReset.request({ email: 'dara.example.com' }),
      `email must be an e-mail address such as 'name@example.com' (no spaces), got "dara.example.com"`,
    ],
    [
      'a phoneCode with +',
      () => client.pinReset.request({ phone: { phoneCode: '+855', countryCode: 'KH', phoneNumber: '12345678' } }),
      `phone.phoneCode must be the country calling code as 1 to 4 digits, without the '+' (e.g. '855'), got "+855"`,
    ],
    [
      'a lower-case countryCode',
      () => client.pinReset.request({ phone: { phoneCode: '855', countryCode: 'kh', phoneNumber: '12345678' } }),
      `phone.countryCode must be two upper-case letters, ISO 3166-1 alpha-2 (e.g. 'KH'), in upper case, got "kh"`,
    ],
    [
      'a phoneNumber with spaces',
      () => client.pinReset.request({ phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12 345' } }),
      `phone.phoneNumber must be the national number as 4 to 15 digits, ` +
        `without spaces, dashes or the calling code (e.g. '12345678'), got "12 ` +
        `345"`,
    ],
    [
      'two contacts',
      () =>
        client.pinReset.request({
          email: 'a@b.co',
          phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' },
        } as never),
      'Give one contact, email or phone, not both, got both',
    ],
    [
      'a sessionId of blanks (a session id is never shown)',
      () => client.pinReset.complete({ sessionId: '  ', newPin: '123456' }),
      'sessionId is required: the sessionId that pinReset.verifyCode returned, got a string of 2 characters',
    ],
    [
      'a missing PIN',
      () => client.pin.verify({} as never),
      'pin is required: the PIN, a string of exactly 6 digits, got undefined',
    ],
    [
      'a PIN of the wrong kind',
      () => client.pin.verify({ pin: { value: '123456' } } as never),
      'pin must be a string of exactly 6 digits, got an object',
    ],
    [
      'a bare PIN instead of parameters (its digits are not shown)',
      () => client.pin.verify('123456' as never),
      "Pass the parameters as an object: pin.verify({ pin: '012345' }), got a string of 6 characters",
    ],
  ])('%s is refused, showing what came: %s', async (_what, call, message) => {
    const error = await failure(call)
    expect(error).toBeInstanceOf(ClientValidationError)
    expect(error.message).toBe(message)
  })
})
