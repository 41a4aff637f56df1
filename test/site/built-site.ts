/**
 * @module test/site/built-site
 * What the docs site's Chromium tests share: the built site (docs/.vitepress/dist, `npm run docs` first) served
 * from 127.0.0.1, Debian's Chromium, one page, and every address the page's context asked for and every error
 * it logged or threw, for the tests that check no request left 127.0.0.1 and no page logged an error.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright'
import { launchChromium, type ServedSite, serveSite } from '../../docs/.vitepress/runner/site.js'

/** The built site's folder. */
export const DIST = fileURLToPath(new URL('../../docs/.vitepress/dist/', import.meta.url))

/** The site served, the browser and its one page, and what the page asked for and logged. */
export interface OpenedSite {
  site: ServedSite
  browser: Browser
  page: Page
  /** Every address the page's context asked for (scripts, the worker, fetches), in order. */
  requested: string[]
  /** `url: message` of each console error and uncaught error of the page. */
  errors: string[]
  close(): Promise<void>
}

/** Serves the built site and opens a page of Chromium on it; throws when the site is not built. */
export async function openBuiltSite(): Promise<OpenedSite> {
  if (!existsSync(`${DIST}index.html`))
    throw new Error('docs/.vitepress/dist is not built: run `npm run docs` before `npm run test:site`')
  const site = await serveSite(DIST)
  const browser = await launchChromium()
  const requested: string[] = []
  const errors: string[] = []
  const context = await browser.newContext()
  context.on('request', (request) => {
    requested.push(request.url())
  })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return {
    site,
    browser,
    page,
    requested,
    errors,
    close: async () => {
      await browser.close()
      await site.close()
    },
  }
}
