/**
 * PinClient end to end against the stateful mock (frozen clock, cheap PIN hashing): the recovery
 * sequence by e-mail and by phone, set/verify/change, every typed error produced by the mock's real
 * rules, the access-token getter, client-side validation (nothing sent), abort and timeout.
 * The client is imported through the package's `/pin` subpath, as an app would.
 */
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import {
  AuthenticationError,
  ClientValidationError,
  InvalidOtpError,
  InvalidRequestError,
  NotFoundError,
  PinAlreadySetError,
  PinClient,
  PinLockedError,
  PinNotSetError,
  RequestAbortedError,
  RequestTimeoutError,
  ResetSessionError,
  WrongPinError,
  type PhoneContact,
  type PinClientOptions,
} from '@merchant-gateway/sdk/pin'
import { describe, expect, it, vi } from 'vitest'
import { failure, spyFetch, type Intercept } from './harness.js'

const NOW = '2026-11-02T09:00:00.000Z'
const EMAIL = 'dara@example.com'
const PHONE: PhoneContact = { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' }

/** A mock on a frozen clock, a user with a verified e-mail and phone, and a client with its fetch spy. */
async function pinSetup(
  options: {
    user?: Parameters<MockGateway['users']['create']>[0]
    client?: Partial<PinClientOptions>
    intercept?: Intercept
  } = {},
) {
  const mock = createMockGateway({ clock: { now: NOW, frozen: true }, pinHashIterations: 1000 })
  const { userId, accessToken } = await mock.users.create(
    options.user ?? { email: EMAIL, emailVerified: true, phone: PHONE, phoneVerified: true },
  )
  const spy = spyFetch(mock.fetch, options.intercept)
  const client = new PinClient({ baseUrl: mock.baseUrl, accessToken, fetch: spy.fetch, ...options.client })
  return { mock, userId, accessToken, client, spy }
}

/** The last code the mock sent to `userId`. */
function lastCode(mock: MockGateway, userId: number) {
  const message = mock.otp
    .list()
    .filter((m) => m.userId === userId)
    .at(-1)
  if (!message) throw new Error('the mock sent no code')
  return message
}

describe('the recovery sequence: request a code, verify it, complete with a new PIN', () => {
  it('by e-mail: the code goes to the e-mail, the new PIN verifies and the old one is a WrongPinError', async () => {
    const { mock, userId, client } = await pinSetup()
    await client.pin.set({ pin: '111111' })

    const requested = await client.pinReset.request({ email: EMAIL })
    expect(requested).toEqual({ message: 'OTP sent successfully', sessionId: expect.any(String), expiresIn: 600 })
    const sent = lastCode(mock, userId)
    expect(sent).toMatchObject({ channel: 'email', to: EMAIL, sessionId: requested.sessionId })

    const verified = await client.pinReset.verifyCode({ sessionId: requested.sessionId, code: sent.code, email: EMAIL })
    expect(verified).toEqual({ message: 'OTP verified successfully', sessionId: expect.any(String) })
    expect(verified.sessionId).not.toBe(requested.sessionId)

    expect(await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '222222' })).toEqual({
      message: 'PIN reset successfully',
    })
    expect(await client.pin.verify({ pin: '222222' })).toEqual({ message: 'OTP verified successfully' })
    expect(await failure(() => client.pin.verify({ pin: '111111' }))).toBeInstanceOf(WrongPinError)
  })

  it('by phone: the code goes to the phone, the new PIN verifies and the old one is a WrongPinError', async () => {
    const { mock, userId, client } = await pinSetup()
    await client.pin.set({ pin: '111111' })

    const { sessionId } = await client.pinReset.request({ phone: PHONE })
    const sent = lastCode(mock, userId)
    expect(sent).toMatchObject({ channel: 'phone', sessionId })
    const verified = await client.pinReset.verifyCode({ sessionId, code: sent.code, phone: PHONE })
    await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '333333' })

    await client.pin.verify({ pin: '333333' })
    expect(await failure(() => client.pin.verify({ pin: '111111' }))).toBeInstanceOf(WrongPinError)
  })

  it(
    'complete sends the bearer token too, although the gateway ' +
      'documentation says reset-pin works on the session alone',
    async () => {
      const { mock, userId, accessToken, client, spy } = await pinSetup()
      const { sessionId } = await client.pinReset.request({ email: EMAIL })
      const verified = await client.pinReset.verifyCode({ sessionId, code: lastCode(mock, userId).code, email: EMAIL })
      await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '222222' })
      expect(spy.header(2, 'authorization')).toBe(`Bearer ${accessToken}`)
    },
  )

  it('a reset clears a PIN block: the new PIN works at once', async () => {
    const { mock, userId, client } = await pinSetup()
    await client.pin.set({ pin: '111111' })
    for (let i = 0; i < 5; i++) await failure(() => client.pin.verify({ pin: '999999' }))
    expect(await failure(() => client.pin.verify({ pin: '111111' }))).toBeInstanceOf(PinLockedError)
    const { sessionId } = await client.pinReset.request({ email: EMAIL })
    const verified = await client.pinReset.verifyCode({ sessionId, code: lastCode(mock, userId).code, email: EMAIL })
    await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '222222' })
    await client.pin.verify({ pin: '222222' })
  })
})

