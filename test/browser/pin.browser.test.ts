/**
 * The PIN module in headless Chromium: `PinClient` on the page's global `fetch`, the mock behind MSW's
 * service worker, PINs and one-time codes hashed with Web Crypto (PBKDF2) in the page. A signed-in user
 * comes from the control API; the "sent" codes are read from the mock's outbox (`mock.otp.list()`).
 */
import { PIN_PATHS } from '@merchant-gateway/contract'
import { createMockGateway } from '@merchant-gateway/mock'
import { InvalidOtpError, PinClient, WrongPinError, isWrongPinError } from '@merchant-gateway/sdk/pin'
import { describe, expect, it } from 'vitest'
import { NOW, failure, timingsOf, useMockWorker } from './worker.js'

const EMAIL = 'dara.sok@example.com'
const FIRST_PIN = '482915'
const CHANGED_PIN = '730264'
const RESET_PIN = '905137'
const WRONG_PIN = '111111'

// 1 000 PBKDF2 iterations instead of the default: the rules are the same, the hashing is fast.
const mock = createMockGateway({ clock: { now: NOW, frozen: true }, pinHashIterations: 1000 })
const mockWorker = useMockWorker(mock)

/** A signed-in user with a verified e-mail, and a PIN client holding their access token. */
async function signedIn(): Promise<{ userId: number; client: PinClient }> {
  const { userId, accessToken } = await mock.users.create({ email: EMAIL, emailVerified: true })
  return { userId, client: new PinClient({ baseUrl: mock.baseUrl, accessToken }) }
}

/** Asserts that `pin` is refused as the wrong PIN, with 4 attempts left before a block. */
async function expectWrongPin(client: PinClient, pin: string): Promise<void> {
  const error = await failure(() => client.pin.verify({ pin }))
  expect(error).toBeInstanceOf(WrongPinError)
  expect(isWrongPinError(error)).toBe(true)
  expect(error).toMatchObject({ status: 422, code: 'wrong_pin', attemptsRemaining: 4 })
}

describe('PIN flow through the worker', () => {
  it(
    'set, verify (right PIN passes, wrong PIN is a WrongPinError), change: ' + 'only the current PIN verifies',
    async () => {
      const { client } = await signedIn()

      expect(await client.pin.set({ pin: FIRST_PIN })).toEqual({ message: 'PIN set successfully' })
      const verified = await client.pin.verify({ pin: FIRST_PIN })
      expect(verified).toEqual({ message: 'OTP verified successfully' })
      expect(verified.meta).toMatchObject({ status: 200, attempts: 1, traceId: expect.stringMatching(/^trc_/) })
      await expectWrongPin(client, WRONG_PIN)

      // change-pin checks the current PIN like verify-pin; the right one clears the wrong-attempt count.
      expect(await client.pin.change({ currentPin: FIRST_PIN, newPin: CHANGED_PIN })).toEqual({
        message: 'PIN changed successfully',
      })
      expect(await client.pin.verify({ pin: CHANGED_PIN })).toEqual({ message: 'OTP verified successfully' })
      await expectWrongPin(client, FIRST_PIN)

      const verifyUrl = `${mock.baseUrl}${PIN_PATHS.verifyPin}`
      expect(mockWorker.requests.filter((r) => r === `POST ${verifyUrl}`)).toHaveLength(4)
      expect(timingsOf(verifyUrl).at(-1)?.workerStart).toBeGreaterThan(0)
    },
  )

  it(
    'reset by one-time code: forgot-pin sends a code, a wrong code is an ' +
      'InvalidOtpError, the right one opens a verified session, reset-pin ' +
      'sets the new PIN',
    async () => {
      const { userId, client } = await signedIn()
      await client.pin.set({ pin: FIRST_PIN })
      await client.pin.change({ currentPin: FIRST_PIN, newPin: CHANGED_PIN })

      const requested = await client.pinReset.request({ email: EMAIL })
      expect(requested).toEqual({ message: 'OTP sent successfully', sessionId: expect.any(String), expiresIn: 600 })
      const sent = mock.otp.list().at(-1)
      expect(sent).toMatchObject({
        userId,
        channel: 'email',
        to: EMAIL,
        sessionId: requested.sessionId,
        code: expect.stringMatching(/^\d{6}$/),
        sentAt: NOW,
      })

      const wrongCode = sent!.code === '000000' ? '000001' : '000000'
      const refused = await failure(() =>
        client.pinReset.verifyCode({ sessionId: requested.sessionId, code: wrongCode, email: EMAIL }),
      )
      expect(refused).toBeInstanceOf(InvalidOtpError)
      expect(refused).toMatchObject({ status: 422, code: 'otp_invalid', attemptsRemaining: 4 })

      const session = await client.pinReset.verifyCode({
        sessionId: requested.sessionId,
        code: sent!.code,
        email: EMAIL,
      })
      expect(session).toEqual({ message: 'OTP verified successfully', sessionId: expect.any(String) })
      expect(session.sessionId).not.toBe(requested.sessionId)

      expect(await client.pinReset.complete({ sessionId: session.sessionId, newPin: RESET_PIN })).toEqual({
        message: 'PIN reset successfully',
      })
      expect(await client.pin.verify({ pin: RESET_PIN })).toEqual({ message: 'OTP verified successfully' })
      await expectWrongPin(client, CHANGED_PIN)

      expect(mockWorker.requests).toEqual(
        [
          PIN_PATHS.setPin,
          PIN_PATHS.changePin,
          PIN_PATHS.forgotPin,
          PIN_PATHS.verifyOtp,
          PIN_PATHS.verifyOtp,
          PIN_PATHS.resetPin,
          PIN_PATHS.verifyPin,
          PIN_PATHS.verifyPin,
        ].map((path) => `POST ${mock.baseUrl}${path}`),
      )
    },
  )
})
