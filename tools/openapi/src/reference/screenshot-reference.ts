/**
 * @module openapi-tools/reference/screenshot-reference
 * `npm run docs:screenshot` (after `npm run docs`): serves the built docs site (docs/.vitepress/dist) on
 * 127.0.0.1, opens it in headless Debian chromium with every request to another host refused, reads it as a new
 * reader would, and saves pictures of it: the OpenAPI reference page showing an operation
 * (docs/openapi-reference.png), the landing page (docs/site-landing.png), the order diagram of the states guide
 * (docs/site-states.png), the SDK guide with an example run in the page and its output (docs/site-guide.png), an
 * API reference page (docs/site-api.png) and a search (docs/site-search.png); or the paths given as the first to
 * the sixth arguments (CI gives the first three, and the other pictures go beside them).
 *
 * It fails when a page asks another host for anything (the site must be static: no CDN, font service or
 * analytics at view time), when a page logs an error to the console, or when the site does not show what it
 * must: the landing page's title once with the commands and the guides, headings with inline code kept in the
 * outline with clean anchors, a fence with no language as plain text, the six state diagrams shown, an
 * example's page with its sources, local search, and both OpenAPI references (no "API docs by" badge, no literal
 * backtick).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize, resolve, sep } from 'node:path'
import { chromium, type Frame, type Page } from 'playwright'
import { REPOSITORY_ROOT as root } from '../repository-root.js'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@merchant-gateway/chromium'

// A path given is relative to where npm was run (INIT_CWD), not to this workspace, where npm runs the script.
const given = (n: number) => process.argv[n] && resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[n])
const site = `${root}docs/.vitepress/dist`
const referenceOut = given(2) || `${root}docs/openapi-reference.png`
const landingOut = given(3) || `${root}docs/site-landing.png`
const statesOut = given(4) || `${root}docs/site-states.png`
const guideOut = given(5) || join(dirname(landingOut), 'site-guide.png')
const apiOut = given(6) || join(dirname(landingOut), 'site-api.png')
const searchOut = given(7) || join(dirname(landingOut), 'site-search.png')
if (!existsSync(`${site}/index.html`)) throw new Error('docs/.vitepress/dist/index.html is missing: run `npm run docs`')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

/** The built site as a static server would serve it: `/x/` is x/index.html, a missing file is 404.html. */
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
  let file = normalize(join(site, path))
  if (file !== site && !file.startsWith(site + sep)) file = `${site}/404.html`
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
  const found = existsSync(file)
  response.writeHead(found ? 200 : 404, {
    'Content-Type': TYPES[extname(found ? file : '.html')] ?? 'application/octet-stream',
  })
  response.end(readFileSync(found ? file : `${site}/404.html`))
})
await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--headless', ...CHROMIUM_ARGS],
})
// Which browser drew the pictures (CI runs this in the whole browser, every other step in the headless shell).
console.log(`browser: ${CHROMIUM_PATH}, Chromium ${browser.version()}`)
/**
 * How long a wait for a page's content may take. CI reads the site beside its other lanes, on two cores with the
 * load of all of them, where Redoc's 2.6 MB page took over 15 s to show its title: the tests' minute. A page that
 * lacks what is awaited still fails, after it.
 */
const WAIT_MS = 60_000
const refused: string[] = []
const errors: string[] = []
const missing: string[] = []