describe('set, verify and change', () => {
  it('set then verify the same PIN succeed with the documented messages and a meta with the trace id', async () => {
    const { client } = await pinSetup()
    const set = await client.pin.set({ pin: '012345' })
    expect(set).toEqual({ message: 'PIN set successfully' })
    expect(set.meta).toMatchObject({ status: 200, attempts: 1, traceId: expect.stringMatching(/^trc_/) })
    expect(await client.pin.verify({ pin: '012345' })).toEqual({ message: 'OTP verified successfully' })
  })

  it('change replaces the PIN: the new one verifies, the old one is a WrongPinError', async () => {
    const { client } = await pinSetup()
    await client.pin.set({ pin: '012345' })
    expect(await client.pin.change({ currentPin: '012345', newPin: '908172' })).toEqual({
      message: 'PIN changed successfully',
    })
    await client.pin.verify({ pin: '908172' })
    expect(await failure(() => client.pin.verify({ pin: '012345' }))).toBeInstanceOf(WrongPinError)
  })

  it('change with a wrong current PIN is a WrongPinError and counts as a wrong attempt', async () => {
    const { client } = await pinSetup()
    await client.pin.set({ pin: '012345' })
    const first = await failure(() => client.pin.change({ currentPin: '999999', newPin: '908172' }))
    expect(first).toBeInstanceOf(WrongPinError)
    expect(first.attemptsRemaining).toBe(4)
    expect((await failure(() => client.pin.verify({ pin: '999999' }))).attemptsRemaining).toBe(3)
  })
})

