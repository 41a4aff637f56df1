/**
 * The page as a user first meets it: nothing missing in the browser's console, a PIN section that offers
 * only what fits the user's PIN, and the dev server's "Mock state" panel saying the PIN state in words.
 */
import type { Page } from '@playwright/test'
import { expect, openScenario, panel, setPin, test, verifyPin } from './fixtures.js'

/** The panel's line about the PIN user. */
const pinUser = (page: Page) => page.getByTestId('mock-user')

test('the page loads with nothing missing: no 4xx from the dev server (the icon included), no console error', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`)
  })
  await page.goto('/')
  await expect(page.locator('#app')).toHaveAttribute('aria-busy', 'false')
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
})

test('a user with a PIN is not offered to set one (pin-set.json, pin-blocked.json); one without is', async ({
  page,
}) => {
  for (const scenario of ['pin-set', 'pin-blocked']) {
    const app = await openScenario(page, scenario)
    await expect(panel(app, 'Check your PIN')).toBeVisible()
    await expect(panel(app, 'Set your PIN'), scenario).toHaveCount(0)
  }
  const app = await openScenario(page, 'pin-not-set')
  await expect(panel(app, 'Set your PIN').getByRole('button', { name: 'Set PIN' })).toBeVisible()
  // Once set, the form goes: the section keeps only its message.
  await setPin(app, '204816')
  await expect(panel(app, 'Set your PIN').getByRole('button', { name: 'Set PIN' })).toHaveCount(0)
  await expect(panel(app, 'Set your PIN').getByRole('status')).toHaveText('Your PIN is set.')
})

test('the mock panel says the PIN state in words: no PIN yet, the wrong attempts, blocked until when', async ({
  app,
}) => {
  await expect(pinUser(app)).toHaveText('dara@example.com: no PIN yet')
  await setPin(app, '204816')
  await expect(pinUser(app)).toHaveText('dara@example.com: PIN set, no wrong attempt')
  expect(await verifyPin(app, '999999')).toBe('Wrong PIN. 4 attempts left before it is blocked.')
  await expect(pinUser(app)).toHaveText('dara@example.com: PIN set, 1 wrong attempt in a row')
  expect(await verifyPin(app, '999998')).toBe('Wrong PIN. 3 attempts left before it is blocked.')
  await expect(pinUser(app)).toHaveText('dara@example.com: PIN set, 2 wrong attempts in a row')
})

test('the mock panel of pin-blocked.json: blocked until the time, and no longer once the clock passed it', async ({
  page,
}) => {
  const app = await openScenario(page, 'pin-blocked')
  await expect(pinUser(app)).toHaveText(
    'dara@example.com: PIN set, 5 wrong attempts in a row, blocked until 2026-11-02T09:01:50.000Z',
  )
  await app.evaluate(() => window.__mock!.clock.advance(60_000))
  await expect(pinUser(app)).toHaveText('dara@example.com: PIN set, 5 wrong attempts in a row')
})
