/**
 * The PIN client against a stub fetch that answers with the documented bodies: how each refusal maps to
 * an error class and its fields, the fallbacks by status alone for a body without `code` (the service documents
 * statuses only), malformed answers, the wire form of each request, the guards across realms, and the no-retry
 * rule. The same client against the stateful mock is in pin-client.test.ts.
 */
import { runInNewContext } from 'node:vm'
import { HEADERS, PIN_PATHS } from '@merchant-gateway/contract/constants'
import { describe, expect, it } from 'vitest'
import * as errorsEntry from '../src/errors/index.js'
import {
  AuthenticationError,
  ClientValidationError,
  ConnectionError,
  GatewayError,
  InvalidOtpError,
  InvalidRequestError,
  isAuthenticationError,
  isGatewayError,
  isInvalidOtpError,
  isInvalidRequestError,
  isPinAlreadySetError,
  isPinLockedError,
  isPinNotSetError,
  isResetSessionError,
  isWrongPinError,
  NotFoundError,
  PinAlreadySetError,
  PinClient,
  pinErrorFromResponse,
  PinLockedError,
  PinNotSetError,
  RateLimitError,
  ResetSessionError,
  ResponseValidationError,
  ServerError,
  WrongPinError,
  type PinClientOptions,
} from '../src/pin/index.js'
import { failure } from './harness.js'

const BASE = 'https://pin.test'

/** A fetch that records each request and answers with `answer`. */
function stubFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    requests.push(request.clone())
    return answer(request)
  }
  return { fetch, requests }
}

/** A JSON answer with an X-Trace-Id. */
function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', [HEADERS.traceId]: 'trc_pin_1', ...headers },
  })
}

/** A client on a stub that always gives `response`. */
function clientAnswering(response: () => Response, options: Partial<PinClientOptions> = {}) {
  const stub = stubFetch(response)
  const client = new PinClient({ baseUrl: BASE, accessToken: 'tok_1', fetch: stub.fetch, ...options })
  return { client, stub }
}

const refusal = (status: number, code: string, message: string, data: unknown = null) => ({
  status_code: status,
  message,
  code,
  data,
})

const EMAIL = { email: 'dara@example.com' }
const SESSION = '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e8c1a0f'

/** Each PIN call, with valid parameters. */
const CALLS = {
  setPin: (c: PinClient) => c.pin.set({ pin: '123456' }),
  verifyPin: (c: PinClient) => c.pin.verify({ pin: '123456' }),
  changePin: (c: PinClient) => c.pin.change({ currentPin: '123456', newPin: '654321' }),
  forgotPin: (c: PinClient) => c.pinReset.request(EMAIL),
  verifyOtp: (c: PinClient) => c.pinReset.verifyCode({ sessionId: SESSION, code: '000111', ...EMAIL }),
  resetPin: (c: PinClient) => c.pinReset.complete({ sessionId: SESSION, newPin: '654321' }),
} as const

