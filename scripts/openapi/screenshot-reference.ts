/**
 * @module scripts/openapi/screenshot-reference
 * `npm run docs:screenshot` (after `npm run docs`): opens the docs site's landing page and its OpenAPI
 * reference page in headless Debian chromium with every request that leaves the disk refused, and
 * saves a screenshot of each: docs/site-landing.png and docs/openapi-reference.png (or the paths given as
 * the second and first arguments: CI keeps the committed pictures). The landing page must show the
 * commands a new user types (npm install, npm start, npm test) and link the guides. It fails when a page asks
 * for anything over the network (the page must be static: no CDN at view time) or does not render the
 * operations.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright'

const root = fileURLToPath(new URL('../..', import.meta.url))
const index = `${root}docs/api/index.html`
const out = process.argv[2] ?? `${root}docs/openapi-reference.png`
const landingOut = process.argv[3] ?? `${root}docs/site-landing.png`
if (!existsSync(index)) throw new Error('docs/api/index.html is missing: run `npm run docs` first')

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const refused: string[] = []
  await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : (refused.push(route.request().url()), route.abort())))
  await page.goto(pathToFileURL(index).href)
  // The landing page: the README's commands, and the guides as pages of the site.
  for (const command of ['npm install', 'npm start', 'npm test']) await page.getByText(command).first().waitFor({ timeout: 15_000 })
  for (const guide of ['documents/sdk.html', 'documents/mock.html', 'documents/mock-server.html', 'documents/releases.html']) {
    if ((await page.locator(`a[href="${guide}"]`).count()) === 0) throw new Error(`the landing page does not link the guide ${guide}`)
  }
  await page.screenshot({ path: landingOut })
  console.log(`landing page: docs/api/index.html, with the commands and the guides' links`)
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
  console.log(`reference page: ${page.url().replace(pathToFileURL(root).href, '')}, showing "Refund order"; requests off the disk: ${refused.length}`)
  if (refused.length) throw new Error(`the reference page asked the network for: ${refused.join(', ')}`)
} finally {
  await browser.close()
}
