/**
 * Two users of the PIN module never affect each other: a bearer token acts only on its own user, and
 * wrong attempts, blocks, codes and reset sessions belong to one user.
 */
import { PIN_MESSAGES, PIN_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import type { MockGatewayOptions } from '../src/index.js'
import {
  as,
  BY_EMAIL,
  expectNoPin,
  expectOk,
  expectPinIs,
  expectRefused,
  lockOut,
  NEW_PIN,
  newUser,
  openSession,
  otherCode,
  PIN,
  pinCall,
  pinMock,
  userWithPin,
  verifiedSession,
  WRONG_PIN,
} from './pin-helpers.js'

const B_EMAIL = 'bopha@example.com'
const B_CONTACT = { email: B_EMAIL }

async function twoUsers(options: MockGatewayOptions = {}) {
  const mock = pinMock(options)
  const a = await userWithPin(mock)
  const b = await userWithPin(mock, { email: B_EMAIL, emailVerified: true })
  return { mock, a, b }
}

describe('isolation between users', () => {
  it(
    "A's wrong attempts do not count for B: after A's 4 wrong, B's first " +
      "wrong leaves 4, and A's 5th blocks A only",
    async () => {
      const { a, b } = await twoUsers()
      for (let i = 0; i < 4; i++) expect((await a.api.verifyPin(WRONG_PIN)).status).toBe(422)
      expectRefused(await b.api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
      expect((await a.api.verifyPin(WRONG_PIN)).status).toBe(429)
      expectRefused(await b.api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 3 })
    },
  )

  it("A's block does not block B: B verifies and changes its PIN while A is blocked", async () => {
    const { a, b } = await twoUsers()
    await lockOut(a.api)
    await expectPinIs(b.api, PIN)
    expectOk(await b.api.changePin(PIN, NEW_PIN), PIN_MESSAGES.changePin)
    expect((await a.api.verifyPin(PIN)).status).toBe(429)
  })

  it("A's reset clears A's block only: B stays blocked", async () => {
    const { mock, a, b } = await twoUsers()
    await lockOut(a.api)
    await lockOut(b.api)
    const sessionId = await verifiedSession(mock, a.user)
    expectOk(await a.api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    await expectPinIs(a.api, NEW_PIN)
    expect((await b.api.verifyPin(PIN)).status).toBe(429)
  })

  it(
    "a token acts only on its own user: A's set-pin and change-pin naming B " +
      "in the body set and change A's PIN, never B's",
    async () => {
      const mock = pinMock()
      const a = await newUser(mock)
      const b = await newUser(mock, { email: B_EMAIL, emailVerified: true })
      const aApi = as(mock, a.accessToken)
      const bApi = as(mock, b.accessToken)
      const namingB = { user_id: b.userId, userId: b.userId, access_token: b.accessToken, email: B_EMAIL }
      expectOk(
        await pinCall(mock, PIN_PATHS.setPin, { token: a.accessToken, body: { pin: PIN, ...namingB } }),
        PIN_MESSAGES.setPin,
      )
      await expectNoPin(bApi)
      await expectPinIs(aApi, PIN)
      expectOk(await bApi.setPin(PIN), PIN_MESSAGES.setPin)
      expectOk(
        await pinCall(mock, PIN_PATHS.changePin, {
          token: a.accessToken,
          body: { current_pin: PIN, new_pin: NEW_PIN, ...namingB },
        }),
        PIN_MESSAGES.changePin,
      )
      await expectPinIs(aApi, NEW_PIN)
      await expectPinIs(bApi, PIN)
    },
  )

  it("A's token cannot verify or change B's PIN: B's PIN is A's wrong PIN, and counts only against A", async () => {
    const mock = pinMock()
    const a = await userWithPin(mock)
    const b = await newUser(mock, { email: B_EMAIL, emailVerified: true })
    const bApi = as(mock, b.accessToken)
    expectOk(await bApi.setPin(NEW_PIN), PIN_MESSAGES.setPin)
    expectRefused(await a.api.verifyPin(NEW_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    expectRefused(await a.api.changePin(NEW_PIN, WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 3 })
    await expectPinIs(bApi, NEW_PIN)
    expectRefused(await bApi.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
  })

  it(
    "A's open session cannot be verified with B's token, and B's wrong " + "codes on it do not use up A's attempts",
    async () => {
      const { mock, a, b } = await twoUsers()
      const { sessionId, code } = await openSession(mock, a.user)
      for (let i = 0; i < 6; i++)
        expectRefused(await b.api.verifyOtp(BY_EMAIL, otherCode(code), sessionId), 400, 'otp_session_invalid')
      expectRefused(await b.api.verifyOtp(BY_EMAIL, code, sessionId), 400, 'otp_session_invalid')
      expectRefused(await a.api.verifyOtp(BY_EMAIL, otherCode(code), sessionId), 422, 'otp_invalid', {
        attempts_remaining: 4,
      })
      expect((await a.api.verifyOtp(BY_EMAIL, code, sessionId)).status).toBe(200)
    },
  )

  it("by default B's reset-pin with A's verified session resets A's PIN, never B's (the session decides)", async () => {
    const { mock, a, b } = await twoUsers()
    const sessionId = await verifiedSession(mock, a.user)
    expectOk(await b.api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    await expectPinIs(a.api, NEW_PIN)
    await expectPinIs(b.api, PIN)
  })

  it(
    "with resetPinBearer 'owner-if-sent', A's verified reset session cannot be used by B: B's reset-pin is 400, " +
      'both PINs unchanged, and A can still use it',
    async () => {
      const { mock, a, b } = await twoUsers({ resetPinBearer: 'owner-if-sent' })
      const sessionId = await verifiedSession(mock, a.user)
      expectRefused(await b.api.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      await expectPinIs(a.api, PIN)
      await expectPinIs(b.api, PIN)
      expectOk(await a.api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      await expectPinIs(a.api, NEW_PIN)
      await expectPinIs(b.api, PIN)
    },
  )

  it("a reset-pin with no token sets the PIN of the session's owner, never of anyone else", async () => {
    const { mock, a, b } = await twoUsers()
    const sessionId = await verifiedSession(mock, b.user, B_CONTACT)
    expectOk(await as(mock, null).resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    await expectPinIs(b.api, NEW_PIN)
    await expectPinIs(a.api, PIN)
  })

  it("A's forgot-pin does not end B's open session", async () => {
    const { mock, a, b } = await twoUsers()
    const bSession = await openSession(mock, b.user, B_CONTACT)
    await openSession(mock, a.user)
    expect((await b.api.verifyOtp(B_CONTACT, bSession.code, bSession.sessionId)).status).toBe(200)
  })

  it(
    "B cannot ask for a code to A's e-mail, even when both are verified " + '(404 contact_not_found, nothing sent)',
    async () => {
      const { mock, b } = await twoUsers()
      expectRefused(await b.api.forgotPin(BY_EMAIL), 404, 'contact_not_found')
      expect(mock.otp.list()).toEqual([])
    },
  )

  it("two mocks share nothing: one mock's token is unknown to another (401 invalid_token)", async () => {
    const one = pinMock()
    const two = pinMock()
    const user = await newUser(one)
    expectRefused(await as(two, user.accessToken).setPin(PIN), 401, 'invalid_token')
    expectOk(await as(one, user.accessToken).setPin(PIN), PIN_MESSAGES.setPin)
  })
})