describe('typed errors from the mock', () => {
  it(
    'wrong PINs count down attemptsRemaining 4..1; the 5th is a ' +
      'PinLockedError until clock + 60 s; the right PIN is locked too until ' +
      'the clock passes it',
    async () => {
      const { mock, client } = await pinSetup()
      await client.pin.set({ pin: '012345' })
      for (const remaining of [4, 3, 2, 1]) {
        const error = await failure(() => client.pin.verify({ pin: '999999' }))
        expect(error).toBeInstanceOf(WrongPinError)
        expect(error).toMatchObject({ status: 422, code: 'wrong_pin', attemptsRemaining: remaining })
      }
      const fifth = await failure(() => client.pin.verify({ pin: '999999' }))
      expect(fifth).toBeInstanceOf(PinLockedError)
      expect(fifth).toMatchObject({ status: 429, code: 'pin_locked', retryAfterSeconds: 60 })
      expect(fifth.lockedUntil).toEqual(new Date(Date.parse(NOW) + 60_000))

      const rightDuringBlock = await failure(() => client.pin.verify({ pin: '012345' }))
      expect(rightDuringBlock).toBeInstanceOf(PinLockedError)
      expect(rightDuringBlock.lockedUntil).toEqual(new Date(Date.parse(NOW) + 60_000))

      await mock.clock.advance(60_000)
      expect(await client.pin.verify({ pin: '012345' })).toEqual({ message: 'OTP verified successfully' })
    },
  )

  it('the 5th wrong PIN after a block blocks again (every 5th in a row)', async () => {
    const { mock, client } = await pinSetup()
    await client.pin.set({ pin: '012345' })
    for (let i = 0; i < 5; i++) await failure(() => client.pin.verify({ pin: '999999' }))
    await mock.clock.advance(60_000)
    for (let i = 0; i < 4; i++)
      expect(await failure(() => client.pin.verify({ pin: '999999' }))).toBeInstanceOf(WrongPinError)
    expect(await failure(() => client.pin.verify({ pin: '999999' }))).toBeInstanceOf(PinLockedError)
  })

  it('set on a user who has a PIN is a PinAlreadySetError', async () => {
    const { client } = await pinSetup()
    await client.pin.set({ pin: '012345' })
    const error = await failure(() => client.pin.set({ pin: '111111' }))
    expect(error).toBeInstanceOf(PinAlreadySetError)
    expect(error).toMatchObject({ status: 409, code: 'pin_already_set' })
  })

  it('verify and change on a user without a PIN are PinNotSetError', async () => {
    const { client } = await pinSetup()
    expect(await failure(() => client.pin.verify({ pin: '012345' }))).toBeInstanceOf(PinNotSetError)
    expect(await failure(() => client.pin.change({ currentPin: '012345', newPin: '111111' }))).toBeInstanceOf(
      PinNotSetError,
    )
  })

  it(
    'a wrong one-time code is an InvalidOtpError with attemptsRemaining; ' + 'the session still takes the right code',
    async () => {
      const { mock, userId, client } = await pinSetup()
      const { sessionId } = await client.pinReset.request({ email: EMAIL })
      const right = lastCode(mock, userId).code
      const wrong = right === '000000' ? '000001' : '000000'
      const error = await failure(() => client.pinReset.verifyCode({ sessionId, code: wrong, email: EMAIL }))
      expect(error).toBeInstanceOf(InvalidOtpError)
      expect(error).toMatchObject({ status: 422, code: 'otp_invalid', attemptsRemaining: 4 })
      await client.pinReset.verifyCode({ sessionId, code: right, email: EMAIL })
    },
  )

  it('the 5th wrong code ends the session: the right code then gives a ResetSessionError', async () => {
    const { mock, userId, client } = await pinSetup()
    const { sessionId } = await client.pinReset.request({ email: EMAIL })
    const right = lastCode(mock, userId).code
    const wrong = right === '000000' ? '000001' : '000000'
    for (const remaining of [4, 3, 2, 1, 0]) {
      expect(
        (await failure(() => client.pinReset.verifyCode({ sessionId, code: wrong, email: EMAIL }))).attemptsRemaining,
      ).toBe(remaining)
    }
    expect(await failure(() => client.pinReset.verifyCode({ sessionId, code: right, email: EMAIL }))).toBeInstanceOf(
      ResetSessionError,
    )
  })

  it('verifyCode after the session expired (10 minutes) is a ResetSessionError', async () => {
    const { mock, userId, client } = await pinSetup()
    const { sessionId } = await client.pinReset.request({ email: EMAIL })
    await mock.clock.advance(600_000)
    const error = await failure(() =>
      client.pinReset.verifyCode({ sessionId, code: lastCode(mock, userId).code, email: EMAIL }),
    )
    expect(error).toBeInstanceOf(ResetSessionError)
    expect(error).toMatchObject({ status: 400, code: 'otp_session_invalid' })
  })

  it('complete after the verified session expired is a ResetSessionError', async () => {
    const { mock, userId, client } = await pinSetup()
    const { sessionId } = await client.pinReset.request({ email: EMAIL })
    const verified = await client.pinReset.verifyCode({ sessionId, code: lastCode(mock, userId).code, email: EMAIL })
    await mock.clock.advance(600_000)
    const error = await failure(() => client.pinReset.complete({ sessionId: verified.sessionId, newPin: '222222' }))
    expect(error).toBeInstanceOf(ResetSessionError)
    expect(error).toMatchObject({ status: 400, code: 'reset_session_invalid' })
  })

  it('reusing a consumed session is a ResetSessionError, and the PIN stays the one it set', async () => {
    const { mock, userId, client } = await pinSetup()
    const { sessionId } = await client.pinReset.request({ email: EMAIL })
    const verified = await client.pinReset.verifyCode({ sessionId, code: lastCode(mock, userId).code, email: EMAIL })
    await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '222222' })
    const again = await failure(() => client.pinReset.complete({ sessionId: verified.sessionId, newPin: '333333' }))
    expect(again).toBeInstanceOf(ResetSessionError)
    expect(again.code).toBe('reset_session_invalid')
    await client.pin.verify({ pin: '222222' })
  })

  it('the session id from request (not yet verified) cannot complete a reset: ResetSessionError', async () => {
    const { client } = await pinSetup()
    const { sessionId } = await client.pinReset.request({ email: EMAIL })
    expect(await failure(() => client.pinReset.complete({ sessionId, newPin: '222222' }))).toBeInstanceOf(
      ResetSessionError,
    )
  })

  it(
    "a contact that is not the user's is a NotFoundError; an unverified one " +
      'an InvalidRequestError contact_not_verified',
    async () => {
      const { client } = await pinSetup({
        user: { email: EMAIL, emailVerified: false, phone: PHONE, phoneVerified: true },
      })
      const other = await failure(() => client.pinReset.request({ email: 'someone@example.com' }))
      expect(other).toBeInstanceOf(NotFoundError)
      expect(other.code).toBe('contact_not_found')
      const unverified = await failure(() => client.pinReset.request({ email: EMAIL }))
      expect(unverified).toBeInstanceOf(InvalidRequestError)
      expect(unverified).toMatchObject({ status: 422, code: 'contact_not_verified' })
    },
  )

  it('a wrong access token is an AuthenticationError', async () => {
    const { client } = await pinSetup({ client: { accessToken: 'at_not_a_real_token' } })
    const error = await failure(() => client.pin.verify({ pin: '012345' }))
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_token' })
  })
})

