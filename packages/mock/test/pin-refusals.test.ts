/**
 * Every refusal of the PIN module with its status, code and body `{status_code, message, code, data}`
 * (the statuses the service documents, the codes ours: docs/decisions.md), and that a refused request changes
 * nothing: no PIN stored or replaced, no wrong attempt counted, no code sent, no session used up.
 */
import { PIN_MESSAGES, PIN_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import {
  as,
  BY_EMAIL,
  BY_PHONE,
  EMAIL,
  expectNoPin,
  expectOk,
  expectPinIs,
  expectRefused,
  lastMessage,
  lockOut,
  NEW_PIN,
  newUser,
  openSession,
  otherCode,
  PHONE,
  PIN,
  pinCall,
  pinMock,
  SESSION_MS,
  userWithPin,
  verifiedSession,
  WRONG_PIN,
} from './pin-helpers.js'

const RESET_OK = { success: true, message: PIN_MESSAGES.resetPin }

/** The bearer routes with a body that would otherwise succeed (or at least pass parsing). */
const BEARER_ROUTES = [
  { name: 'set-pin', path: PIN_PATHS.setPin, body: { pin: PIN } },
  { name: 'verify-pin', path: PIN_PATHS.verifyPin, body: { pin: PIN } },
  { name: 'change-pin', path: PIN_PATHS.changePin, body: { current_pin: PIN, new_pin: NEW_PIN } },
  { name: 'forgot-pin', path: PIN_PATHS.forgotPin, body: BY_EMAIL },
  {
    name: 'verify-otp',
    path: PIN_PATHS.verifyOtp,
    body: { ...BY_EMAIL, otp_code: '123456', session_id: crypto.randomUUID() },
  },
] as const

describe('bearer authentication (set-pin, verify-pin, change-pin, forgot-pin, verify-otp)', () => {
  it.each(BEARER_ROUTES)(
    '$name: no or malformed Authorization is 401 unauthenticated, an ' +
      'unknown token 401 invalid_token, and nothing happens',
    async ({ path, body }) => {
      const mock = pinMock()
      const user = await newUser(mock)
      const api = as(mock, user.accessToken)
      expectRefused(await pinCall(mock, path, { body }), 401, 'unauthenticated')
      for (const authorization of [
        '',
        '   ',
        'Basic ZGFyYTpzZWNyZXQ=',
        'Bearer',
        'Bearer ',
        `Token ${user.accessToken}`,
        `Bearer ${user.accessToken} extra`,
        user.accessToken,
      ]) {
        expectRefused(await pinCall(mock, path, { body, authorization }), 401, 'unauthenticated')
      }
      expectRefused(await pinCall(mock, path, { body, token: 'at_unknown' }), 401, 'invalid_token')
      expectRefused(await pinCall(mock, path, { body, token: `${user.accessToken}x` }), 401, 'invalid_token')
      // nothing happened: no PIN, no code sent
      await expectNoPin(api)
      expect(mock.otp.list()).toEqual([])
    },
  )

  it('the Bearer scheme is case-insensitive and surrounding spaces are ignored', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    expectOk(
      await pinCall(mock, PIN_PATHS.setPin, { body: { pin: PIN }, authorization: `  bearer   ${user.accessToken}  ` }),
      PIN_MESSAGES.setPin,
    )
  })

  it('a refused verify-pin or change-pin without a valid token does not count as a wrong attempt', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    for (let i = 0; i < 6; i++) {
      expectRefused(await pinCall(mock, PIN_PATHS.verifyPin, { body: { pin: WRONG_PIN } }), 401, 'unauthenticated')
      expectRefused(
        await pinCall(mock, PIN_PATHS.changePin, {
          body: { current_pin: WRONG_PIN, new_pin: NEW_PIN },
          token: 'at_nobody',
        }),
        401,
        'invalid_token',
      )
    }
    expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
  })

  it.each([
    ['a malformed Authorization', { authorization: 'Basic abc' }],
    ['an unknown or expired token', { token: 'at_unknown' }],
  ] as const)(
    'reset-pin with %s decides on the verified session alone (its authentication is none effective): the PIN is reset',
    async (_label, auth) => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const sessionId = await verifiedSession(mock, user)
      expectOk(
        await pinCall(mock, PIN_PATHS.resetPin, { body: { session_id: sessionId, new_pin: NEW_PIN }, ...auth }),
        PIN_MESSAGES.resetPin,
        RESET_OK,
      )
      await expectPinIs(api, NEW_PIN)
    },
  )

  it.each([
    ['a malformed Authorization', { authorization: 'Basic abc' }, 'unauthenticated'],
    ['an unknown token', { token: 'at_unknown' }, 'invalid_token'],
  ] as const)(
    "with resetPinBearer 'required' (or the older resetPinRequiresBearer: true), reset-pin with %s is 401 %s, " +
      'and the session stays usable',
    async (_label, auth, code) => {
      for (const mock of [pinMock({ resetPinBearer: 'required' }), pinMock({ resetPinRequiresBearer: true })]) {
        const { user, api } = await userWithPin(mock)
        const sessionId = await verifiedSession(mock, user)
        expectRefused(
          await pinCall(mock, PIN_PATHS.resetPin, { body: { session_id: sessionId, new_pin: NEW_PIN }, ...auth }),
          401,
          code,
        )
        await expectPinIs(api, PIN)
        expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
      }
    },
  )
})

