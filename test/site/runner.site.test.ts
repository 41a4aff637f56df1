/**
 * @module test/site/runner.site.test
 * The docs site's example runner (docs/.vitepress/runner/) in headless Chromium (Debian's, never a
 * downloaded one), on the built site (docs/.vitepress/dist, `npm run docs` first: the SDK's README is a page
 * of it, and the SDK's guide), served from 127.0.0.1:
 * nothing of the runner loads before a Run; a self-contained example and a guide's example run and print,
 * with the mock's state after them; an edit changes the output, and an error shows its class, status and
 * code; Reset puts the guide's code back; a skipped block and one that needs Node say why instead of a Run
 * button; and no request of the page leaves its own address. Whole pages of the docs site are the site's
 * tests' to cover.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocksOf, type CodeBlock } from '../../docs/.vitepress/runner/blocks.js'
import type { ServedSite } from '../../docs/.vitepress/runner/site.js'
import { DIST, type OpenedSite, openBuiltSite } from './built-site.js'

let opened: OpenedSite
let site: ServedSite
let page: Page
/** Every address the page asked for, in every test. */
let requested: string[]

const README = blocksOf('packages/sdk/README.md')
/** The README's first example: it creates an order, pays it through the mock's control API, refunds 2.50. */
const USAGE = README.find((b) => b.code.includes('/__mock/payments') && b.code.includes('refunds.create'))!

/** The example of `block` on the page. */
function example(block: CodeBlock): Locator {
  return page.locator(`.runnable-example[data-where="${block.where}"]`)
}

/** The text beside the example's Run button, its spaces as a reader sees them. */
async function hint(block: CodeBlock): Promise<string | undefined> {
  return (await example(block).locator('.runnable-hint').textContent())?.replace(/\s+/g, ' ').trim()
}

/** Clicks the example's Run (or Run again) and waits for its result. */
async function run(block: CodeBlock): Promise<Locator> {
  const box = example(block)
  await box.locator('.runnable-run').click()
  await box.locator('.runnable-time').waitFor({ timeout: 15_000 })
  return box.locator('.runnable-result')
}

/** Replaces the editor's whole text, as a reader would: select all, then type. */
async function edit(block: CodeBlock, code: string): Promise<void> {
  const content = example(block).locator('.cm-content')
  await content.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(code)
}

/**
 * The editor's text, line by line (innerText would double the empty lines, each a line with a <br>). The editor
 * draws only the lines near the window, so its top is scrolled into view first: a block of some fifty lines (the
 * guides' code wrapped to the site's width) is then drawn whole.
 */
async function editorText(block: CodeBlock): Promise<string> {
  await example(block)
    .locator('.cm-editor')
    .evaluate((editor) => editor.scrollIntoView({ block: 'start' }))
  return example(block)
    .locator('.cm-line')
    .evaluateAll((lines) => lines.map((line) => line.textContent).join('\n'))
}

/** The rows of a table of the state panel, each row's cells joined by ' | '. */
async function rows(result: Locator, title: string): Promise<string[]> {
  const table = result.locator('.runnable-table', { has: page.locator(`h5:text-is("${title}")`) }).first()
  return table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' | ')))
}

/** The JavaScript the page fetched (file paths) while `during` ran. */
async function scriptsDuring(during: () => Promise<void>): Promise<string[]> {
  const paths: string[] = []
  const seen = (request: { url(): string }) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('.js')) paths.push(url.pathname)
  }
  page.on('request', seen)
  try {
    await during()
  } finally {
    page.off('request', seen)
  }
  return paths
}

beforeAll(async () => {
  opened = await openBuiltSite()
  ;({ site, page, requested } = opened)
}, 60_000)

afterAll(async () => {
  await opened?.close()
})

