/**
 * A session of the mock server per test. The `session` fixture
 * makes one (`POST /__mock/sessions`, its clock frozen at Monday
 * 09:00 UTC), hands the test its base URL and ends it after the
 * test (`DELETE /__mock/sessions/<id>`); `app` opens the page on
 * that base URL for a signed-in user of the session's PIN module.
 * Everything a test does (the PIN it sets, its wrong attempts, the
 * clock it moves) stays in its session.
 *
 * Copy this file into your project: it needs only `MOCK_URL`, where
 * your mock server listens.
 */
import { test as base, expect } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { MOCK_URL } from './mock-server.js'

/**
 * A test's session: its id and base URL
 * (`http://127.0.0.1:4019/s/<id>`: the gateway and `/__mock`).
 */
export interface Session {
  id: string
  baseUrl: string
}

/**
 * The session's clock, frozen: times on the page read the same on
 * every run.
 */
const NOW = '2026-11-02T09:00:00Z'

/**
 * The signed-in user's e-mail address: the same in every session,
 * each has its own user.
 */
export const EMAIL = 'dara@example.com'

const SESSIONS = `${MOCK_URL}/__mock/sessions`

export const test = base.extend<{ session: Session; app: Page }>({
  session: async ({ request }, use) => {
    const made = await request.post(SESSIONS, {
      data: { now: NOW, frozen: true },
    })
    expect(made.status(), await made.text()).toBe(201)
    const session = (await made.json()) as Session
    await use(session)
    const ended = await request.delete(`${SESSIONS}/${session.id}`)
    expect(ended.status()).toBe(204)
  },
  app: async ({ page, session, request }, use) => {
    const user = await signUp(request, session)
    const query = new URLSearchParams({
      gateway: session.baseUrl,
      token: user.accessToken,
      email: EMAIL,
    })
    await page.goto(`/?${query}`)
    const app = page.locator('#app')
    await expect(app).toHaveAttribute('aria-busy', 'false')
    await use(page)
  },
})

export { expect }

/**
 * A call to the session's control API (`<baseUrl>/__mock/...`): the
 * test acting as the outside world.
 */
export async function control<T>(
  request: APIRequestContext,
  session: Session,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${session.baseUrl}${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
  })
  const answer = `${method} ${path}: ${await res.text()}`
  expect(res.ok(), answer).toBe(true)
  return (await res.json()) as T
}

/** The user the page signs in as, made in the session. */
function signUp(request: APIRequestContext, session: Session) {
  const me = { email: EMAIL, emailVerified: true }
  const users = '/__mock/users'
  type User = { accessToken: string }
  return control<User>(request, session, 'POST', users, me)
}

/**
 * One of the PIN section's panels, by its heading: "Set your PIN",
 * "Check your PIN", "Forgot your PIN?".
 */
function panel(page: Page, name: string) {
  return page.getByRole('region', { name })
}

/** Sets the PIN through the page. */
export async function setPin(page: Page, pin: string) {
  const set = panel(page, 'Set your PIN')
  await set.getByLabel('New PIN', { exact: true }).fill(pin)
  await set.getByLabel('New PIN again').fill(pin)
  await set.getByRole('button', { name: 'Set PIN' }).click()
  const status = set.getByRole('status')
  await expect(status).toHaveText('Your PIN is set.')
}

/**
 * Enters a PIN in "Check your PIN" and waits for the page's answer
 * to it.
 */
export async function verifyPin(page: Page, pin: string) {
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