describe('the PIN module checks who is asking before it reads what they sent', () => {
  it.each([
    ['a body that is not JSON', '{"pin": '],
    ['a body over the size limit', JSON.stringify({ pin: '1'.repeat(70_000) })],
    ['an empty body', ''],
  ])('no token and %s is 401 unauthenticated, not 400 or 413', async (_label, rawBody) => {
    const mock = pinMock()
    expectRefused(await pinCall(mock, PIN_PATHS.verifyPin, { rawBody }), 401, 'unauthenticated')
    expectRefused(await pinCall(mock, PIN_PATHS.verifyPin, { rawBody, token: 'at_unknown' }), 401, 'invalid_token')
  })

  it('reset-pin, gated by the session alone, reads the body: a bad one is 400 invalid_request', async () => {
    const mock = pinMock()
    expectRefused(await pinCall(mock, PIN_PATHS.resetPin, { rawBody: '{"session_id": ' }), 400, 'invalid_request')
  })
})

describe("the PIN module's own answers for paths and methods it does not serve", () => {
  it('another method on a PIN path is 405 in the PIN envelope (method_not_allowed) with Allow: POST', async () => {
    const mock = pinMock()
    const res = await mock.fetch(`${mock.baseUrl}${PIN_PATHS.setPin}`, { method: 'GET' })
    expect(res.headers.get('Allow')).toBe('POST')
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 405,
      body: {
        status_code: 405,
        message: `GET is not allowed on ${PIN_PATHS.setPin}; use POST`,
        code: 'method_not_allowed',
        data: null,
      },
    })
  })

  it('an unknown path under the PIN prefix is 404 in the PIN envelope (not_found)', async () => {
    const mock = pinMock()
    const res = await mock.fetch(`${mock.baseUrl}/api/v1/auth/forgot-password`, { method: 'POST', body: '{}' })
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 404,
      body: { status_code: 404, message: 'Cannot POST /api/v1/auth/forgot-password', code: 'not_found', data: null },
    })
  })
})

/**
 * Malformed PINs and the code each earns: anything given that is not a string of exactly 6 digits is
 * invalid_pin_format; a missing (or null) field invalid_request.
 */
const MALFORMED: ReadonlyArray<{ label: string; value: unknown; code: 'invalid_pin_format' | 'invalid_request' }> = [
  { label: "'12345' (5 digits)", value: '12345', code: 'invalid_pin_format' },
  { label: "'1234567' (7 digits)", value: '1234567', code: 'invalid_pin_format' },
  { label: "'12a456' (a letter)", value: '12a456', code: 'invalid_pin_format' },
  { label: "' 12345' (a space)", value: ' 12345', code: 'invalid_pin_format' },
  { label: "'123456\\n' (trailing newline)", value: '123456\n', code: 'invalid_pin_format' },
  { label: "'١٢٣٤٥٦' (Arabic-Indic digits)", value: '١٢٣٤٥٦', code: 'invalid_pin_format' },
  { label: "'12345.' (a dot)", value: '12345.', code: 'invalid_pin_format' },
  { label: '123456 (a number)', value: 123456, code: 'invalid_pin_format' },
  { label: "'' (empty)", value: '', code: 'invalid_pin_format' },
  { label: 'null', value: null, code: 'invalid_request' },
  { label: "['123456'] (an array)", value: ['123456'], code: 'invalid_pin_format' },
  { label: 'missing', value: undefined, code: 'invalid_request' },
]