describe('the access token', () => {
  it('a getter is called once per call, just before sending, and a refreshed token is used', async () => {
    const { accessToken, client: base, spy } = await pinSetup()
    let current = 'at_expired'
    const getter = vi.fn(async () => current)
    const client = base.withOptions({ accessToken: getter })
    expect(await failure(() => client.pin.set({ pin: '012345' }))).toBeInstanceOf(AuthenticationError)
    current = accessToken // the app refreshed it
    await client.pin.set({ pin: '012345' })
    await client.pin.verify({ pin: '012345' })
    expect(getter).toHaveBeenCalledTimes(3)
    expect(spy.requests().map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer at_expired',
      `Bearer ${accessToken}`,
      `Bearer ${accessToken}`,
    ])
  })

  it('a getter that throws or rejects is an AuthenticationError with the cause, and nothing is sent', async () => {
    const reason = new Error('refresh token revoked')
    for (const accessToken of [
      () => {
        throw reason
      },
      () => Promise.reject(reason),
    ]) {
      const { client, spy } = await pinSetup({ client: { accessToken } })
      const error = await failure(() => client.pin.verify({ pin: '012345' }))
      expect(error).toBeInstanceOf(AuthenticationError)
      expect(error.code).toBe('access_token_unavailable')
      expect(error.cause).toBe(reason)
      expect(error.message).toContain('refresh token revoked')
      expect(spy.calls).toHaveLength(0)
    }
  })

  it('a getter that returns an empty token is an AuthenticationError, and nothing is sent', async () => {
    const { client, spy } = await pinSetup({ client: { accessToken: async () => '' } })
    expect(await failure(() => client.pin.verify({ pin: '012345' }))).toBeInstanceOf(AuthenticationError)
    expect(spy.calls).toHaveLength(0)
  })
})

