/**
 * The PIN module's state table (no PIN, PIN set, blocked; open and verified reset sessions), one test per row, the
 * wrong-attempt block on the mock clock, and the recovery sequence end to end by e-mail and by phone.
 */
import { PIN_MESSAGES, PIN_RULES } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { MONDAY } from './harness.js'
import {
  as,
  BLOCK_MS,
  BY_EMAIL,
  BY_PHONE,
  EMAIL,
  expectNoPin,
  expectOk,
  expectPinIs,
  expectRefused,
  lockOut,
  NEW_PIN,
  newUser,
  openSession,
  PHONE,
  PHONE_ADDRESS,
  PIN,
  pinMock,
  SESSION_MS,
  userWithPin,
  UUID,
  verifiedSession,
  WRONG_PIN,
} from './pin-helpers.js'

const AT_MONDAY_PLUS_1_MIN = '2026-11-02T09:01:00.000Z'

describe('PIN and reset session: the rows of the state table', () => {
  it(
    'user has no PIN --set-pin with 6 digits--> user has PIN: 200 "PIN set ' +
      'successfully", data null, and verify-pin accepts exactly that PIN',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      const api = as(mock, user.accessToken)
      await expectNoPin(api)
      expectOk(await api.setPin(PIN), PIN_MESSAGES.setPin)
      expectOk(await api.verifyPin(PIN), 'OTP verified successfully')
      expectRefused(await api.verifyPin(NEW_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    },
  )

  it(
    'user has PIN --change-pin, current matches and new differs--> the new ' +
      'value: the old PIN is wrong, the new one verifies',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      expectOk(await api.changePin(PIN, NEW_PIN), PIN_MESSAGES.changePin)
      expectRefused(await api.verifyPin(PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
      await expectPinIs(api, NEW_PIN)
    },
  )

  it(
    'user has PIN --verify-pin wrong, fewer than 5 in a row--> unchanged: ' +
      '422 wrong_pin with attempts_remaining 4, 3, 2, 1, and the PIN still ' +
      'verifies',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      for (const left of [4, 3, 2, 1])
        expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: left })
      await expectPinIs(api, PIN)
    },
  )

  it(
    'the 5th wrong PIN in a row blocks the user for 1 minute: 429 ' +
      'pin_locked, locked_until = clock + 60 s, retry_after_seconds 60',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      const blocked = await lockOut(api)
      expectRefused(blocked, 429, 'pin_locked', { locked_until: AT_MONDAY_PLUS_1_MIN, retry_after_seconds: 60 })
      expect(Date.parse(blocked.body.data.locked_until) - Date.parse(MONDAY)).toBe(PIN_RULES.blockSeconds * 1000)
    },
  )

  it(
    'every 5th wrong PIN after the first block blocks again: after the ' +
      'block the 6th..9th are 422 (4..1 left), the 10th is 429',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      await lockOut(api)
      await mock.clock.advance(BLOCK_MS)
      for (const left of [4, 3, 2, 1])
        expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: left })
      expectRefused(await api.verifyPin(WRONG_PIN), 429, 'pin_locked', {
        locked_until: '2026-11-02T09:02:00.000Z',
        retry_after_seconds: 60,
      })
      expectRefused(await api.verifyPin(PIN), 429, 'pin_locked', {
        locked_until: '2026-11-02T09:02:00.000Z',
        retry_after_seconds: 60,
      })
    },
  )

  it(
    'user has PIN --verify-pin correct--> the counter is cleared: 4 wrong, ' +
      '1 right, 4 wrong do not block; the 5th wrong after the right one does',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      for (let i = 0; i < 4; i++) expect((await api.verifyPin(WRONG_PIN)).status).toBe(422)
      await expectPinIs(api, PIN)
      for (const left of [4, 3, 2, 1])
        expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: left })
      expectRefused(await api.verifyPin(WRONG_PIN), 429, 'pin_locked', {
        locked_until: AT_MONDAY_PLUS_1_MIN,
        retry_after_seconds: 60,
      })
    },
  )

  it('a right current_pin on a successful change-pin clears the counter like a right verify-pin', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    for (let i = 0; i < 4; i++) expect((await api.verifyPin(WRONG_PIN)).status).toBe(422)
    expectOk(await api.changePin(PIN, NEW_PIN), PIN_MESSAGES.changePin)
    expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
  })

  it(
    'no session --forgot-pin for a verified contact of the signed-in ' +
      'user--> open session: session_id (UUID), expires_at 600, one code sent ' +
      'to that contact',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      const reply = await as(mock, user.accessToken).forgotPin(BY_EMAIL)
      expectOk(reply, PIN_MESSAGES.forgotPin, { session_id: expect.stringMatching(UUID), expires_at: 600 })
      expect(mock.otp.list()).toEqual([
        {
          userId: user.userId,
          channel: 'email',
          to: EMAIL,
          code: expect.stringMatching(/^\d{6}$/),
          sessionId: reply.body.data.session_id,
          sentAt: MONDAY,
        },
      ])
    },
  )

  it(
    'open session --verify-otp with the matching code and session--> ' +
      'verified session under a NEW session_id; the old id works no more',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const { sessionId, code } = await openSession(mock, user)
      const reply = await api.verifyOtp(BY_EMAIL, code, sessionId)
      expectOk(reply, PIN_MESSAGES.verifyOtp, {
        success: true,
        message: PIN_MESSAGES.verifyOtp,
        session_id: expect.stringMatching(UUID),
      })
      const verifiedId: string = reply.body.data.session_id
      expect(verifiedId).not.toBe(sessionId)
      expectRefused(await api.verifyOtp(BY_EMAIL, code, sessionId), 400, 'otp_session_invalid')
      expectRefused(await api.resetPin(sessionId, NEW_PIN), 400, 'reset_session_invalid')
      await expectPinIs(api, PIN)
      // the verified id itself cannot be verified again, but resets the PIN
      expectRefused(await api.verifyOtp(BY_EMAIL, code, verifiedId), 400, 'otp_session_invalid')
      expectOk(await api.resetPin(verifiedId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
    },
  )

  it(
    'verified session --reset-pin--> the new PIN is stored: 200 {success: ' +
      'true, message}, the old PIN is wrong, the new one verifies',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const sessionId = await verifiedSession(mock, user)
      expectOk(await as(mock, null).resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      expectRefused(await api.verifyPin(PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
      await expectPinIs(api, NEW_PIN)
    },
  )

  it(
    'reset-pin deletes the session: the same session_id again is 400 ' +
      "reset_session_invalid and the PIN stays the first reset's",
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const sessionId = await verifiedSession(mock, user)
      expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      expectRefused(await api.resetPin(sessionId, WRONG_PIN), 400, 'reset_session_invalid')
      expectRefused(await api.verifyOtp(BY_EMAIL, '000000', sessionId), 400, 'otp_session_invalid')
      await expectPinIs(api, NEW_PIN)
    },
  )

  it(
    "reset-pin clears the lockout: a blocked user's new PIN verifies at " +
      'once, without waiting for the block to end',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      await lockOut(api)
      expectRefused(await api.verifyPin(PIN), 429, 'pin_locked', {
        locked_until: AT_MONDAY_PLUS_1_MIN,
        retry_after_seconds: 60,
      })
      const sessionId = await verifiedSession(mock, user)
      expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      await expectPinIs(api, NEW_PIN)
    },
  )

  it(
    'reset-pin clears the wrong-attempt counter: 3 wrong before the reset, ' + 'then the first wrong after it leaves 4',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      for (let i = 0; i < 3; i++) expect((await api.verifyPin(WRONG_PIN)).status).toBe(422)
      const sessionId = await verifiedSession(mock, user)
      expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    },
  )

  it('a user who never set a PIN can set one through the recovery sequence, and set-pin is then refused', async () => {
    const mock = pinMock()
    const user = await newUser(mock)
    const api = as(mock, user.accessToken)
    const sessionId = await verifiedSession(mock, user)
    expectOk(await api.resetPin(sessionId, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    await expectPinIs(api, NEW_PIN)
    expectRefused(await api.setPin(PIN), 409, 'pin_already_set')
  })
})