describe('malformed PINs: 400, never a wrong attempt, nothing stored', () => {
  it.each(MALFORMED)('set-pin with $label is 400 $code and no PIN is stored', async ({ value, code }) => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    expectRefused(await api.setPin(value), 400, code)
    await expectNoPin(api)
    expectOk(await api.setPin(PIN), PIN_MESSAGES.setPin)
  })

  it.each(MALFORMED)(
    'verify-pin with $label is 400 $code and does not count: after 6 of them the first wrong PIN leaves 4',
    async ({ value, code }) => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      for (let i = 0; i < 6; i++) expectRefused(await api.verifyPin(value), 400, code)
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    },
  )

  it.each(MALFORMED)(
    'change-pin with $label as current_pin or as new_pin is 400 $code, does not count, and the PIN is unchanged',
    async ({ value, code }) => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      for (let i = 0; i < 3; i++) {
        expectRefused(await api.changePin(value, NEW_PIN), 400, code)
        expectRefused(await api.changePin(PIN, value), 400, code)
        expectRefused(await api.changePin(WRONG_PIN, value), 400, code)
      }
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
      await expectPinIs(api, PIN)
    },
  )

  it.each(MALFORMED)(
    'reset-pin with $label as new_pin is 400 $code, the PIN is unchanged and the session is not used up',
    async ({ value, code }) => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const sessionId = await verifiedSession(mock, user)
      expectRefused(await api.resetPin(sessionId, value), 400, code)
      expectRefused(await as(mock, null).resetPin(sessionId, value), 400, code)
      await expectPinIs(api, PIN)
      expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
    },
  )

  it(
    'a malformed PIN is refused as malformed even during a block (400, not ' + '429), and does not extend the block',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      const blocked = await lockOut(api)
      expectRefused(await api.verifyPin('12345'), 400, 'invalid_pin_format')
      expect((await api.verifyPin(PIN)).body.data).toEqual(blocked.body.data)
    },
  )
})

describe('set-pin, verify-pin and change-pin refusals', () => {
  it('set-pin when a PIN exists is 409 pin_already_set and the PIN is unchanged', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    expectRefused(await api.setPin(NEW_PIN), 409, 'pin_already_set')
    expectRefused(await api.setPin(PIN), 409, 'pin_already_set')
    expectRefused(await api.verifyPin(NEW_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    await expectPinIs(api, PIN)
  })

  it('verify-pin and change-pin without a PIN are 409 pin_not_set, and change-pin does not set one', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    expectRefused(await api.verifyPin(PIN), 409, 'pin_not_set')
    expectRefused(await api.changePin(PIN, NEW_PIN), 409, 'pin_not_set')
    await expectNoPin(api)
    expectOk(await api.setPin(PIN), PIN_MESSAGES.setPin)
  })

  it(
    'change-pin with a wrong current_pin is 422 wrong_pin ' + '(attempts_remaining 4) and the PIN is unchanged',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      expectRefused(await api.changePin(WRONG_PIN, NEW_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
      expectRefused(await api.verifyPin(NEW_PIN), 422, 'wrong_pin', { attempts_remaining: 3 })
      await expectPinIs(api, PIN)
    },
  )

  it('a wrong current_pin counts towards the block: 4 wrong verify-pin then 1 wrong change-pin is 429', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    for (const left of [4, 3, 2, 1])
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: left })
    expectRefused(await api.changePin(WRONG_PIN, NEW_PIN), 429, 'pin_locked', {
      locked_until: '2026-11-02T09:01:00.000Z',
      retry_after_seconds: 60,
    })
    expect((await api.verifyPin(PIN)).status).toBe(429)
  })

  it('change-pin alone cannot be used to guess: the 5th wrong current_pin in a row is 429', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    for (const left of [4, 3, 2, 1])
      expectRefused(await api.changePin(WRONG_PIN, NEW_PIN), 422, 'wrong_pin', { attempts_remaining: left })
    expectRefused(await api.changePin(WRONG_PIN, NEW_PIN), 429, 'pin_locked', {
      locked_until: '2026-11-02T09:01:00.000Z',
      retry_after_seconds: 60,
    })
  })

  it('change-pin with new_pin equal to current_pin is 422 pin_unchanged and stores nothing', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    expectRefused(await api.changePin(PIN, PIN), 422, 'pin_unchanged')
    await expectPinIs(api, PIN)
    expectOk(await api.changePin(PIN, NEW_PIN), PIN_MESSAGES.changePin)
  })

  it(
    'change-pin with new_pin equal to current_pin is refused before the PIN ' +
      'is checked: the wrong-attempt counter does not move',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      for (const left of [4, 3, 2])
        expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: left })
      expectRefused(await api.changePin(PIN, PIN), 422, 'pin_unchanged')
      // Had the right current_pin cleared the counter, this would leave 4 attempts.
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 1 })
      expectRefused(await api.changePin(WRONG_PIN, WRONG_PIN), 422, 'pin_unchanged')
      expectRefused(await api.verifyPin(WRONG_PIN), 429, 'pin_locked', {
        locked_until: '2026-11-02T09:01:00.000Z',
        retry_after_seconds: 60,
      })
    },
  )

  it(
    'change-pin with the right current_pin during a block is 429 and stores ' + 'nothing; after advance(60 s) it works',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      await lockOut(api)
      expectRefused(await api.changePin(PIN, NEW_PIN), 429, 'pin_locked', {
        locked_until: '2026-11-02T09:01:00.000Z',
        retry_after_seconds: 60,
      })
      await mock.clock.advance(60_000)
      await expectPinIs(api, PIN)
      expectOk(await api.changePin(PIN, NEW_PIN), PIN_MESSAGES.changePin)
      await expectPinIs(api, NEW_PIN)
    },
  )
})

