/**
 * @module test/e2e/inspector-token.e2e.test
 * The inspector page against a CLI server that has a control token (`--control-token`), in headless
 * Chromium: opened without `#token=` it asks for the token and says where the banner prints it; a wrong
 * one is refused with a message and the form stays; the right one opens the page, and the tab keeps it
 * across a reload. The banner's own inspector address, which carries the token, opens the page at once.
 *
 * The other way a server gets a token, `--host` off loopback (one is made up and printed), is not started
 * here: servers of the tests listen on 127.0.0.1 only. The page cannot tell the two apart: both answer 401.
 *
 * A screenshot of the form goes to docs/ with INSPECTOR_SCREENSHOTS=docs (`npm run docs:inspector`).
 */
import type { Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli, stopCli, type Cli, UI_TIMEOUT } from './cli-process.js'
import { docsScreenshot, inspectorPages } from './inspector-browser.js'

let cli: Cli
const pages = inspectorPages()

beforeAll(async () => {
  cli = await startCli(
    ['serve', '--port', '0', '--now', '2026-11-06T09:00:00Z', '--frozen', '--control-token', 'tok_page'],
    {
      behindPrism: false,
    },
  )
})

afterAll(async () => {
  await pages.close()
  if (cli) await stopCli(cli)
})

/** A page in a browser context of its own: its own session storage, as a new window would have. */
function freshPage(): Promise<Page> {
  return pages.open()
}

/** What a user reads in the banner: the token's line, and the inspector's address. */
function banner(): { token: string; inspector: string } {
  const token = /^ {2}control token {2}(\S+)/m.exec(cli.output())?.[1]
  const inspector = /^inspector: +(\S+)/m.exec(cli.output())?.[1]
  if (!token || !inspector) throw new Error(`no token or inspector line in the banner:\n${cli.output()}`)
  return { token, inspector }
}

describe('the inspector page, with a control token', () => {
  it(
    'opened without #token=, it asks for the token, says where the banner prints it, refuses a wrong one ' +
      'with a message and lets the user try again; the right one opens the page, kept for the tab',
    async () => {
      const page = await freshPage()
      await page.goto(`${cli.url}/__mock/ui/`)
      const field = page.getByLabel('Control token', { exact: true })
      await field.waitFor({ timeout: UI_TIMEOUT })
      const form = page.getByRole('form', { name: 'This server needs its control token' })
      const said = (await form.textContent()) ?? ''
      expect(said).toContain('control token')
      expect(said).toContain('#token=')
      expect(said).toContain('--control-token')
      await docsScreenshot(page, 'inspector-token.png')

      await field.fill('tok_wrong_guess')
      await form.getByRole('button', { name: 'Open the inspector' }).click()
      await expect
        .poll(() => form.getByRole('alert').textContent(), { timeout: UI_TIMEOUT })
        .toContain('The server refused this token')
      expect(await page.getByTestId('clock-now').count()).toBe(0)

      await field.fill(banner().token)
      await form.getByRole('button', { name: 'Open the inspector' }).click()
      await expect
        .poll(() => page.getByTestId('clock-now').textContent(), { timeout: UI_TIMEOUT })
        .toBe('2026-11-06 09:00:00Z')
      expect(await page.getByTestId('merchant-1').getByText('mk_test_demo').count()).toBe(1)
      expect(await field.count()).toBe(0)

      // Kept for the tab: a reload needs no second paste.
      await page.reload()
      await expect.poll(() => page.getByTestId('clock-now').count(), { timeout: UI_TIMEOUT }).toBe(1)
      expect(await field.count()).toBe(0)
      await page.context().close()
    },
  )

  it("the banner's inspector address (with #token=) opens the page at once; the token leaves the URL", async () => {
    const page = await freshPage()
    await page.goto(banner().inspector)
    expect(banner().inspector).toContain('#token=')
    await expect.poll(() => page.getByTestId('clock-now').count(), { timeout: UI_TIMEOUT }).toBe(1)
    expect(page.url()).toBe(`${cli.url}/__mock/ui/`)
    expect(await page.getByLabel('Control token', { exact: true }).count()).toBe(0)
    await page.context().close()
  })

  it('a token the server no longer takes (a restart made up a new one) brings the form back, saying so', async () => {
    const page = await freshPage()
    await page.goto(`${cli.url}/__mock/ui/#token=tok_of_an_earlier_start`)
    const form = page.getByRole('form', { name: 'This server needs its control token' })
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: UI_TIMEOUT })
      .toContain('The server refused the token this tab had')
    await page.getByLabel('Control token', { exact: true }).fill(banner().token)
    await form.getByRole('button', { name: 'Open the inspector' }).click()
    await expect.poll(() => page.getByTestId('clock-now').count(), { timeout: UI_TIMEOUT }).toBe(1)
    await page.context().close()
  })
})