describe('the 1-minute block on the mock clock', () => {
  it(
    'during the block even the right PIN gets 429 on verify-pin and ' +
      'change-pin, and retry_after_seconds counts down',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      await lockOut(api)
      expectRefused(await api.verifyPin(PIN), 429, 'pin_locked', {
        locked_until: AT_MONDAY_PLUS_1_MIN,
        retry_after_seconds: 60,
      })
      await mock.clock.advance(30_000)
      expectRefused(await api.changePin(PIN, NEW_PIN), 429, 'pin_locked', {
        locked_until: AT_MONDAY_PLUS_1_MIN,
        retry_after_seconds: 30,
      })
      await mock.clock.advance(29_999)
      expectRefused(await api.verifyPin(PIN), 429, 'pin_locked', {
        locked_until: AT_MONDAY_PLUS_1_MIN,
        retry_after_seconds: 1,
      })
    },
  )

  it('the block ends exactly 60 s after it began: the right PIN then verifies, and change-pin works', async () => {
    const mock = pinMock()
    const { api } = await userWithPin(mock)
    await lockOut(api)
    await mock.clock.advance(BLOCK_MS - 1)
    expect((await api.verifyPin(PIN)).status).toBe(429)
    await mock.clock.advance(1)
    await expectPinIs(api, PIN)
    expectOk(await api.changePin(PIN, NEW_PIN), PIN_MESSAGES.changePin)
    await expectPinIs(api, NEW_PIN)
  })

  it(
    'attempts during the block do not count: after 3 wrong PINs in the ' +
      'block, the first wrong after it leaves 4 (6th in a row)',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      await lockOut(api)
      for (let i = 0; i < 3; i++)
        expectRefused(await api.verifyPin(WRONG_PIN), 429, 'pin_locked', {
          locked_until: AT_MONDAY_PLUS_1_MIN,
          retry_after_seconds: 60,
        })
      expectRefused(await api.changePin(WRONG_PIN, NEW_PIN), 429, 'pin_locked', {
        locked_until: AT_MONDAY_PLUS_1_MIN,
        retry_after_seconds: 60,
      })
      await mock.clock.advance(BLOCK_MS)
      expectRefused(await api.verifyPin(WRONG_PIN), 422, 'wrong_pin', { attempts_remaining: 4 })
    },
  )

  it(
    'a burst of 10 concurrent wrong PINs cannot slip past the block: four ' + '422 (4, 3, 2, 1 left) and six 429',
    async () => {
      const mock = pinMock()
      const { api } = await userWithPin(mock)
      const replies = await Promise.all(Array.from({ length: 10 }, () => api.verifyPin(WRONG_PIN)))
      expect(replies.map((r) => r.status).sort()).toEqual([422, 422, 422, 422, 429, 429, 429, 429, 429, 429])
      expect(
        replies
          .filter((r) => r.status === 422)
          .map((r) => r.body.data.attempts_remaining)
          .sort(),
      ).toEqual([1, 2, 3, 4])
      expect((await api.verifyPin(PIN)).status).toBe(429)
    },
  )
})

