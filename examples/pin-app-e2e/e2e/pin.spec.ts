/**
 * The PIN section as the user sees it, with the mock as the rest of the world: its mailbox holds the
 * codes "sent" by e-mail, and its clock is moved past a block or a code's 10 minutes.
 */
import { expect, openScenario, panel, setPin, test, verifyPin } from './fixtures.js'

test('a PIN that was set is accepted, a wrong one is refused with the attempts left', async ({ app }) => {
  await setPin(app, '204816')

  expect(await verifyPin(app, '204816')).toBe('PIN correct.')
  expect(await verifyPin(app, '999999')).toBe('Wrong PIN. 4 attempts left before it is blocked.')
  // The gateway's side: the mock holds the PIN and counts the wrong attempt.
  const user = await app.evaluate(async () => (await window.__mock!.users.list())[0])
  expect(user).toMatchObject({ hasPin: true, wrongAttempts: 1 })
})

test('five wrong PINs (pin-blocked.json) block it until the time shown; once the clock passed it, it works', async ({
  page,
}) => {
  // The scenario: PIN 204816 set, five wrong PINs ten seconds apart, the clock frozen at 09:00:50 (UTC).
  const app = await openScenario(page, 'pin-blocked')
  const user = await app.evaluate(async () => (await window.__mock!.users.list())[0])
  expect(user).toMatchObject({ hasPin: true, wrongAttempts: 5, blockedUntil: '2026-11-02T09:01:50.000Z' })

  // Even the right PIN is refused while blocked: the gateway decides, not the page. The time shown is the
  // gateway's, in the page's format (the tests' browser runs in UTC).
  expect(await verifyPin(app, '204816')).toBe('Too many wrong PINs. Your PIN is blocked until 09:01:50.')
  const check = panel(app, 'Check your PIN')
  await expect(check.getByText(/^Try again in (1:00|0:[0-5]\d)\.$/)).toBeVisible()

  // A minute later on the gateway's clock the block is over.
  await app.evaluate(() => window.__mock!.clock.advance(60_000))
  expect(await verifyPin(app, '204816')).toBe('PIN correct.')
  await expect(check.getByText(/Try again in/)).toHaveCount(0)
})

test('a forgotten PIN is reset with the code from the e-mail, and the new PIN works', async ({ app }) => {
  await setPin(app, '204816')
  const forgot = panel(app, 'Forgot your PIN?')
  await forgot.getByRole('button', { name: 'Email me a code' }).click()
  await expect(forgot.getByRole('status')).toHaveText('We sent a code to dara@example.com. It is valid for 10 minutes.')

  // The user reads the e-mail: the mock's outbox.
  const mail = await app.evaluate(() => window.__mock!.otp.list().at(-1)!)
  expect(mail).toMatchObject({ channel: 'email', to: 'dara@example.com' })
  await forgot.getByLabel('Code from the e-mail').fill(mail.code)
  await forgot.getByRole('button', { name: 'Check code' }).click()
  await expect(forgot.getByRole('status')).toHaveText('Code accepted. Choose your new PIN.')

  await forgot.getByLabel('New PIN', { exact: true }).fill('730911')
  await forgot.getByLabel('New PIN again').fill('730911')
  await forgot.getByRole('button', { name: 'Save new PIN' }).click()
  await expect(forgot.getByRole('status')).toHaveText('Your new PIN is set. Use it from now on.')

  expect(await verifyPin(app, '730911')).toBe('PIN correct.')
  expect(await verifyPin(app, '204816')).toBe('Wrong PIN. 4 attempts left before it is blocked.')
})

test('a code entered after its 10 minutes is refused, and the user is asked to get a new one', async ({ app }) => {
  await setPin(app, '204816')
  const forgot = panel(app, 'Forgot your PIN?')
  await forgot.getByRole('button', { name: 'Email me a code' }).click()
  await expect(forgot.getByLabel('Code from the e-mail')).toBeVisible()
  const code = await app.evaluate(() => window.__mock!.otp.list().at(-1)!.code)

  // The user comes back to the e-mail 10 minutes and a second later.
  await app.evaluate(() => window.__mock!.clock.advance(10 * 60_000 + 1000))
  await forgot.getByLabel('Code from the e-mail').fill(code)
  await forgot.getByRole('button', { name: 'Check code' }).click()

  await expect(forgot.getByRole('status')).toHaveText(
    'This code has expired (codes are valid for 10 minutes). Ask for a new code.',
  )
  await expect(forgot.getByRole('button', { name: 'Email me a code' })).toBeVisible()
  // The old PIN is still the PIN.
  expect(await verifyPin(app, '204816')).toBe('PIN correct.')
})