describe('client-side validation refuses before sending, saying what to fix', () => {
  const cases: Array<{ rule: string; call: (c: PinClient) => Promise<unknown>; message: RegExp }> = [
    {
      rule: 'a PIN given as a number is refused with a hint to pass a string',
      call: (c) => c.pin.set({ pin: 12345 as never }),
      message: /pin must be a string of exactly 6 digits, not a number: pass it as a string.*leading zeros/,
    },
    {
      rule: 'a PIN of 5 digits is refused',
      call: (c) => c.pin.verify({ pin: '12345' }),
      message: /pin must be exactly 6 digits \(0-9\), got 5 digit\(s\)/,
    },
    {
      rule: 'a PIN with a letter is refused',
      call: (c) => c.pin.verify({ pin: '12345a' }),
      message: /pin must be exactly 6 digits \(0-9\), got 6 character\(s\) with something other than 0-9/,
    },
    {
      rule: 'a PIN with non-ASCII digits is refused',
      call: (c) => c.pin.verify({ pin: '١٢٣٤٥٦' }),
      message: /pin must be exactly 6 digits/,
    },
    { rule: 'a missing PIN is refused', call: (c) => c.pin.set({} as never), message: /pin is required/ },
    {
      rule: 'parameters that are not an object are refused with an example',
      call: (c) => c.pin.verify('123456' as never),
      message: /Pass the parameters as an object: pin.verify\(\{ pin: '012345' \}\)/,
    },
    {
      rule: 'change to the same PIN is refused',
      call: (c) => c.pin.change({ currentPin: '012345', newPin: '012345' }),
      message: /newPin must differ from currentPin/,
    },
    {
      rule: 'change with a malformed new PIN is refused',
      call: (c) => c.pin.change({ currentPin: '012345', newPin: '1234567' }),
      message: /newPin must be exactly 6 digits/,
    },
    {
      rule: 'a code of 5 digits is refused',
      call: (c) => c.pinReset.verifyCode({ sessionId: 's', code: '12345', email: EMAIL }),
      message: /code must be exactly 6 digits/,
    },
    {
      rule: 'a code given as a number is refused with a hint',
      call: (c) => c.pinReset.verifyCode({ sessionId: 's', code: 123456 as never, email: EMAIL }),
      message: /code must be a string of exactly 6 digits, not a number/,
    },
    { rule: 'no contact is refused', call: (c) => c.pinReset.request({} as never), message: /A contact is required/ },
    {
      rule: 'two contacts are refused',
      call: (c) => c.pinReset.request({ email: EMAIL, phone: PHONE } as never),
      message: /Give one contact, email or phone, not both/,
    },
    {
      rule: 'an e-mail without @ is refused',
      call: (c) => c.pinReset.request({ email: 'dara.example.com' }),
      message: /email must be an e-mail address/,
    },
    {
      rule: "a phoneCode with '+' is refused",
      call: (c) => c.pinReset.request({ phone: { ...PHONE, phoneCode: '+855' } }),
      message: /phone.phoneCode must be .*digits, without the '\+'/,
    },
    {
      rule: 'a lower-case countryCode is refused',
      call: (c) => c.pinReset.request({ phone: { ...PHONE, countryCode: 'kh' } }),
      message: /phone.countryCode must be two upper-case letters.*in upper case/,
    },
    {
      rule: 'a phoneNumber with spaces is refused',
      call: (c) => c.pinReset.request({ phone: { ...PHONE, phoneNumber: '12 345 678' } }),
      message: /phone.phoneNumber must be .*digits/,
    },
    {
      rule: 'verifyCode without a contact is refused',
      call: (c) => c.pinReset.verifyCode({ sessionId: 's', code: '123456' } as never),
      message: /A contact is required/,
    },
    {
      rule: 'an empty sessionId is refused (verifyCode)',
      call: (c) => c.pinReset.verifyCode({ sessionId: '', code: '123456', email: EMAIL }),
      message: /sessionId is required: the sessionId that pinReset.request returned/,
    },
    {
      rule: 'an empty sessionId is refused (complete)',
      call: (c) => c.pinReset.complete({ sessionId: ' ', newPin: '123456' }),
      message: /sessionId is required: the sessionId that pinReset.verifyCode returned/,
    },
    {
      rule: 'a bad per-call timeout is refused',
      call: (c) => c.pin.verify({ pin: '123456' }, { timeout: -1 }),
      message: /timeout must be/,
    },
  ]
  for (const { rule, call, message } of cases) {
    it(`${rule}, and nothing is sent`, async () => {
      const getter = vi.fn(() => 'unused')
      const { client, spy } = await pinSetup({ client: { accessToken: getter } })
      const error = await failure(() => call(client))
      expect(error).toBeInstanceOf(ClientValidationError)
      expect(error.message).toMatch(message)
      expect(spy.calls).toHaveLength(0)
      if (!rule.includes('timeout')) expect(getter).not.toHaveBeenCalled()
    })
  }

  it('messages never repeat the PIN or the code', async () => {
    const { client } = await pinSetup()
    for (const call of [
      () => client.pin.verify({ pin: '98765' }),
      () => client.pin.verify({ pin: '98765x' }),
      () => client.pinReset.verifyCode({ sessionId: 's', code: '98765', email: EMAIL }),
    ]) {
      expect((await failure(call)).message).not.toContain('9876')
    }
  })
})

