/**
 * Two tests that would break each other on one shared mock, run at the same time on one server: one moves
 * its clock past a PIN block, the other verifies a PIN on a clock that must not move. Each has its session;
 * the run repeats them (`--repeat-each 2`) on 4 workers, so copies of both run side by side.
 */
import { control, EMAIL, expect, setPin, test, verifyPin } from './fixtures.js'

const BLOCKED = 'Too many wrong PINs. Your PIN is blocked until 09:01:00.'

test('moving its session clock past a PIN block makes the right PIN work again', async ({ app, session, request }) => {
  await setPin(app, '204816')
  for (const left of ['4 attempts', '3 attempts', '2 attempts', '1 attempt'])
    expect(await verifyPin(app, '999999')).toBe(`Wrong PIN. ${left} left before it is blocked.`)
  expect(await verifyPin(app, '999999')).toBe(BLOCKED)
  expect(await verifyPin(app, '204816')).toBe(BLOCKED)
  // The minute of the block, on this session's clock only.
  await control(request, session, 'POST', '/__mock/clock', { advanceMs: 61_000 })
  expect(await verifyPin(app, '204816')).toBe('PIN correct.')
  expect(await control(request, session, 'GET', '/__mock/clock')).toMatchObject({ now: '2026-11-02T09:01:01.000Z' })
})

test('a PIN verified beside it runs on its own frozen clock: blocked at 09:00, still blocked', async ({
  app,
  session,
  request,
}) => {
  await setPin(app, '204816')
  expect(await verifyPin(app, '204816')).toBe('PIN correct.')
  for (let i = 0; i < 4; i++) await verifyPin(app, '999999')
  expect(await verifyPin(app, '999999')).toBe(BLOCKED)
  // Another test moved its clock meanwhile: not this one's, so the block holds and its time is 09:00.
  expect(await verifyPin(app, '204816')).toBe(BLOCKED)
  expect(await control(request, session, 'GET', '/__mock/clock')).toMatchObject({ now: '2026-11-02T09:00:00.000Z' })
  const [user] = await control<Array<{ email: string; wrongAttempts: number }>>(
    request,
    session,
    'GET',
    '/__mock/users',
  )
  expect(await control<unknown[]>(request, session, 'GET', '/__mock/users')).toHaveLength(1)
  expect(user).toMatchObject({ email: EMAIL, wrongAttempts: 5 })
})