describe('forgot-pin refusals: nothing is sent', () => {
  const BAD_CONTACTS: ReadonlyArray<[string, Record<string, unknown>]> = [
    ['neither contact', {}],
    ['both contacts', { ...BY_EMAIL, ...BY_PHONE }],
    ['e-mail and one phone field', { ...BY_EMAIL, phone_number: PHONE.phoneNumber }],
    ['e-mail without @', { email: 'dara.example.com' }],
    ['e-mail without a domain dot', { email: 'dara@example' }],
    ['e-mail with a space', { email: 'dara sok@example.com' }],
    ['empty e-mail', { email: '' }],
    ['e-mail as a number', { email: 42 }],
    ['e-mail null', { email: null }],
    ['e-mail of 300 characters', { email: `${'a'.repeat(280)}@example.com` }],
    ['phone without phone_code', { country_code: 'KH', phone_number: PHONE.phoneNumber }],
    ['phone without country_code', { phone_code: '855', phone_number: PHONE.phoneNumber }],
    ['phone without phone_number', { phone_code: '855', country_code: 'KH' }],
    ["phone_code '+855'", { ...BY_PHONE, phone_code: '+855' }],
    ['phone_code as a number', { ...BY_PHONE, phone_code: 855 }],
    ["country_code 'kh' (lower case)", { ...BY_PHONE, country_code: 'kh' }],
    ["country_code 'KHM' (alpha-3)", { ...BY_PHONE, country_code: 'KHM' }],
    ["phone_number '12-345-678'", { ...BY_PHONE, phone_number: '12-345-678' }],
    ['phone_number of 40 digits', { ...BY_PHONE, phone_number: '1'.repeat(40) }],
  ]

  it.each(BAD_CONTACTS)('%s is 400 invalid_contact', async (_label, contact) => {
    const mock = pinMock()
    const user = await newUser(mock)
    expectRefused(await as(mock, user.accessToken).forgotPin(contact), 400, 'invalid_contact')
    expect(mock.otp.list()).toEqual([])
  })

  it("another user's contact, or a contact nobody has, is 404 contact_not_found (e-mail and phone)", async () => {
    const mock = pinMock()
    const me = await newUser(mock, {
      email: 'me@example.com',
      emailVerified: true,
      phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '99999999' },
      phoneVerified: true,
    })
    await newUser(mock)
    const api = as(mock, me.accessToken)
    expectRefused(await api.forgotPin(BY_EMAIL), 404, 'contact_not_found')
    expectRefused(await api.forgotPin(BY_PHONE), 404, 'contact_not_found')
    expectRefused(await api.forgotPin({ email: 'nobody@example.com' }), 404, 'contact_not_found')
    // the same number under another country or code is another phone
    expectRefused(
      await api.forgotPin({ phone_code: '855', country_code: 'TH', phone_number: '99999999' }),
      404,
      'contact_not_found',
    )
    expectRefused(
      await api.forgotPin({ phone_code: '66', country_code: 'KH', phone_number: '99999999' }),
      404,
      'contact_not_found',
    )
    expect(mock.otp.list()).toEqual([])
  })

  it(
    'a user without a phone asking by phone (or without an e-mail asking by ' + 'e-mail) is 404 contact_not_found',
    async () => {
      const mock = pinMock()
      const emailOnly = await newUser(mock, { email: EMAIL, emailVerified: true })
      const phoneOnly = await newUser(mock, { phone: { ...PHONE }, phoneVerified: true })
      expectRefused(await as(mock, emailOnly.accessToken).forgotPin(BY_PHONE), 404, 'contact_not_found')
      expectRefused(await as(mock, phoneOnly.accessToken).forgotPin(BY_EMAIL), 404, 'contact_not_found')
      expect(mock.otp.list()).toEqual([])
    },
  )

  it("the user's own unverified e-mail or phone is 422 contact_not_verified", async () => {
    const mock = pinMock()
    const user = await newUser(mock, { email: EMAIL, emailVerified: false, phone: { ...PHONE }, phoneVerified: false })
    const api = as(mock, user.accessToken)
    expectRefused(await api.forgotPin(BY_EMAIL), 422, 'contact_not_verified')
    expectRefused(await api.forgotPin(BY_PHONE), 422, 'contact_not_verified')
    expect(mock.otp.list()).toEqual([])
  })

  it('a verified phone does not make the unverified e-mail of the same user usable', async () => {
    const mock = pinMock()
    const user = await newUser(mock, { email: EMAIL, emailVerified: false, phone: { ...PHONE }, phoneVerified: true })
    const api = as(mock, user.accessToken)
    expectRefused(await api.forgotPin(BY_EMAIL), 422, 'contact_not_verified')
    expect((await api.forgotPin(BY_PHONE)).status).toBe(200)
    expect(mock.otp.list()).toHaveLength(1)
  })

  it('a refused forgot-pin does not end the open session: its code still verifies', async () => {
    const mock = pinMock()
    const user = await newUser(mock, { email: EMAIL, emailVerified: true, phone: { ...PHONE }, phoneVerified: false })
    const api = as(mock, user.accessToken)
    const { sessionId, code } = await openSession(mock, user)
    expectRefused(await api.forgotPin({ email: 'nobody@example.com' }), 404, 'contact_not_found')
    expectRefused(await api.forgotPin(BY_PHONE), 422, 'contact_not_verified')
    expectRefused(await api.forgotPin({}), 400, 'invalid_contact')
    expect(mock.otp.list()).toHaveLength(1)
    expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
  })
})