describe('each documented PIN refusal maps to its error class', () => {
  const cases: Array<{
    call: keyof typeof CALLS
    status: number
    code: string
    data?: unknown
    expected: new (...args: never[]) => GatewayError
  }> = [
    { call: 'setPin', status: 400, code: 'invalid_pin_format', expected: InvalidRequestError },
    { call: 'setPin', status: 400, code: 'invalid_request', expected: InvalidRequestError },
    { call: 'setPin', status: 409, code: 'pin_already_set', expected: PinAlreadySetError },
    { call: 'setPin', status: 401, code: 'unauthenticated', expected: AuthenticationError },
    { call: 'verifyPin', status: 401, code: 'invalid_token', expected: AuthenticationError },
    { call: 'verifyPin', status: 409, code: 'pin_not_set', expected: PinNotSetError },
    { call: 'verifyPin', status: 422, code: 'wrong_pin', data: { attempts_remaining: 3 }, expected: WrongPinError },
    {
      call: 'verifyPin',
      status: 429,
      code: 'pin_locked',
      data: { locked_until: '2026-11-02T09:01:00.000Z', retry_after_seconds: 60 },
      expected: PinLockedError,
    },
    { call: 'changePin', status: 409, code: 'pin_not_set', expected: PinNotSetError },
    { call: 'changePin', status: 422, code: 'wrong_pin', data: { attempts_remaining: 4 }, expected: WrongPinError },
    { call: 'changePin', status: 422, code: 'pin_unchanged', expected: InvalidRequestError },
    { call: 'forgotPin', status: 400, code: 'invalid_contact', expected: InvalidRequestError },
    { call: 'forgotPin', status: 404, code: 'contact_not_found', expected: NotFoundError },
    { call: 'forgotPin', status: 422, code: 'contact_not_verified', expected: InvalidRequestError },
    { call: 'verifyOtp', status: 400, code: 'otp_session_invalid', expected: ResetSessionError },
    { call: 'verifyOtp', status: 422, code: 'otp_invalid', data: { attempts_remaining: 2 }, expected: InvalidOtpError },
    { call: 'verifyOtp', status: 400, code: 'invalid_request', expected: InvalidRequestError },
    { call: 'resetPin', status: 400, code: 'invalid_pin_format', expected: InvalidRequestError },
    { call: 'resetPin', status: 400, code: 'reset_session_invalid', expected: ResetSessionError },
  ]
  for (const { call, status, code, data, expected } of cases) {
    it(
      `${call} ${status} ${code} is a ${expected.name} carrying status, code, ` +
        `message, body, trace id and one attempt`,
      async () => {
        const body = refusal(status, code, `refused: ${code}`, data ?? null)
        const { client, stub } = clientAnswering(() => json(status, body))
        const error = await failure(() => CALLS[call](client))
        expect(error).toBeInstanceOf(expected)
        expect(error.name).toBe(expected.name)
        expect(error).toMatchObject({ status, code, message: `refused: ${code}`, traceId: 'trc_pin_1', attempts: 1 })
        expect(error.body).toEqual(body)
        expect(stub.requests).toHaveLength(1)
      },
    )
  }

  it('wrong_pin and otp_invalid carry attempts_remaining as attemptsRemaining', async () => {
    const wrong = await failure(() =>
      CALLS.verifyPin(
        clientAnswering(() => json(422, refusal(422, 'wrong_pin', 'Wrong PIN', { attempts_remaining: 1 }))).client,
      ),
    )
    expect(wrong.attemptsRemaining).toBe(1)
    const otp = await failure(() =>
      CALLS.verifyOtp(
        clientAnswering(() => json(422, refusal(422, 'otp_invalid', 'Wrong code', { attempts_remaining: 0 }))).client,
      ),
    )
    expect(otp.attemptsRemaining).toBe(0)
  })

  it('pin_locked carries locked_until as a Date and retry_after_seconds', async () => {
    const body = refusal(429, 'pin_locked', 'PIN locked', {
      locked_until: '2026-11-02T09:01:00.000Z',
      retry_after_seconds: 60,
    })
    const error = await failure(() => CALLS.verifyPin(clientAnswering(() => json(429, body)).client))
    expect(error.lockedUntil).toEqual(new Date('2026-11-02T09:01:00.000Z'))
    expect(error.retryAfterSeconds).toBe(60)
  })

  it('pin_locked without details leaves the unlock time undefined, or takes the seconds from Retry-After', async () => {
    const bare = await failure(() =>
      CALLS.verifyPin(
        clientAnswering(() => json(429, refusal(429, 'pin_locked', 'PIN locked', { locked_until: 'soon' }))).client,
      ),
    )
    expect(bare).toBeInstanceOf(PinLockedError)
    expect(bare.lockedUntil).toBeUndefined()
    expect(bare.retryAfterSeconds).toBeUndefined()
    const header = await failure(() =>
      CALLS.verifyPin(
        clientAnswering(() => json(429, refusal(429, 'pin_locked', 'PIN locked'), { 'Retry-After': '42' })).client,
      ),
    )
    expect(header.retryAfterSeconds).toBe(42)
    expect(header.lockedUntil).toBeUndefined()
  })

  it('5xx is a ServerError and is sent once: PIN calls are never retried', async () => {
    const { client, stub } = clientAnswering(() => new Response('<html>Bad Gateway</html>', { status: 502 }))
    const error = await failure(() => CALLS.verifyPin(client))
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({
      status: 502,
      body: '<html>Bad Gateway</html>',
      message: 'The PIN service answered 502',
      attempts: 1,
    })
    expect(stub.requests).toHaveLength(1)
  })

  it('a network failure is a ConnectionError after exactly one request: PIN calls are never retried', async () => {
    const stub = stubFetch(() => {
      throw new TypeError('fetch failed')
    })
    const client = new PinClient({ baseUrl: BASE, accessToken: 'tok_1', fetch: stub.fetch })
    for (const call of Object.values(CALLS)) {
      const error = await failure(() => call(client))
      expect(error).toBeInstanceOf(ConnectionError)
      expect(error.attempts).toBe(1)
    }
    expect(stub.requests).toHaveLength(Object.keys(CALLS).length)
  })
})

