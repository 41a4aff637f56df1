/**
 * @module test/site/docs-site.site.test
 * The built docs site (docs/.vitepress/dist, from `npm run docs`) in headless Chromium (Debian's, never a
 * downloaded one), served from 127.0.0.1 as a static server would: a reader opens two guide pages, the SDK's
 * and the mock's, and runs every example that has a Run button; each runs in the page against its in-page
 * mock and shows what it printed and the mock's state afterwards. A reader edits one example (a larger
 * order, a refund, the clock moved a week) and sees the new output; every runnable example of every other page
 * runs without throwing; the pages ask no host but their own.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Locator, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocksOf, type CodeBlock, guideFiles } from '../../docs/.vitepress/runner/blocks.js'
import { browserBlocker } from '../../docs/.vitepress/runner/modules.js'
import { CODE_COLUMNS } from '../../scripts/check-code-width.mjs'
import type { ServedSite } from '../../docs/.vitepress/runner/site.js'
import { DIST, type OpenedSite, openBuiltSite } from './built-site.js'

let opened: OpenedSite
let site: ServedSite
let page: Page
/** Every address the pages asked for, in every test. */
let requested: string[]
/** What the pages logged as errors, and threw. */
let errors: string[]

/** The blocks that get a Run button: the doc-test runs them, and a browser can. */
function runnable(file: string): CodeBlock[] {
  return blocksOf(file).filter((b) => b.skip === undefined && browserBlocker(b.code) === undefined)
}

function example(block: CodeBlock): Locator {
  return page.locator(`.runnable-example[data-where="${block.where}"]`)
}

/** Clicks the example's Run and waits for its result; returns the result panel. */
async function run(block: CodeBlock): Promise<Locator> {
  const box = example(block)
  await box.locator('.runnable-run').click()
  await box.locator('.runnable-time').waitFor({ timeout: 20_000 })
  return box.locator('.runnable-result')
}

/** What the example wrote to the console, as the panel shows it. */
async function printed(result: Locator): Promise<string> {
  return (await result.locator('.runnable-output pre').allTextContents()).join('\n').trim()
}

/** The rows of the state panel's table `title` (of every mock the example made), cells joined by ' | '. */
async function rows(result: Locator, title: string): Promise<string[]> {
  const tables = result.locator('.runnable-table', { has: page.locator(`h5:text-is("${title}")`) })
  return tables
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' | ')))
}

/** What the example threw, when it threw: `Name status code`. */
async function thrown(result: Locator): Promise<string | undefined> {
  const error = result.locator('.runnable-error')
  if ((await error.count()) === 0) return undefined
  return (await error.textContent())?.replace(/\s+/g, ' ').trim()
}

beforeAll(async () => {
  opened = await openBuiltSite()
  ;({ site, page, requested, errors } = opened)
}, 60_000)

afterAll(async () => {
  await opened?.close()
})