describe('forgot-pin is rate-limited per user (5 codes in 15 minutes by default)', () => {
  it(
    'the 6th forgot-pin within 15 minutes is 429 too_many_reset_requests ' +
      'with Retry-After, sends nothing and leaves the open session usable',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      const api = as(mock, user.accessToken)
      for (let i = 0; i < 4; i++) {
        await openSession(mock, user)
        await mock.clock.advance(60_000)
      }
      const { sessionId, code } = await openSession(mock, user)
      const refused = await api.forgotPin(BY_EMAIL)
      expectRefused(refused, 429, 'too_many_reset_requests', {
        retry_after_seconds: 11 * 60,
        limit: 5,
        window_seconds: 900,
      })
      expect(refused.headers.get('Retry-After')).toBe('660')
      expect(mock.otp.list()).toHaveLength(5)
      expectOk(await api.verifyOtp(BY_EMAIL, code, sessionId), PIN_MESSAGES.verifyOtp, {
        success: true,
        message: PIN_MESSAGES.verifyOtp,
        session_id: expect.any(String),
      })
    },
  )

  it('the window slides: when the oldest code leaves it, one more code may be sent', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    for (let i = 0; i < 5; i++) await openSession(mock, user)
    await mock.clock.advance(900_000 - 1)
    expect((await as(mock, user.accessToken).forgotPin(BY_EMAIL)).status).toBe(429)
    await mock.clock.advance(1)
    await openSession(mock, user)
  })

  it('refused requests do not count, the limit is per user, and forgotPinLimit sets or lifts it', async () => {
    const mock = pinMock({ forgotPinLimit: { max: 2, windowSeconds: 60 } })
    const [a, b] = [await newUser(mock), await newUser(mock, { email: `b.${EMAIL}`, emailVerified: true })]
    for (let i = 0; i < 3; i++)
      expectRefused(await as(mock, a.accessToken).forgotPin({ email: 'nobody@example.com' }), 404, 'contact_not_found')
    await openSession(mock, a)
    await openSession(mock, a)
    expect((await as(mock, a.accessToken).forgotPin(BY_EMAIL)).status).toBe(429)
    await openSession(mock, b, { email: `b.${EMAIL}` })
    const unlimited = pinMock({ forgotPinLimit: false })
    const c = await newUser(unlimited)
    for (let i = 0; i < 12; i++) await openSession(unlimited, c)
    expect(() => pinMock({ forgotPinLimit: { max: 0, windowSeconds: 60 } })).toThrow(/forgotPinLimit/)
  })
})