describe(
  "the gateway documentation's status-only refusals (no code in the body) " + 'still map by status and operation',
  () => {
    it('422 on verify-pin and change-pin is a WrongPinError with attemptsRemaining undefined', async () => {
      for (const call of [CALLS.verifyPin, CALLS.changePin]) {
        const error = await failure(() =>
          call(clientAnswering(() => json(422, { status_code: 422, message: 'Invalid PIN', data: null })).client),
        )
        expect(error).toBeInstanceOf(WrongPinError)
        expect(error.code).toBeUndefined()
        expect(error.attemptsRemaining).toBeUndefined()
      }
    })

    it('429 on verify-pin is a PinLockedError; 429 on forgot-pin (a rate limit) is a RateLimitError', async () => {
      const locked = await failure(() =>
        CALLS.verifyPin(
          clientAnswering(() => json(429, { status_code: 429, message: 'Blocked' }, { 'Retry-After': '60' })).client,
        ),
      )
      expect(locked).toBeInstanceOf(PinLockedError)
      expect(locked.retryAfterSeconds).toBe(60)
      const limited = await failure(() =>
        CALLS.forgotPin(clientAnswering(() => json(429, { status_code: 429, message: 'Slow down' })).client),
      )
      expect(limited).toBeInstanceOf(RateLimitError)
    })

    it('400 on reset-pin is a ResetSessionError (the gateway documentation: session missing or expired)', async () => {
      const error = await failure(() =>
        CALLS.resetPin(
          clientAnswering(() => json(400, { status_code: 400, message: 'Invalid session', data: null })).client,
        ),
      )
      expect(error).toBeInstanceOf(ResetSessionError)
    })

    it('422 without a code on forgot-pin is a plain InvalidRequestError', async () => {
      const error = await failure(() =>
        CALLS.forgotPin(clientAnswering(() => json(422, { status_code: 422, message: 'Not verified' })).client),
      )
      expect(error.constructor).toBe(InvalidRequestError)
    })

    it('a refusal reported in the envelope under HTTP 200 is read by status_code', async () => {
      const error = await failure(() =>
        CALLS.verifyPin(
          clientAnswering(() => json(200, refusal(422, 'wrong_pin', 'Wrong PIN', { attempts_remaining: 2 }))).client,
        ),
      )
      expect(error).toBeInstanceOf(WrongPinError)
      expect(error).toMatchObject({ status: 422, attemptsRemaining: 2 })
    })

    it('an unknown code keeps the class given by the status and the code as sent', () => {
      const error = pinErrorFromResponse({
        status: 409,
        body: { status_code: 409, message: 'Busy', code: 'something_new' },
        operation: 'setPin',
      })
      expect(error.constructor).toBe(InvalidRequestError)
      expect(error.code).toBe('something_new')
    })
  },
)