describe('abort and timeout', () => {
  /** An intercept that never lets the request reach the mock: it waits until the request is aborted. */
  const hang: Intercept = (request) =>
    new Promise((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })
    })

  it(
    'a signal aborted before the call sends nothing and does not call the ' +
      "getter: RequestAbortedError with the signal's reason",
    async () => {
      const getter = vi.fn(() => 'unused')
      const { client, spy } = await pinSetup({ client: { accessToken: getter } })
      const error = await failure(() =>
        client.pin.verify({ pin: '012345' }, { signal: AbortSignal.abort('user left') }),
      )
      expect(error).toBeInstanceOf(RequestAbortedError)
      expect(error).toMatchObject({ cause: 'user left', attempts: 0 })
      expect(spy.calls).toHaveLength(0)
      expect(getter).not.toHaveBeenCalled()
    },
  )

  it(
    'aborting during the request ends the call at once: RequestAbortedError ' + "with the signal's reason, one request",
    async () => {
      const { client, spy } = await pinSetup({ intercept: hang })
      const controller = new AbortController()
      const pending = failure(() => client.pin.verify({ pin: '012345' }, { signal: controller.signal }))
      await vi.waitFor(() => expect(spy.calls).toHaveLength(1))
      controller.abort('user left')
      const error = await pending
      expect(error).toBeInstanceOf(RequestAbortedError)
      expect(error).toMatchObject({ cause: 'user left', attempts: 1 })
      expect(spy.calls).toHaveLength(1)
    },
  )

  it(
    'no answer within the timeout is a RequestTimeoutError after one ' +
      'request (no retry); the per-call timeout wins',
    async () => {
      const { client, spy } = await pinSetup({ intercept: hang, client: { timeout: 60_000 } })
      // The client's 60 s would time the test out: only the per-call 30 ms can end it.
      const error = await failure(() => client.pin.verify({ pin: '012345' }, { timeout: 30 }))
      expect(error).toBeInstanceOf(RequestTimeoutError)
      expect(error.attempts).toBe(1)
      expect(spy.calls).toHaveLength(1)
    },
  )

  it('the client timeout applies when the call gives none', async () => {
    const { client, spy } = await pinSetup({ intercept: hang, client: { timeout: 30 } })
    expect(await failure(() => client.pinReset.request({ email: EMAIL }))).toBeInstanceOf(RequestTimeoutError)
    expect(spy.calls).toHaveLength(1)
  })
})