describe('verify-otp refusals', () => {
  it(
    'a wrong code is 422 otp_invalid with attempts_remaining 4, 3, 2, 1; ' + 'the right code then still verifies',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      const api = as(mock, user.accessToken)
      const { sessionId, code } = await openSession(mock, user)
      for (const left of [4, 3, 2, 1])
        expectRefused(await api.verifyOtp(BY_EMAIL, otherCode(code), sessionId), 422, 'otp_invalid', {
          attempts_remaining: left,
        })
      expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
    },
  )

  it(
    'the 5th wrong code ends the session (422, 0 left): then even the right ' +
      'code is 400 otp_session_invalid, and it cannot reset',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const { sessionId, code } = await openSession(mock, user)
      for (let i = 0; i < 4; i++) expect((await api.verifyOtp(BY_EMAIL, otherCode(code), sessionId)).status).toBe(422)
      expectRefused(await api.verifyOtp(BY_EMAIL, otherCode(code), sessionId), 422, 'otp_invalid', {
        attempts_remaining: 0,
      })
      expectRefused(await api.verifyOtp(BY_EMAIL, code, sessionId), 400, 'otp_session_invalid')
      expectRefused(await api.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      await expectPinIs(api, PIN)
      // a new forgot-pin gives a fresh session with its own 5 attempts
      const fresh = await openSession(mock, user)
      expectRefused(await api.verifyOtp(BY_EMAIL, otherCode(fresh.code), fresh.sessionId), 422, 'otp_invalid', {
        attempts_remaining: 4,
      })
      expect((await api.verifyOtp(BY_EMAIL, fresh.code, fresh.sessionId)).status).toBe(200)
    },
  )

  it('8 concurrent wrong codes cannot exceed 5 guesses: five 422 (4..0 left), three 400', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const { sessionId, code } = await openSession(mock, user)
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => api.verifyOtp(BY_EMAIL, otherCode(code), sessionId)),
    )
    expect(replies.map((r) => r.status).sort()).toEqual([400, 400, 400, 422, 422, 422, 422, 422])
    expect(
      replies
        .filter((r) => r.status === 422)
        .map((r) => r.body.data.attempts_remaining)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4])
  })

  it('the session expires 600 s after forgot-pin: the right code is then 400 otp_session_invalid', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const { sessionId, code } = await openSession(mock, user)
    await mock.clock.advance(SESSION_MS)
    expectRefused(await as(mock, user.accessToken).verifyOtp(BY_EMAIL, code, sessionId), 400, 'otp_session_invalid')
  })

  it('an unknown session_id is 400 otp_session_invalid and does not touch the open session', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const { sessionId, code } = await openSession(mock, user)
    for (let i = 0; i < 6; i++)
      expectRefused(await api.verifyOtp(BY_EMAIL, code, crypto.randomUUID()), 400, 'otp_session_invalid')
    expectRefused(await api.verifyOtp(BY_EMAIL, code, 'not-a-uuid'), 400, 'otp_session_invalid')
    expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
  })

  it(
    "another user's session with that user's own token and contact is 400 " +
      'otp_session_invalid, even with the right code',
    async () => {
      const mock = pinMock()
      const owner = await newUser(mock)
      const other = await newUser(mock, { email: 'other@example.com', emailVerified: true })
      const { sessionId, code } = await openSession(mock, owner)
      const otherApi = as(mock, other.accessToken)
      expectRefused(
        await otherApi.verifyOtp({ email: 'other@example.com' }, code, sessionId),
        400,
        'otp_session_invalid',
      )
      expectRefused(await otherApi.verifyOtp(BY_EMAIL, code, sessionId), 400, 'otp_session_invalid')
      expect((await as(mock, owner.accessToken).verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
    },
  )

  it("a contact different from the session's is 400 otp_session_invalid, even with the right code", async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const { sessionId, code } = await openSession(mock, user, BY_EMAIL)
    expectRefused(await api.verifyOtp(BY_PHONE, code, sessionId), 400, 'otp_session_invalid')
    expectRefused(
      await api.verifyOtp({ email: 'someone.else@example.com' }, code, sessionId),
      400,
      'otp_session_invalid',
    )
    expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
  })

  it.each([
    ["'12345'", '12345'],
    ["'1234567'", '1234567'],
    ["'abcdef'", 'abcdef'],
    ['123456 (a number)', 123456],
    ["'' (empty)", ''],
    ['missing', undefined],
  ])('otp_code %s is 400 invalid_request and is not counted as a wrong code', async (_label, bad) => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const { sessionId, code } = await openSession(mock, user)
    for (let i = 0; i < 6; i++) expectRefused(await api.verifyOtp(BY_EMAIL, bad, sessionId), 400, 'invalid_request')
    expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
  })

  it('a missing session_id or contact is 400 (invalid_request, invalid_contact)', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const { code } = await openSession(mock, user)
    expectRefused(await api.verifyOtp(BY_EMAIL, code, undefined), 400, 'invalid_request')
    expectRefused(await api.verifyOtp(BY_EMAIL, code, 42), 400, 'invalid_request')
    expectRefused(await api.verifyOtp({}, code, crypto.randomUUID()), 400, 'invalid_contact')
  })

  it('a second forgot-pin ends the first session: its code no longer works, the second one does', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const first = await openSession(mock, user)
    await mock.clock.advance(10_000)
    const second = await openSession(mock, user, BY_PHONE)
    expect(second.sessionId).not.toBe(first.sessionId)
    expect(mock.otp.list()).toHaveLength(2)
    expectRefused(await api.verifyOtp(BY_EMAIL, first.code, first.sessionId), 400, 'otp_session_invalid')
    expect((await api.verifyOtp(BY_PHONE, second.code, second.sessionId)).status).toBe(200)
  })

  it(
    "option otpDevCode '000000': verify-otp also accepts that fixed code " + '(for its own session and contact only)',
    async () => {
      const mock = pinMock({ otpDevCode: '000000' })
      const { user, api } = await userWithPin(mock)
      let opened = await openSession(mock, user)
      // The sent code must differ from the dev code.
      while (opened.code === '000000') opened = await openSession(mock, user)
      expectRefused(await api.verifyOtp(BY_PHONE, '000000', opened.sessionId), 400, 'otp_session_invalid')
      const verified = await api.verifyOtp(BY_EMAIL, '000000', opened.sessionId)
      expectOk(verified, PIN_MESSAGES.verifyOtp, {
        success: true,
        message: PIN_MESSAGES.verifyOtp,
        session_id: expect.any(String),
      })
      expectOk(await api.resetPin(verified.body.data.session_id, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
      await expectPinIs(api, NEW_PIN)
    },
  )

  it("without otpDevCode, '000000' is just a wrong code (422 otp_invalid, 4 left)", async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    let opened = await openSession(mock, user)
    while (opened.code === '000000') opened = await openSession(mock, user)
    expectRefused(
      await as(mock, user.accessToken).verifyOtp(BY_EMAIL, '000000', opened.sessionId),
      422,
      'otp_invalid',
      { attempts_remaining: 4 },
    )
  })

  it('otpDevCode does not revive an ended or expired session', async () => {
    const mock = pinMock({ otpDevCode: '000000' })
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const ended = await openSession(mock, user)
    for (let i = 0; i < 5; i++)
      expect((await api.verifyOtp(BY_EMAIL, otherCode(ended.code, '000000'), ended.sessionId)).status).toBe(422)
    expectRefused(await api.verifyOtp(BY_EMAIL, '000000', ended.sessionId), 400, 'otp_session_invalid')
    const expired = await openSession(mock, user)
    await mock.clock.advance(SESSION_MS)
    expectRefused(await api.verifyOtp(BY_EMAIL, '000000', expired.sessionId), 400, 'otp_session_invalid')
  })
})

