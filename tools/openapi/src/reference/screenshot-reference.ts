/**
 * @module openapi-tools/reference/screenshot-reference
 * `npm run docs:screenshot` (after `npm run docs`): opens the docs site's landing page and its OpenAPI
 * reference page in headless Debian chromium with every request that leaves the disk refused, and
 * saves a screenshot of each: docs/site-landing.png, docs/openapi-reference.png and the order diagram of the
 * states guide, docs/site-states.png (or the paths given as the second, first and third arguments: CI keeps
 * the committed pictures). The landing page must show the
 * commands a new user types (npm install, npm start, npm test) and link the guides. It fails when a page asks
 * for anything over the network (the page must be static: no CDN at view time) or does not render the
 * operations.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright'
import { REPOSITORY_ROOT as root } from '../repository-root.js'

// A path given is relative to where npm was run (INIT_CWD), not to this workspace, where npm runs the script.
const given = (n: number) => process.argv[n] && resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[n])
const index = `${root}docs/api/index.html`
const out = given(2) || `${root}docs/openapi-reference.png`
const landingOut = given(3) || `${root}docs/site-landing.png`
const statesOut = given(4) || `${root}docs/site-states.png`
if (!existsSync(index)) throw new Error('docs/api/index.html is missing: run `npm run docs` first')

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const refused: string[] = []
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith('file:')) return route.continue()
    refused.push(route.request().url())
    return route.abort()
  })
  await page.goto(pathToFileURL(index).href)
  // The landing page: the README's commands, and the guides as pages of the site.
  for (const command of ['npm install', 'npm start', 'npm test'])
    await page.getByText(command).first().waitFor({ timeout: 15_000 })
  for (const guide of ['The_SDK', 'The_mock_in_tests', 'The_mock_server', 'Testing_across_releases', 'States']) {
    if ((await page.locator(`a[href="documents/${guide}.html"]`).count()) === 0)
      throw new Error(`the landing page does not link the guide ${guide}`)
  }
  await page.screenshot({ path: landingOut })
  console.log(`landing page: docs/api/index.html, with the commands and the guides' links`)
  // The states guide draws its diagrams in the page (mermaid from the site's own script, no CDN).
  await page.goto(pathToFileURL(`${root}docs/api/documents/States.html`).href)
  const expected = (await page.locator('pre > code.mermaid').count()) + (await page.locator('.state-diagram').count())
  await page
    .waitForFunction((n) => document.querySelectorAll('.state-diagram svg').length === n, expected, { timeout: 15_000 })
    .catch(() => undefined)
  const drawn = await page.locator('.state-diagram svg').count()
  if (drawn !== 6) throw new Error(`the states guide drew ${drawn} diagrams, expected 6`)
  await page.locator('.state-diagram').first().screenshot({ path: statesOut })
  console.log(`states guide: ${drawn} diagrams drawn`)
  await page.goto(pathToFileURL(index).href)
  // The site links the reference page; follow the link as a reader would.
  await page.getByRole('link', { name: 'the gateway and PIN service' }).first().click()
  await page.waitForLoadState('load')
  await page.getByText('Merchant payment gateway and PIN service').first().waitFor({ timeout: 15_000 })
  // Open the refund operation from the sidebar: its body (current and earlier forms), answers and examples.
  await page.getByText('Refunds and payouts', { exact: true }).first().click()
  await page.getByText('Refund order', { exact: true }).first().click()
  await page.getByRole('heading', { name: 'Refund order' }).first().waitFor({ timeout: 15_000 })
  await page.waitForTimeout(500) // let the scroll to the operation settle before the picture
  await page.screenshot({ path: out })
  console.log(
    `reference page: ${page.url().replace(pathToFileURL(root).href, '')}, ` +
      `showing "Refund order"; requests off the disk: ${refused.length}`,
  )
  if (refused.length) throw new Error(`the reference page asked the network for: ${refused.join(', ')}`)
} finally {
  await browser.close()
}