describe('the built docs site, read and run in Chromium', () => {
  it("every example of the SDK guide runs in the page and shows what it printed and the mock's state", async () => {
    await page.goto(`${site.origin}/sdk`)
    const blocks = runnable('docs/sdk.md')
    expect(blocks.length).toBeGreaterThanOrEqual(8)
    expect(await page.locator('.runnable-example .runnable-run').count()).toBe(blocks.length)
    const results = new Map<string, Locator>()
    for (const block of blocks) {
      const result = await run(block)
      expect({ where: block.where, thrown: await thrown(result) }).toEqual({ where: block.where, thrown: undefined })
      if (block.prints !== undefined) expect(await printed(result)).toContain(block.prints)
      // The prelude's gateway always holds the demo merchant's balances, whatever the example did.
      expect((await rows(result, 'Balances')).length).toBeGreaterThan(0)
      results.set(block.code, result)
    }
    const of = (needle: string) => [...results].find(([code]) => code.includes(needle))![1]

    // The first example: a refund of an order it created, printed with its idempotency key and trace id.
    const refund = of('refund.meta.idempotencyKey,\n  refund.meta.traceId')
    expect(await printed(refund)).toMatch(/^\d+ [0-9a-f-]{36} trc_[0-9a-f]+$/m)
    expect(await rows(refund, 'Refunds')).toEqual([expect.stringMatching(/^\d+ \| 1001 \| 2\.50 USD \| pending \|/)])
    // An unknown transaction: the SDK's error as JSON, its class and status.
    expect(await printed(of('retrieve(999_999)'))).toMatch(/"name":"NotFoundError","status":404/)
    // The mock's dropped answer is retried once, and the refund is taken once: 100 + 12.50 - 5.
    const retried = of("kind: 'drop-response'")
    expect(await printed(retried)).toBe('2 { balance: 112.5, freeze: 5, usable: 107.5 }')
    expect(await rows(retried, 'Refunds')).toEqual([expect.stringMatching(/^\d+ \| 1001 \| 5\.00 USD \| pending \|/)])
  })

  it('every example of the mock guide runs, the PIN module included; the one that is a listing says why', async () => {
    await page.goto(`${site.origin}/mock`)
    const blocks = runnable('docs/mock.md')
    expect(blocks.length).toBeGreaterThanOrEqual(3)
    expect(await page.locator('.runnable-example .runnable-run').count()).toBe(blocks.length)
    for (const block of blocks) {
      const result = await run(block)
      expect({ where: block.where, thrown: await thrown(result) }).toEqual({ where: block.where, thrown: undefined })
      if (block.prints !== undefined) expect(await printed(result)).toContain(block.prints)
    }
    const first = await example(blocks[0]!).locator('.runnable-result')
    expect(await rows(first, 'Stores')).toContainEqual(expect.stringMatching(/\| Riverside \| 1 Main St$/))
    // The PIN example: a PIN set, a reset by one-time code (the code the mock "sent" is in its mailbox).
    const pin = example(blocks.find((b) => b.code.includes("pin('reset-pin'"))!).locator('.runnable-result')
    expect(await rows(pin, 'PIN users')).toContainEqual(
      expect.stringMatching(/^\d+ \| dara@example\.com \| yes \| 0 \|/),
    )
    expect((await rows(pin, 'One-time codes')).length).toBeGreaterThan(0)
    const listing = blocksOf('docs/mock.md').find((b) => b.skip !== undefined)!
    expect(await example(listing).locator('.runnable-run').count()).toBe(0)
    expect(await example(listing).locator('.runnable-note').textContent()).toBe(
      `Not run by the doc-test: ${listing.skip}.`,
    )
  })

  it('an edited example runs as edited: a larger order, then a week later the refund has settled', async () => {
    await page.goto(`${site.origin}/sdk`)
    const block = runnable('docs/sdk.md').find((b) => b.code.includes("kind: 'drop-response'"))!
    let result = await run(block)
    expect(await printed(result)).toBe('2 { balance: 112.5, freeze: 5, usable: 107.5 }')

    const content = example(block).locator('.cm-content')
    await content.click()
    await page.keyboard.press('Control+A')
    const edited = block.code
      .replace('amount: 12.5', 'amount: 40')
      .replace(/\nconsole\.log\(/, '\nawait mock.clock.advance(8 * 24 * 3_600_000)\nconsole.log(')
    expect(edited).not.toBe(block.code)
    await page.keyboard.insertText(edited)
    result = await run(block)
    expect(await thrown(result)).toBeUndefined()
    // 100 + 40 - 5: the order is larger, and the refund, settled, no longer holds its 5 frozen.
    expect(await printed(result)).toBe('2 { balance: 135, freeze: 0, usable: 135 }')
    // (The panel shows the example's own mock, and the guide's gateway that the page's prelude made.)
    expect(await rows(result, 'Orders')).toContainEqual(expect.stringMatching(/^1001 \| \d+ \| 40\.00 USD \| /))
    expect(await rows(result, 'Refunds')).toEqual([expect.stringMatching(/^\d+ \| 1001 \| 5\.00 USD \| completed \|/)])

    // Reset puts the guide's code back; the next run is the guide's again, on a fresh mock.
    await example(block).locator('.runnable-reset').click()
    result = await run(block)
    expect(await printed(result)).toBe('2 { balance: 112.5, freeze: 5, usable: 107.5 }')
  })

  it('every example the doc-test runs and a browser can has a Run button on a page, and runs there', async () => {
    // The pages whose built HTML has a Run button: the guides, the READMEs and the examples' pages.
    const pages = readdirSync(DIST, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.html'))
      .map((e) => join(e.parentPath, e.name))
      .filter((file) => readFileSync(file, 'utf8').includes('runnable-run'))
      .map((file) => `/${relative(DIST, file).replace(/\.html$/, '')}`)
    expect(pages).toEqual(expect.arrayContaining(['/sdk', '/mock', '/sdk-readme', '/repository-readme']))
    // The two guides' pages are the first two tests': every Run button there is one of the guide's examples, each
    // run and its result read (running them again here cost some 6 s of the site's Chromium).
    const guides: Record<string, string> = { '/sdk': 'docs/sdk.md', '/mock': 'docs/mock.md' }
    const outcomes: string[] = []
    for (const path of pages.filter((p) => guides[p] === undefined)) {
      await page.goto(`${site.origin}${path}`)
      const boxes = page.locator('.runnable-example:has(.runnable-run)')
      for (let i = 0; i < (await boxes.count()); i++) {
        const box = boxes.nth(i)
        await box.locator('.runnable-run').click()
        await box.locator('.runnable-time').waitFor({ timeout: 20_000 })
        const threw = await thrown(box.locator('.runnable-result'))
        outcomes.push(`${await box.getAttribute('data-where')}: ${threw ?? 'ran'}`)
      }
    }
    expect(outcomes.filter((o) => !o.endsWith(': ran'))).toEqual([])
    // Every example the doc-test runs in Node, and that can run in a browser, has its Run button on a page.
    const ran = new Set([
      ...outcomes.map((o) => o.slice(0, o.lastIndexOf(': '))),
      ...Object.values(guides).flatMap((file) => runnable(file).map((b) => b.where)),
    ])
    const expected = guideFiles()
      .flatMap(runnable)
      .map((b) => b.where)
    expect(expected.length).toBeGreaterThanOrEqual(20)
    expect(expected.filter((where) => !ran.has(where))).toEqual([])
    // Every runnable example of the site, one after the other: minutes on a busy machine, not the 60 s of one page.
  }, 600_000)

  it(`at 1280 px a code block holds ${CODE_COLUMNS} characters and no guide's code scrolls sideways`, async () => {
    // A page of its own, 1280 px wide: what an earlier test left running cannot move it.
    const wide = await opened.browser.newPage({ viewport: { width: 1280, height: 800 } })
    // The guides whose code is all in their markdown (an example's page also shows source files whole, at the
    // code's 120 columns), wrapped to what scripts/check-code-width.mjs allows.
    const sample = ['/', '/verify', '/browser-mocking', '/releases', '/errors']
    const scrolled: string[] = []
    for (const path of sample) {
      await wide.goto(`${site.origin}${path}`)
      const pres = wide.locator('.vp-doc div[class*="language-"] pre')
      expect(await pres.count(), path).toBeGreaterThan(0)
      for (const [i, width] of (
        await pres.evaluateAll((all) => all.map((p) => [p.scrollWidth, p.clientWidth]))
      ).entries())
        if (width[0]! > width[1]!)
          scrolled.push(`${path}: code block ${i + 1} is ${width[0]} px wide in ${width[1]} px`)
    }
    expect(scrolled).toEqual([])
    // The figure the static check uses: how many characters of the code's font fit in a guide's code block.
    await wide.goto(`${site.origin}/verify`)
    const fit = await wide
      .locator('.vp-doc div[class*="language-"] pre')
      .first()
      .evaluate((pre) => {
        const code = pre.querySelector('code')!
        const padding = ['paddingLeft', 'paddingRight'] as const
        const inner = pre.clientWidth - padding.reduce((sum, side) => sum + parseFloat(getComputedStyle(code)[side]), 0)
        const probe = document.createElement('span')
        probe.textContent = 'x'.repeat(200)
        code.append(probe)
        const character = probe.getBoundingClientRect().width / 200
        probe.remove()
        return Math.floor(inner / character)
      })
    expect(fit).toBe(CODE_COLUMNS)
    await wide.close()
  })

  it('no page asked a host other than its own, and none logged an error', () => {
    expect(requested.length).toBeGreaterThan(10)
    expect(requested.filter((url) => !url.startsWith(`${site.origin}/`))).toEqual([])
    expect(errors).toEqual([])
  })
})
