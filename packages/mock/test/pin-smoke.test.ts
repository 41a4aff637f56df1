import { PIN_PATHS } from '@merchant-gateway/contract'
import { expect, it } from 'vitest'
import { newMock } from './harness.js'

it('smoke: set, verify, forgot, verify-otp, reset', async () => {
  const mock = newMock({ pinHashIterations: 1000 })
  const u = await mock.users.create({ email: 'a@b.co', emailVerified: true })
  const post = async (path: string, body: unknown, token: string | null = u.accessToken) => {
    const res = await mock.fetch(`${mock.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
    return { status: res.status, body: await res.json() }
  }
  expect(await post(PIN_PATHS.setPin, { pin: '123456' })).toEqual({ status: 200, body: { status_code: 200, message: 'PIN set successfully', data: null } })
  expect((await post(PIN_PATHS.verifyPin, { pin: '123456' })).body.message).toBe('OTP verified successfully')
  expect((await post(PIN_PATHS.verifyPin, { pin: '000000' })).body).toEqual({ status_code: 422, message: expect.any(String), code: 'wrong_pin', data: { attempts_remaining: 4 } })
  const forgot = await post(PIN_PATHS.forgotPin, { email: 'a@b.co' })
  expect(forgot.body.data.expires_at).toBe(600)
  const { code } = mock.otp.list().at(-1)!
  const verified = await post(PIN_PATHS.verifyOtp, { email: 'a@b.co', otp_code: code, session_id: forgot.body.data.session_id })
  expect(verified.status).toBe(200)
  const reset = await post(PIN_PATHS.resetPin, { session_id: verified.body.data.session_id, new_pin: '654321' }, null)
  expect(reset.body).toEqual({ status_code: 200, message: 'PIN reset successfully', data: { success: true, message: 'PIN reset successfully' } })
  expect((await post(PIN_PATHS.verifyPin, { pin: '654321' })).status).toBe(200)
})
