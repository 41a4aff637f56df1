/**
 * What every end-to-end test shares: the page, opened and ready, and a watch on the network that fails
 * the test if any request left the machine.
 *
 * A request passes when it went to the dev server on 127.0.0.1 (the page, its modules, the backend's
 * routes through the service worker), or when MSW's service worker answered it in the browser (the
 * gateway's `https://gateway.mock/...`: the PIN calls, the QR images). A request to any other host that
 * reached the network, or one the service worker itself sent elsewhere, fails the test.
 */
import { test as base, expect, type Page, type Request } from '@playwright/test'
import type {} from '../../pin-app/src/mocks/browser.js'

/** The requests a test's browser context made, by where they were answered. */
export interface Traffic {
  /** To 127.0.0.1: the dev server. */
  local: string[]
  /** Answered by the service worker in the browser, never sent: the mock gateway. */
  inBrowser: string[]
  /** Anything else: must stay empty. */
  escaped: string[]
}

export const test = base.extend<{ traffic: Traffic; app: Page }>({
  traffic: [
    async ({ context }, use) => {
      const traffic: Traffic = { local: [], inBrowser: [], escaped: [] }
      const sort = async (request: Request) => {
        const url = new URL(request.url())
        if (url.protocol === 'data:' || url.protocol === 'blob:') return
        const response = await request.response().catch(() => null)
        const line = `${request.method()} ${request.url()}`
        if (url.hostname === '127.0.0.1') traffic.local.push(line)
        else if (!request.serviceWorker() && response?.fromServiceWorker()) traffic.inBrowser.push(line)
        else traffic.escaped.push(line)
      }
      const pending: Promise<void>[] = []
      context.on('requestfinished', (request) => pending.push(sort(request)))
      context.on('requestfailed', (request) => pending.push(sort(request)))
      await use(traffic)
      await Promise.all(pending)
      expect(traffic.escaped, 'requests that left 127.0.0.1').toEqual([])
    },
    { auto: true },
  ],
  app: async ({ page }, use) => {
    await page.goto('/')
    // The mock and its worker are up and the page is drawn (the app's src/app.ts).
    await expect(page.locator('#app')).toHaveAttribute('aria-busy', 'false')
    await use(page)
  },
})

export { expect }

/**
 * Opens the page with its mock started from a scenario file, the app's `scenarios/<name>.json` (recorded by
 * its scripts/record-scenarios.ts), instead of a fresh shop: `/?scenario=<name>` (its src/mocks/browser.ts).
 * The scenario's clock is frozen where it was recorded; `__mock.clock.advance()` moves it.
 */
export async function openScenario(page: Page, name: string): Promise<Page> {
  await page.goto(`/?scenario=${name}`)
  await expect(page.locator('#app')).toHaveAttribute('aria-busy', 'false')
  return page
}

/** One of the PIN section's panels, by its heading: "Set your PIN", "Check your PIN", "Forgot your PIN?". */
export function panel(page: Page, name: string) {
  return page.getByRole('region', { name })
}

/** Sets the PIN through the page. */
export async function setPin(page: Page, pin: string): Promise<void> {
  const set = panel(page, 'Set your PIN')
  await set.getByLabel('New PIN', { exact: true }).fill(pin)
  await set.getByLabel('New PIN again').fill(pin)
  await set.getByRole('button', { name: 'Set PIN' }).click()
  await expect(set.getByRole('status')).toHaveText('Your PIN is set.')
}

/** Enters a PIN in "Check your PIN" and waits for the page's answer to it. */
export async function verifyPin(page: Page, pin: string): Promise<string> {
  const check = panel(page, 'Check your PIN')
  const status = check.getByRole('status')
  await status.evaluate((element) => {
    element.textContent = ''
  })
  await check.getByLabel('PIN', { exact: true }).fill(pin)
  await check.getByRole('button', { name: 'Verify PIN' }).click()
  await expect(status).not.toBeEmpty()
  return (await status.textContent()) ?? ''
}
