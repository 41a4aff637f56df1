/**
 * Opens every story of the built Storybook (its `index.json`, read from `storybook-static/`) in a page of
 * its own, one test per story and checks that it shows
 * what it is about, that nothing was logged as an error (a failed `play` is one), and that no request
 * left 127.0.0.1: the gateway's requests are answered by MSW's service worker in the page.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'

/** What each story shows once rendered (and played). A story missing here fails the test. */
const EXPECTED: Record<string, RegExp[]> = {
  'payment-pin--pin-not-set': [/Set your PIN/, /You have no PIN yet\. Set one first\./],
  'payment-pin--pin-set': [/PIN correct\./],
  'payment-pin--pin-blocked': [/Your PIN is blocked until 09:01:50\./, /Try again in [01]:\d\d\./],
  'payment-pin--one-time-code-expired': [/This code has expired \(codes are valid for 10 minutes\)/],
  'orders--waiting-for-payment': [/Order 1001 · USD 12\.50 · Waiting for payment/],
  'orders--paid': [/Order 1001 · USD 12\.50 · Paid/],
  'orders--payment-failed': [/Order 1001 · USD 4\.20 · Payment failed/],
  'orders--refund-pending': [/Order 1001 · USD 12\.50 · Refund pending/],
}

/** What a story must not show: the form to set a PIN, to a user who has one. */
const NOT_SHOWN: Record<string, RegExp[]> = {
  'payment-pin--pin-set': [/Set your PIN/],
  'payment-pin--pin-blocked': [/Set your PIN/],
}

/**
 * Chromium logs every 4xx answer as "Failed to load resource". The gateway's refusals (the PIN is not set,
 * it is blocked, the code expired) are the states the stories show, so those lines are not errors.
 */
function refusedByGateway(text: string, url: string): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
    url.startsWith('https://gateway.mock/')
  )
}

/** The stories of the built Storybook. */
const index = JSON.parse(readFileSync(new URL('../storybook-static/index.json', import.meta.url), 'utf8')) as {
  entries: Record<string, { id: string; type: string }>
}
const stories = Object.values(index.entries)
  .filter((entry) => entry.type === 'story')
  .map((entry) => entry.id)

test('the test knows what every story shows, and nothing else', () => {
  expect(stories.toSorted()).toEqual(Object.keys(EXPECTED).toSorted())
})

for (const id of stories) {
  test(`${id}: renders its state, with no console error and no request off 127.0.0.1`, async ({ page, context }) => {
    const errors: string[] = []
    const escaped: string[] = []
    // Judged once a request has finished: one still in flight when the story is checked has no answer yet.
    const judged: Promise<void>[] = []
    context.on('requestfinished', (req) => {
      const url = new URL(req.url())
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return
      // Another host is fine only when the service worker answered it in the page (the mock gateway).
      const judge = async () => {
        const res = await req.response().catch(() => null)
        if (req.serviceWorker() || !res?.fromServiceWorker()) escaped.push(`${req.method()} ${req.url()}`)
      }
      judged.push(judge())
    })
    context.on('requestfailed', (req) => {
      if (new URL(req.url()).hostname !== '127.0.0.1') escaped.push(`${req.method()} ${req.url()} (failed)`)
    })
    page.on('console', (message) => {
      if (message.type() !== 'error' || refusedByGateway(message.text(), message.location().url)) return
      errors.push(`${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => errors.push(String(error)))
    // Any load from 127.0.0.1 that failed (Storybook's files, the backend's routes).
    page.on('response', (res) => {
      if (res.status() >= 400 && new URL(res.url()).hostname === '127.0.0.1') {
        errors.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`)
      }
    })

    await page.goto(`/iframe.html?id=${id}&viewMode=story`)
    const root = page.locator('#storybook-root')
    for (const text of EXPECTED[id] ?? []) await expect(root).toContainText(text)
    for (const text of NOT_SHOWN[id] ?? []) await expect(root).not.toContainText(text)
    // Storybook shows its error panel when a loader, a render or a play function threw.
    await expect(page.locator('.sb-errordisplay')).toBeHidden()
    expect(errors, 'console errors').toEqual([])
    await Promise.all(judged)
    expect(escaped, 'requests that left 127.0.0.1').toEqual([])
  })
}