describe('successful answers become small results with a non-enumerable meta', () => {
  it('set, verify, change and complete return { message } from the envelope', async () => {
    const messages = {
      setPin: 'PIN set successfully',
      verifyPin: 'OTP verified successfully',
      changePin: 'PIN changed successfully',
      resetPin: 'PIN reset successfully',
    }
    for (const [call, message] of Object.entries(messages)) {
      const data = call === 'resetPin' ? { success: true, message } : null
      const { client } = clientAnswering(() => json(200, { status_code: 200, message, data }))
      const result = await CALLS[call as keyof typeof messages](client)
      expect(result).toEqual({ message })
      expect(JSON.stringify(result)).toBe(JSON.stringify({ message }))
      expect(result.meta).toEqual({
        status: 200,
        traceId: 'trc_pin_1',
        idempotencyKey: undefined,
        attempts: 1,
        replayed: false,
      })
    }
  })

  it(
    'request returns sessionId and expiresIn (expires_at is a duration in ' +
      'seconds); verifyCode returns the new session id',
    async () => {
      const requested = await CALLS.forgotPin(
        clientAnswering(() =>
          json(200, {
            status_code: 200,
            message: 'OTP sent successfully',
            data: { session_id: SESSION, expires_at: 600 },
          }),
        ).client,
      )
      expect(requested).toEqual({ message: 'OTP sent successfully', sessionId: SESSION, expiresIn: 600 })
      const verified = await CALLS.verifyOtp(
        clientAnswering(() =>
          json(200, {
            status_code: 200,
            message: 'OTP verified successfully',
            data: { success: true, message: 'OTP verified successfully', session_id: 'new-session' },
          }),
        ).client,
      )
      expect(verified).toEqual({ message: 'OTP verified successfully', sessionId: 'new-session' })
    },
  )

  it('a 2xx without the envelope, or without the session id, is a ResponseValidationError', async () => {
    const notJson = await failure(() =>
      CALLS.verifyPin(clientAnswering(() => new Response('OK', { status: 200 })).client),
    )
    expect(notJson).toBeInstanceOf(ResponseValidationError)
    expect(notJson.body).toBe('OK')
    const noSession = await failure(() =>
      CALLS.forgotPin(
        clientAnswering(() =>
          json(200, { status_code: 200, message: 'OTP sent successfully', data: { expires_at: 600 } }),
        ).client,
      ),
    )
    expect(noSession).toBeInstanceOf(ResponseValidationError)
    expect(noSession.issues).toContain('session_id')
    const noData = await failure(() =>
      CALLS.verifyOtp(
        clientAnswering(() => json(200, { status_code: 200, message: 'OTP verified successfully', data: null })).client,
      ),
    )
    expect(noData).toBeInstanceOf(ResponseValidationError)
  })
})

