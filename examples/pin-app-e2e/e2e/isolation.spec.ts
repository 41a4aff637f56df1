/**
 * What keeps the tests apart, and the page off the internet: each test's page has a mock of its own,
 * and no request leaves 127.0.0.1.
 */
import { expect, setPin, test } from './fixtures.js'

test('two pages have two mocks: what one does, the other does not see', async ({ browser }) => {
  const first = await browser.newContext()
  const second = await browser.newContext()
  try {
    const [a, b] = await Promise.all([first.newPage(), second.newPage()])
    for (const page of [a, b]) {
      await page.goto('/')
      await expect(page.locator('#app')).toHaveAttribute('aria-busy', 'false')
    }
    await setPin(a, '204816')
    const hasPin = (page: typeof a) => page.evaluate(async () => (await window.__mock!.users.list())[0]!.hasPin)
    expect(await hasPin(a)).toBe(true)
    expect(await hasPin(b)).toBe(false)

    // A reload starts a fresh mock: the state lives in the page.
    await a.reload()
    await expect(a.locator('#app')).toHaveAttribute('aria-busy', 'false')
    expect(await hasPin(a)).toBe(false)
  } finally {
    await Promise.all([first.close(), second.close()])
  }
})

test('no request leaves 127.0.0.1: the gateway is answered in the browser', async ({ app, traffic }) => {
  await app.getByRole('region', { name: 'Your orders' }).getByRole('button', { name: 'Place order' }).click()
  await expect(app.getByRole('listitem').first()).toContainText('Waiting for payment')
  const check = app.getByRole('region', { name: 'Check your PIN' })
  await check.getByLabel('PIN', { exact: true }).fill('123456')
  await check.getByRole('button', { name: 'Verify PIN' }).click()
  await expect(check.getByRole('status')).toHaveText('You have no PIN yet. Set one first.')

  // The watch sees the traffic (the fixture fails any test with an entry in `escaped`). It sorts a request
  // once it has finished and its answer is read, which may come after the page showed the answer: polled.
  expect(traffic.local.some((line) => line.startsWith('GET http://127.0.0.1:'))).toBe(true)
  await expect.poll(() => traffic.inBrowser).toContainEqual('POST https://gateway.mock/api/v1/auth/verify-pin')
  expect(traffic.inBrowser.some((line) => line.startsWith('GET https://gateway.mock/qr/'))).toBe(true)
  expect(traffic.escaped).toEqual([])
})