describe("the docs site's example runner", () => {
  it('loads nothing of the runner before Run; a self-contained example prints, the mock shows its state', async () => {
    const before = await scriptsDuring(async () => {
      await page.goto(`${site.origin}/sdk-readme`)
      await page.waitForLoadState('networkidle')
    })
    // The mock's own message is in the runner's chunks only: no file the page loaded holds it.
    const holdsTheMock = (path: string) => readFileSync(join(DIST, path), 'utf8').includes('[mock] fetch failed')
    expect(before.filter(holdsTheMock)).toEqual([])
    expect(await example(USAGE).locator('.cm-editor').count()).toBe(0)
    // Beside the Run button: what the example runs against, the mock as its reader's server runs it.
    expect(await hint(USAGE)).toBe(
      'Runs in this page, against the mock as npx merchant-gateway-mock serve runs it on 127.0.0.1:4010.',
    )

    let result!: Locator
    const loaded = await scriptsDuring(async () => {
      result = await run(USAGE)
    })
    expect(loaded.filter(holdsTheMock).length).toBeGreaterThan(0)
    // The code is now an editor, holding the guide's code.
    await expect.poll(() => editorText(USAGE)).toBe(USAGE.code)

    const printed = await result.locator('.runnable-output pre').innerText()
    // Its reader's mock server: the order's QR code is on the README's address.
    expect(printed).toMatch(/^1001 http:\/\/127\.0\.0\.1:4010\/qr\/\S+\.png$/m)
    expect(printed).toMatch(/^\d+ [0-9a-f-]{36} trc_[0-9a-f]+$/m)
    expect(await result.locator('.runnable-error').count()).toBe(0)
    expect(await rows(result, 'Orders')).toEqual([expect.stringMatching(/^1001 \| 101 \| 12\.50 USD \| completed \|/)])
    expect(await rows(result, 'Refunds')).toEqual([expect.stringMatching(/^\d+ \| 1001 \| 2\.50 USD \| pending \|/)])
    expect(await rows(result, 'Balances')).toContain('Demo Merchant (1) | USD | 1,012.50 USD | 2.50 USD | 1,010.00 USD')
  })

  it('runs again after an edit: a larger order, then no payment, which shows the SDK error', async () => {
    await edit(USAGE, USAGE.code.replace('amount: 12.5', 'amount: 20'))
    let result = await run(USAGE)
    expect(await rows(result, 'Orders')).toEqual([expect.stringMatching(/^1001 \| 101 \| 20\.00 USD \| completed \|/)])
    expect(await result.locator('.runnable-error').count()).toBe(0)

    // Without the customer's payment the refund is refused, as the doc-test's unpaid refund is.
    const unpaid = USAGE.code.replace(/^await fetch\([\s\S]*?^\}\)\n/m, '')
    expect(unpaid).not.toContain('/__mock/payments')
    await edit(USAGE, unpaid)
    result = await run(USAGE)
    const error = result.locator('.runnable-error')
    expect(await error.locator('.runnable-error-name').innerText()).toBe('InvalidRequestError')
    expect(await error.locator('.runnable-error-status').innerText()).toBe('422')
    expect(await error.locator('.runnable-error-code').innerText()).toBe('order_not_refundable')
    // What ran before the error printed, and the order stayed unpaid.
    expect(await result.locator('.runnable-output pre').innerText()).toMatch(/^1001 http:/m)
    expect(await rows(result, 'Orders')).toEqual([expect.stringMatching(/\| pending \|/)])
  })

  it("Reset puts the guide's code back, and the next run starts from a fresh mock", async () => {
    await example(USAGE).locator('.runnable-reset').click()
    expect(await editorText(USAGE)).toBe(USAGE.code)
    expect(await example(USAGE).locator('.runnable-result').count()).toBe(0)
    const result = await run(USAGE)
    expect(await result.locator('.runnable-error').count()).toBe(0)
    expect(await rows(result, 'Orders')).toEqual([expect.stringMatching(/^1001 \| 101 \| 12\.50 USD \| completed \|/)])
  })

  it('a skipped example and one that needs Node say why, with no Run button', async () => {
    const express = README.find((b) => b.skip?.startsWith('an Express server'))!
    expect(await example(express).locator('.runnable-run').count()).toBe(0)
    expect(await example(express).locator('.runnable-note').innerText()).toBe(
      `Not run by the doc-test: ${express.skip}.`,
    )
    const assertions = README.find((b) => b.code.includes("from 'node:assert/strict'"))!
    expect(await example(assertions).locator('.runnable-run').count()).toBe(0)
    expect(await example(assertions).locator('.runnable-note').innerText()).toBe(
      'This example runs in Node, not in the page: it imports node:assert/strict, a module of Node.',
    )
  })

  it("a guide's example runs with the prelude's names, against the gateway behind *.example.com", async () => {
    await page.goto(`${site.origin}/sdk`)
    const first = blocksOf('docs/sdk.md').find((b) => b.skip === undefined && b.code.includes('refunds.create'))!
    expect(await hint(first)).toBe(
      'Runs in this page, against the mock as merchant-gateway-mock serve --otp-dev-code 482913 runs it ' +
        'at *.example.com.',
    )
    const result = await run(first)
    expect(await result.locator('.runnable-error').count()).toBe(0)
    expect(await result.locator('summary').first().innerText()).toContain('The gateway behind *.example.com')
    // The mock pays no order by itself: the one order is the example's, which it paid through the control API.
    expect(await rows(result, 'Orders')).toEqual([expect.stringMatching(/^1001 \| 101 \| 12\.50 USD \| completed/)])
    expect((await rows(result, 'Refunds')).length).toBeGreaterThan(0)
  })

  it('no request of the page left its own address', () => {
    expect(requested.length).toBeGreaterThan(10)
    expect(requested.filter((url) => !url.startsWith(`${site.origin}/`))).toEqual([])
  })
})