describe('recovery sequence end to end: forgot-pin, verify-otp, reset-pin', () => {
  it('by e-mail: the code goes to the e-mail, and the new PIN replaces the forgotten one', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock)
    const forgot = await api.forgotPin({ email: EMAIL })
    expectOk(forgot, PIN_MESSAGES.forgotPin, { session_id: expect.stringMatching(UUID), expires_at: 600 })
    const [sent] = mock.otp.list()
    expect(sent).toEqual({
      userId: user.userId,
      channel: 'email',
      to: EMAIL,
      code: expect.stringMatching(/^\d{6}$/),
      sessionId: forgot.body.data.session_id,
      sentAt: MONDAY,
    })
    await mock.clock.advance(120_000)
    const verified = await api.verifyOtp({ email: EMAIL }, sent!.code, forgot.body.data.session_id)
    expectOk(verified, PIN_MESSAGES.verifyOtp, {
      success: true,
      message: PIN_MESSAGES.verifyOtp,
      session_id: expect.stringMatching(UUID),
    })
    await mock.clock.advance(120_000)
    expectOk(await api.resetPin(verified.body.data.session_id, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    expect((await api.verifyPin(PIN)).status).toBe(422)
    await expectPinIs(api, NEW_PIN)
  })

  it('by phone (phone_code, country_code ISO alpha-2, phone_number): the code goes to the phone', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock, { phone: { ...PHONE }, phoneVerified: true })
    const forgot = await api.forgotPin(BY_PHONE)
    expectOk(forgot, PIN_MESSAGES.forgotPin, { session_id: expect.stringMatching(UUID), expires_at: 600 })
    const [sent] = mock.otp.list()
    expect(sent).toEqual({
      userId: user.userId,
      channel: 'phone',
      to: PHONE_ADDRESS,
      code: expect.stringMatching(/^\d{6}$/),
      sessionId: forgot.body.data.session_id,
      sentAt: MONDAY,
    })
    const verified = await api.verifyOtp(BY_PHONE, sent!.code, forgot.body.data.session_id)
    expectOk(verified, PIN_MESSAGES.verifyOtp, {
      success: true,
      message: PIN_MESSAGES.verifyOtp,
      session_id: expect.stringMatching(UUID),
    })
    expectOk(await api.resetPin(verified.body.data.session_id, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    await expectPinIs(api, NEW_PIN)
  })

  it('e-mail matches case-insensitively: stored mixed-case, asked lower-case, verified upper-case', async () => {
    const mock = pinMock()
    const { user, api } = await userWithPin(mock, { email: 'Dara.Sok@Example.COM', emailVerified: true })
    const forgot = await api.forgotPin({ email: 'dara.sok@example.com' })
    expect(forgot.status).toBe(200)
    const sent = mock.otp.list()[0]!
    expect(sent).toMatchObject({ userId: user.userId, channel: 'email', to: 'dara.sok@example.com' })
    const verified = await api.verifyOtp({ email: 'DARA.SOK@EXAMPLE.COM' }, sent.code, forgot.body.data.session_id)
    expect(verified.status).toBe(200)
    expectOk(await api.resetPin(verified.body.data.session_id, NEW_PIN), PIN_MESSAGES.resetPin, {
      success: true,
      message: PIN_MESSAGES.resetPin,
    })
    await expectPinIs(api, NEW_PIN)
  })

  it(
    'a user with both contacts may recover through either; the session is ' + 'bound to the contact it was opened for',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const byPhone = await openSession(mock, user, BY_PHONE)
      expectRefused(await api.verifyOtp(BY_EMAIL, byPhone.code, byPhone.sessionId), 400, 'otp_session_invalid')
      const verified = await api.verifyOtp(BY_PHONE, byPhone.code, byPhone.sessionId)
      expectOk(await api.resetPin(verified.body.data.session_id, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      await expectPinIs(api, NEW_PIN)
    },
  )

  it(
    'the OTP session lasts 10 minutes on the mock clock, and the verified ' +
      'session has its own 10 minutes from verification',
    async () => {
      const mock = pinMock()
      const { user, api } = await userWithPin(mock)
      const { sessionId, code } = await openSession(mock, user)
      await mock.clock.advance(SESSION_MS - 1)
      const verified = await api.verifyOtp(BY_EMAIL, code, sessionId)
      expect(verified.status).toBe(200)
      await mock.clock.advance(SESSION_MS - 1)
      expectOk(await api.resetPin(verified.body.data.session_id, NEW_PIN), PIN_MESSAGES.resetPin, {
        success: true,
        message: PIN_MESSAGES.resetPin,
      })
      await expectPinIs(api, NEW_PIN)
    },
  )
})