/** Throws with `message` unless `condition` holds. */
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  page.setDefaultTimeout(WAIT_MS)
  await page.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(`${origin}/`)) return route.continue()
    refused.push(url)
    return route.abort()
  })
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`)
  })
  const open = async (path: string) => {
    await page.goto(`${origin}${path}`)
    await page.locator('.VPContent').first().waitFor({ timeout: WAIT_MS })
  }

  // The landing page: the project's title once (the navigation bar's), the commands a new user types, the
  // three doors, links into the guides.
  await open('/')
  for (const command of ['npm install', 'npm start', 'npm test'])
    await page.getByText(command).first().waitFor({ timeout: WAIT_MS })
  check((await page.locator('h1').count()) === 1, 'the landing page has more than one h1')
  const titles = await page.getByText('merchant-gateway', { exact: true }).count()
  check(titles === 1, `the landing page shows the title "merchant-gateway" ${titles} times`)
  for (const door of [
    'Merchant backend: the SDK',
    'Frontend teams: the mock in the browser',
    'Anyone: the mock server',
  ])
    await page.getByText(door).first().waitFor({ timeout: WAIT_MS })
  for (const guide of ['sdk', 'mock', 'mock-server', 'releases', 'states', 'errors', 'examples/quickstart'])
    check((await page.locator(`.vp-doc a[href="./${guide}.html"]`).count()) > 0, `the landing page misses ${guide}`)
  await page.screenshot({ path: landingOut })
  console.log('landing page: the title once, the commands, the three doors and the guides')

  // A guide: a heading with inline code keeps it in the outline, with a clean anchor; a fence with no
  // language is plain text (the mock server's start banner), a ```ts fence is TypeScript.
  await open('/sdk.html')
  const anchor = 'webhooks-merchant-gateway-sdk-webhooks'
  check((await page.locator(`h2#${anchor}`).count()) === 1, `the SDK guide has no heading #${anchor}`)
  const outline = await page.locator(`.VPDocAsideOutline a[href="#${anchor}"]`).textContent()
  check(
    outline === 'Webhooks (@merchant-gateway/sdk/webhooks)',
    `the outline's entry for #${anchor} lost its code: "${outline}"`,
  )
  check((await page.locator('.vp-doc div.language-ts').count()) > 0, 'the SDK guide has no TypeScript block')
  // The picture of a guide: its "Testing against the mock" example, run in the page, with its output.
  const testing = page.locator('.runnable-example', { hasText: "kind: 'drop-response'" }).first()
  await testing.locator('.runnable-run').click()
  await testing.locator('.runnable-time').waitFor({ timeout: WAIT_MS })
  const output = await testing.locator('.runnable-output pre').textContent()
  check(output?.startsWith('2 { balance: 112.5'), `the SDK guide's example printed "${output}"`)
  await page.evaluate(() => window.scrollBy(0, -window.innerHeight)) // VitePress's bar covers the top
  await testing.locator('.runnable-bar').scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollBy(0, 260))
  await page.screenshot({ path: guideOut })
  await open('/mock-server.html')
  const banner = page.locator('.vp-doc div[class*="language-"]', { hasText: 'listening on http://127.0.0.1:4010' })
  const coloured = await banner.first().locator('span[style*="--shiki"]').count()
  check(coloured === 0, `the start banner (a fence with no language) is coloured: ${coloured} coloured spans`)
  console.log(`guides: "#${anchor}" with its code in the outline, the start banner as plain text`)
  console.log(`guide's example run in the page: printed "${output}"`)

  // The API reference, generated from the TSDoc: the SDK's client class, its constructor's options linked.
  await open('/api/@merchant-gateway/sdk/classes/GatewayClient.html')
  await page.getByRole('heading', { name: 'Class: GatewayClient' }).waitFor({ timeout: WAIT_MS })
  check(
    (await page.locator('.vp-doc a[href*="GatewayClientOptions"]').count()) > 0,
    "the API reference's GatewayClient page does not link its options' type",
  )
  await page.screenshot({ path: apiOut })
  console.log('API reference: GatewayClient, with its options linked')

  // The states guide shows its six diagrams, drawn before the build: each picture of the reader's colours loads
  // from the site's own assets, the other scheme's is hidden, and each says what it shows to a screen reader.
  await open('/states.html')
  const diagrams = page.locator('.vp-doc figure.diagram img.diagram-light')
  check((await diagrams.count()) === 6, `the states guide has ${await diagrams.count()} diagrams, expected 6`)
  for (const img of await diagrams.all()) {
    await img.scrollIntoViewIfNeeded()
    await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle())
    const drawn = await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0 && el.checkVisibility())
    check(drawn, `a diagram of the states guide is not shown: ${await img.getAttribute('src')}`)
    check((await img.getAttribute('alt'))?.startsWith('State diagram: '), 'a diagram has no alt text')
  }
  check(
    !(await page
      .locator('.vp-doc img.diagram-dark')
      .first()
      .evaluate((el) => el.checkVisibility())),
    'the dark picture of a diagram shows in the light scheme',
  )
  await diagrams.first().scrollIntoViewIfNeeded()
  await page.locator('.vp-doc figure.diagram').first().screenshot({ path: statesOut })
  console.log('states guide: 6 diagrams shown, in the light scheme')

  // An example's page: its README as the text, its sources below, the README's links to them on the page.
  await open('/examples/quickstart.html')
  await page.getByRole('heading', { name: "Quickstart: a merchant backend's day with the SDK" }).waitFor()
  check(
    (await page.locator('.vp-doc a[href="#src-quickstart-ts"]').count()) > 0 &&
      (await page.locator('h3#src-quickstart-ts').count()) === 1,
    "the quickstart's page does not link its source src/quickstart.ts to the source on the page",
  )
  await page.getByText('export async function runQuickstart').first().waitFor({ timeout: WAIT_MS })
  console.log('example page: the README, with links to the sources shown below it')

  // Local search, from the site's own index.
  await page.locator('.VPNavBarSearch button').click()
  await page.locator('.VPLocalSearchBox input').fill('idempotency key')
  await page.locator('.VPLocalSearchBox .result').first().waitFor({ timeout: WAIT_MS })
  const results = await page.locator('.VPLocalSearchBox .result').count()
  await page.screenshot({ path: searchOut })
  await page.keyboard.press('Escape')
  console.log(`local search: ${results} results for "idempotency key"`)

  // The OpenAPI references, reached from the landing page as a reader would: Redoc in a frame of the page.
  await open('/')
  await page.locator('.vp-doc').getByRole('link', { name: "the mock's control API" }).click()
  await redoc(page, 'Merchant gateway mock: control API')
  await open('/')
  await page.locator('.vp-doc').getByRole('link', { name: 'the gateway and PIN service' }).click()
  const frame = await redoc(page, 'Merchant payment gateway and PIN service')
  // Open the refund operation from Redoc's sidebar: its body (current and earlier forms), answers, examples.
  await frame.getByText('Refunds and payouts', { exact: true }).first().click()
  await frame.getByText('Refund order', { exact: true }).first().click()
  await frame.getByRole('heading', { name: 'Refund order' }).first().waitFor({ timeout: WAIT_MS })
  await page.waitForTimeout(500) // let the scroll to the operation settle before the picture
  await page.screenshot({ path: referenceOut })
  console.log(`reference page: ${new URL(page.url()).pathname}, showing "Refund order"`)
} finally {
  await browser.close()
  server.close()
}
console.log(`requests to another host: ${refused.length}; console errors: ${errors.length}; 4xx/5xx: ${missing.length}`)
if (refused.length) throw new Error(`the site asked another host for: ${refused.join(', ')}`)
if (errors.length) throw new Error(`the site logged errors:\n${errors.join('\n')}`)
if (missing.length) throw new Error(`the site asked for what it does not have:\n${missing.join('\n')}`)

