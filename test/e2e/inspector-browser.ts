/**
 * @module test/e2e/inspector-browser
 * Headless Chromium for the inspector suites (inspector*.e2e.test.ts): one browser per test worker, launched
 * for the first file that asks and shared by the files the worker runs after it (the e2e project is not
 * isolated), instead of a launch per file: a launch and its close cost about two seconds of CPU. Each file opens
 * its pages in browser contexts of its own (cookies, storage, language apart) and closes them after it; the
 * browser goes with the worker (Playwright kills the browsers it launched when its process exits).
 *
 * Screenshots of the inspector's views are the guide's pictures: taken with INSPECTOR_SCREENSHOTS=docs
 * (`npm run docs:inspector`), into docs/, and skipped in a test run, where nothing reads them.
 */
import { join } from 'node:path'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@merchant-gateway/chromium'
import { ROOT } from './cli-process.js'

let launched: Promise<Browser> | undefined

/** The worker's Chromium, launched on the first call (again if it was closed or crashed). */
function sharedBrowser(): Promise<Browser> {
  if (launched === undefined) {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
    launched = launching
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (launched === launching) launched = undefined
        }),
      () => {
        if (launched === launching) launched = undefined
      },
    )
  }
  return launched
}

/**
 * A file's pages: each in a browser context of its own (as a new window of a fresh profile), all closed by
 * `close()` in the file's `afterAll`.
 */
export function inspectorPages() {
  const contexts: BrowserContext[] = []
  return {
    /** A page in a new context of the shared browser. */
    async open(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await (await sharedBrowser()).newContext({ viewport: { width: 1280, height: 860 }, ...options })
      contexts.push(context)
      return context.newPage()
    },
    /** Closes every context this file opened (the browser stays for the worker's next file). */
    async close(): Promise<void> {
      await Promise.all(contexts.splice(0).map((context) => context.close()))
    },
  }
}

/** Saves `page` as docs/<name> under INSPECTOR_SCREENSHOTS=docs; does nothing otherwise. */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.INSPECTOR_SCREENSHOTS === 'docs') await page.screenshot({ path: join(ROOT, 'docs', name) })
}