describe('reset-pin refusals: 400 reset_session_invalid and nothing changes', () => {
  it(
    'an open (not yet verified) session is refused; the PIN is unchanged ' + 'and the session can still be verified',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const { sessionId, code } = await openSession(mock, user)
      expectRefused(await api.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      expectRefused(await as(mock, null).resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      await expectPinIs(api, PIN)
      expect((await api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
    },
  )

  it('a verified session expires 600 s after verify-otp: reset-pin is then refused and the PIN unchanged', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock)
    const sessionId = await verifiedSession(mock, user)
    await mock.clock.advance(SESSION_MS)
    expectRefused(await api.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
    await expectPinIs(api, PIN)
  })

  it('an unknown session_id is refused', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    expectRefused(await api.resetPin(crypto.randomUUID(), NEW_PIN), 400, 'reset_session_invalid')
    expectRefused(await as(mock, null).resetPin('x', NEW_PIN), 400, 'reset_session_invalid')
    expectRefused(await api.resetPin(undefined, NEW_PIN), 400, 'invalid_request')
    await expectPinIs(api, PIN)
  })

  it(
    "by default reset-pin decides on the verified session alone: ANOTHER user's bearer token changes nothing, " +
      "the session owner's PIN is reset",
    async () => {
      const mock = pinMock()
      const { user: owner, api: ownerApi } = await userWithPin(mock)
      const { api: otherApi } = await userWithPin(mock, { email: 'other@example.com', emailVerified: true })
      const sessionId = await verifiedSession(mock, owner)
      expectOk(await otherApi.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
      await expectPinIs(ownerApi, NEW_PIN)
      await expectPinIs(otherApi, PIN)
      // Single use, whoever sent it.
      expectRefused(await ownerApi.resetPin(sessionId, PIN), 400, 'reset_session_invalid')
    },
  )

  it('resetPinBearer takes one of its three values, and resetPinRequiresBearer must agree with it', () => {
    expect(() => pinMock({ resetPinBearer: 'strict' as never })).toThrow(
      /resetPinBearer must be 'ignored' or 'owner-if-sent' or 'required', got "strict"/,
    )
    expect(() => pinMock({ resetPinBearer: 'ignored', resetPinRequiresBearer: true })).toThrow(/disagree/)
    expect(() => pinMock({ resetPinRequiresBearer: 'yes' as never })).toThrow(/must be true or false/)
    expect(() => pinMock({ resetPinBearer: 'required', resetPinRequiresBearer: true })).not.toThrow()
  })

  it(
    "option resetPinBearer 'owner-if-sent': the bearer token of ANOTHER user is refused like an unknown " +
      "session; the owner's PIN is unchanged and the session stays the owner's; no token still works",
    async () => {
      const mock = pinMock({ resetPinBearer: 'owner-if-sent' })
      const { user: owner, api: ownerApi } = await userWithPin(mock)
      const { api: otherApi } = await userWithPin(mock, { email: 'other@example.com', emailVerified: true })
      const sessionId = await verifiedSession(mock, owner)
      expectRefused(await otherApi.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      await expectPinIs(ownerApi, PIN)
      await expectPinIs(otherApi, PIN)
      expectOk(await as(mock, null).resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
      await expectPinIs(ownerApi, NEW_PIN)
      await expectPinIs(otherApi, PIN)
    },
  )

  it(
    'SECURITY FINDING (the gateway documentation, default): reset-pin with ' +
      'no bearer token at all succeeds on the verified session id alone',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const sessionId = await verifiedSession(mock, user)
      // whoever holds the verified session id sets the PIN, without the user's token
      expectOk(await as(mock, null).resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
      await expectPinIs(api, NEW_PIN)
    },
  )

  it(
    "option resetPinBearer 'required': no token is 401 unauthenticated and " +
      "changes nothing; another user's token 400; the owner's token 200",
    async () => {
      const mock = pinMock({ resetPinBearer: 'required' })
      const { user, api } = await userWithPin(mock)
      const { api: otherApi } = await userWithPin(mock, { email: 'other@example.com', emailVerified: true })
      const sessionId = await verifiedSession(mock, user)
      expectRefused(await as(mock, null).resetPin(sessionId, NEW_PIN), 401, 'unauthenticated')
      expectRefused(await otherApi.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      await expectPinIs(api, PIN)
      expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, RESET_OK)
      await expectPinIs(api, NEW_PIN)
    },
  )

  it('two concurrent reset-pin with one verified session: exactly one succeeds (single use)', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock)
    const sessionId = await verifiedSession(mock, user)
    const replies = await Promise.all([api.resetPin(sessionId, NEW_PIN), api.resetPin(sessionId, WRONG_PIN)])
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400])
    expectRefused(replies.find((r) => r.status === 400)!, 400, 'reset_session_invalid')
    await expectPinIs(api, replies[0]!.status === 200 ? NEW_PIN : WRONG_PIN)
  })

  it('the code sent is not a session: sending it as session_id is refused', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock)
    await verifiedSession(mock, user)
    expectRefused(await api.resetPin(lastMessage(mock).code, NEW_PIN), 400, 'reset_session_invalid')
    await expectPinIs(api, PIN)
  })
})

describe('forgot-pin e-mail normalisation', () => {
  it('forgot-pin for the upper-cased e-mail of the user reaches the user', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    expect((await as(mock, user.accessToken).forgotPin({ email: EMAIL.toUpperCase() })).status).toBe(200)
    expect(lastMessage(mock)).toMatchObject({ userId: user.userId, to: EMAIL })
  })
})