describe('the wire form of each call', () => {
  const ok = () => json(200, { status_code: 200, message: 'ok', data: { session_id: 's2', expires_at: 600 } })
  const expected: Record<keyof typeof CALLS, unknown> = {
    setPin: { pin: '123456' },
    verifyPin: { pin: '123456' },
    changePin: { current_pin: '123456', new_pin: '654321' },
    forgotPin: { email: 'dara@example.com' },
    verifyOtp: { email: 'dara@example.com', otp_code: '000111', session_id: SESSION },
    resetPin: { session_id: SESSION, new_pin: '654321' },
  }
  for (const [call, body] of Object.entries(expected)) {
    it(
      `${call} is a POST to ${PIN_PATHS[call as keyof typeof CALLS]} with a ` +
        `JSON body in snake_case and the bearer token`,
      async () => {
        const { client, stub } = clientAnswering(ok)
        await CALLS[call as keyof typeof CALLS](client)
        const [request] = stub.requests
        expect(request!.method).toBe('POST')
        expect(request!.url).toBe(`${BASE}${PIN_PATHS[call as keyof typeof CALLS]}`)
        expect(request!.headers.get('authorization')).toBe('Bearer tok_1')
        expect(request!.headers.get('content-type')).toBe('application/json')
        expect(await request!.json()).toEqual(body)
      },
    )
  }

  it('a phone contact is sent as phone_code, country_code and phone_number', async () => {
    const { client, stub } = clientAnswering(ok)
    const phone = { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' }
    await client.pinReset.request({ phone })
    await client.pinReset.verifyCode({ sessionId: SESSION, code: '000111', phone })
    expect(await stub.requests[0]!.json()).toEqual({ phone_code: '855', country_code: 'KH', phone_number: '12345678' })
    expect(await stub.requests[1]!.json()).toEqual({
      phone_code: '855',
      country_code: 'KH',
      phone_number: '12345678',
      otp_code: '000111',
      session_id: SESSION,
    })
  })

  it('client and call headers are sent, but cannot replace Authorization or Content-Type', async () => {
    const { client, stub } = clientAnswering(ok, { headers: { 'X-App': 'shop', authorization: 'Basic x' } })
    await client.pin.verify({ pin: '123456' }, { headers: { 'X-Call': '1', 'Content-Type': 'text/plain' } })
    const headers = stub.requests[0]!.headers
    expect(headers.get('x-app')).toBe('shop')
    expect(headers.get('x-call')).toBe('1')
    expect(headers.get('authorization')).toBe('Bearer tok_1')
    expect(headers.get('content-type')).toBe('application/json')
  })

  it('environments + environment pick the base URL, trailing slashes dropped', async () => {
    const stub = stubFetch(ok)
    const client = new PinClient({
      environments: { sandbox: 'https://sandbox.pin.test/' },
      environment: 'sandbox',
      accessToken: 't',
      fetch: stub.fetch,
    })
    await client.pin.verify({ pin: '123456' })
    expect(stub.requests[0]!.url).toBe(`https://sandbox.pin.test${PIN_PATHS.verifyPin}`)
    const other = client.withOptions({ baseUrl: 'https://other.test' })
    await other.pin.verify({ pin: '123456' })
    expect(stub.requests[1]!.url).toBe(`https://other.test${PIN_PATHS.verifyPin}`)
  })
})

describe('client configuration is checked when the client is made', () => {
  it('refuses a missing access token, a missing or unknown base URL, and a bad timeout, saying what to fix', () => {
    expect(() => new PinClient({ baseUrl: BASE } as never)).toThrow(/accessToken is required/)
    expect(() => new PinClient({ baseUrl: BASE, accessToken: '' })).toThrow(ClientValidationError)
    expect(() => new PinClient({ accessToken: 't' })).toThrow(/baseUrl is required/)
    expect(() => new PinClient({ accessToken: 't', baseUrl: 'pin.test' })).toThrow(/absolute http\(s\) URL/)
    expect(
      () => new PinClient({ accessToken: 't', environments: { production: 'https://a' }, environment: 'sandbox' }),
    ).toThrow(/Unknown environment "sandbox"; configured: production/)
    expect(() => new PinClient({ accessToken: 't', baseUrl: BASE, environment: 'x' })).toThrow(/not both/)
    expect(() => new PinClient({ accessToken: 't', baseUrl: BASE, timeout: 0 })).toThrow(/timeout must be/)
  })
})

describe('the guards recognise the PIN errors, also from another realm', () => {
  const pinErrors = [
    WrongPinError,
    PinLockedError,
    PinAlreadySetError,
    PinNotSetError,
    InvalidOtpError,
    ResetSessionError,
  ]
  const guards = {
    WrongPinError: isWrongPinError,
    PinLockedError: isPinLockedError,
    PinAlreadySetError: isPinAlreadySetError,
    PinNotSetError: isPinNotSetError,
    InvalidOtpError: isInvalidOtpError,
    ResetSessionError: isResetSessionError,
  }

  it(
    'each guard is true for its class and false for the others; all are ' +
      'GatewayErrors, none an InvalidRequestError',
    () => {
      for (const Class of pinErrors) {
        const error = new Class('x')
        expect(isGatewayError(error)).toBe(true)
        expect(isInvalidRequestError(error)).toBe(false)
        expect(isAuthenticationError(error)).toBe(false)
        for (const [name, guard] of Object.entries(guards)) expect(guard(error)).toBe(name === Class.name)
      }
    },
  )

  it('an error object from another realm (instanceof fails) is recognised by its name', () => {
    for (const name of Object.keys(guards)) {
      const foreign = runInNewContext(
        `(() => { class ${name} extends Error { name = '${name}' }; return new ${name}('from a worker') })()`,
      )
      expect(foreign instanceof GatewayError).toBe(false)
      expect(isGatewayError(foreign)).toBe(true)
      expect(guards[name as keyof typeof guards](foreign)).toBe(true)
    }
  })

  it(
    '@merchant-gateway/sdk/errors exports the same PIN error classes and ' +
      'guards as /pin (one class for instanceof)',
    () => {
      expect(errorsEntry.WrongPinError).toBe(WrongPinError)
      expect(errorsEntry.PinLockedError).toBe(PinLockedError)
      expect(errorsEntry.ResetSessionError).toBe(ResetSessionError)
      expect(errorsEntry.isInvalidOtpError).toBe(isInvalidOtpError)
      expect(errorsEntry.GatewayError).toBe(GatewayError)
    },
  )
})