/**
 * The Redoc page in the frame of an OpenAPI reference page, once it shows `title`: no "API docs by" badge, and
 * no literal backtick in its text, the servers' variables shown (Redoc prints the servers' texts as they are,
 * not as Markdown).
 */
async function redoc(page: Page, title: string): Promise<Frame> {
  await page.locator('.openapi-reference iframe').waitFor({ timeout: WAIT_MS })
  const frame = page.frameLocator('.openapi-reference iframe')
  await frame.getByText(title).first().waitFor({ timeout: WAIT_MS })
  const handle = await page.locator('.openapi-reference iframe').elementHandle()
  const content = await handle?.contentFrame()
  check(content, `the reference page ${page.url()} has no frame`)
  check(!(await frame.getByText('API docs by').first().isVisible()), `${page.url()}: Redoc's badge is shown`)
  // The servers' variables, with their descriptions, are shown on request.
  const variables = frame.getByText(/^Show \d+ variables?$/)
  for (let n = await variables.count(); n > 0; n--) await variables.first().click()
  check((await variables.count()) === 0, `${page.url()}: a server's variables stay hidden`)
  // The text a reader sees (innerText): textContent would hold the page's scripts too.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  const text = await content.evaluate(() => document.body.innerText)
  const ticks = text.split('\n').filter((line) => line.includes('`'))
  check(ticks.length === 0, `${page.url()}: Redoc shows literal backticks:\n${ticks.join('\n')}`)
  return content
}
