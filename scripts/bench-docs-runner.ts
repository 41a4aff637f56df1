/**
 * @module scripts/bench-docs-runner
 * Bench of the docs site's example runner (docs/.vitepress/runner/), in Debian's Chromium: its budgets, and
 * the two TypeScript strippers it was chosen between. A measurement, not a test: it prints the figures and
 * whether each budget is met, and exits 0 unless it cannot run.
 *
 * Budgets, on a page with runnable examples (docs/sdk.md's):
 * - the page's JavaScript before any Run (what its HTML loads; VitePress's prefetch of linked pages, on
 *   idle, is shown apart): at most 150 KB of gzip;
 * - what the first Run loads (the runner, the TypeScript stripper, the SDK, the mock, the editor): at most
 *   300 KB of gzip;
 * - the first Run shows its output within 1 s of the click, a later Run within 150 ms (the component's own
 *   measure, from the click's handler to the frame after the result is rendered; the median of 10 runs).
 *
 * The strippers, sucrase and esbuild-wasm, each in a fresh page: the download (gzip of what the page
 * fetches: sucrase bundled and minified; esbuild-wasm's browser.min.js and esbuild.wasm), the first
 * transform (from the import to its output: download, compile, initialise and one transform of the first
 * example) and the later ones (every runnable guide example, three times; median and largest).
 *
 * - `--build`: the whole site build (`npm run docs`, each step timed) at most 60 s, then that site measured.
 *
 * Run: `npm run bench:docs` (`--build`: builds the site, times it, and measures it). `npx tsx
 * scripts/bench-docs-runner.ts` measures the site already built in docs/.vitepress/dist (`npm run docs`),
 * `--site <folder>` another build; `--page /mock` another page than `/sdk`. Sizes are gzip at zlib's default
 * level, as served files usually are.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild-wasm'
import type { Browser, Page } from 'playwright'
import { blocksOf, guideFiles } from '../docs/.vitepress/runner/blocks.js'
import { launchChromium, type ServedSite, serveSite } from '../docs/.vitepress/runner/site.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const KB = 1000
const SITE = `${ROOT}docs/.vitepress/dist`
const BUDGET = { buildS: 60, pageKb: 150, runKb: 300, firstRunMs: 1000, laterRunMs: 150 }

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met'
}

/** The JavaScript files a page requested, by path, while `during` ran. */
async function scriptsDuring(page: Page, site: ServedSite, during: () => Promise<void>): Promise<string[]> {
  const paths: string[] = []
  const seen = (request: { url(): string }) => {
    const url = new URL(request.url())
    if (url.origin !== site.origin) throw new Error(`the page asked another host: ${url.href}`)
    if (url.pathname.endsWith('.js')) paths.push(url.pathname)
  }
  page.on('request', seen)
  try {
    await during()
  } finally {
    page.off('request', seen)
  }
  return [...new Set(paths)]
}

/** Clicks an example's Run and resolves with the component's measure, in milliseconds. */
async function run(page: Page, index: number): Promise<number> {
  const example = page.locator('.runnable-example:has(.runnable-run)').nth(index)
  await example.locator('.runnable-run').click()
  const time = example.locator('.runnable-time')
  await time.waitFor({ timeout: 20_000 })
  if ((await example.locator('.runnable-result .runnable-error').count()) > 0)
    throw new Error(`the example failed: ${await example.locator('.runnable-error').innerText()}`)
  return Number(await time.getAttribute('data-ms'))
}

async function benchSite(browser: Browser, site: ServedSite, pagePath: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  let prefetched: string[] = []
  const before = await scriptsDuring(page, site, async () => {
    await page.goto(`${site.origin}${pagePath}`)
    await page.waitForLoadState('networkidle')
    prefetched = await page.$$eval('link[rel="prefetch"]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    )
  })
  const own = before.filter((p) => !prefetched.includes(p))
  const sum = (paths: string[]) => paths.reduce((total, p) => total + site.gzipSize(p), 0)
  const runnable = await page.locator('.runnable-example:has(.runnable-run)').count()
  if (runnable < 2) throw new Error(`${pagePath} has ${runnable} runnable examples; the bench needs 2`)
  let firstMs = 0
  const loadedByRun = await scriptsDuring(page, site, async () => {
    firstMs = await run(page, 0)
  })
  const later: number[] = []
  for (let i = 0; i < 10; i++) later.push(await run(page, 0))
  const otherFirst = await run(page, 1)
  await context.close()

  const pageBytes = sum(own)
  const runBytes = sum(loadedByRun)
  console.log(`\nThe page ${pagePath} (${runnable} runnable examples)`)
  console.log(`  JavaScript before Run: ${kb(pageBytes)} gzip in ${own.length} files`)
  for (const p of own) console.log(`    ${kb(site.gzipSize(p)).padStart(9)}  ${p}`)
  console.log(
    `  prefetched on idle (other pages, not this one's): ${kb(sum(prefetched))} in ${prefetched.length} files`,
  )
  console.log(`  what the first Run loads: ${kb(runBytes)} gzip in ${loadedByRun.length} files`)
  for (const p of loadedByRun) console.log(`    ${kb(site.gzipSize(p)).padStart(9)}  ${p}`)
  console.log(`  first Run, click to output: ${firstMs} ms`)
  console.log(`  later Runs of the same example: median ${median(later)} ms, largest ${Math.max(...later)} ms`)
  console.log(`  first Run of a second example (runner loaded): ${otherFirst} ms`)
  console.log('\nBudgets')
  console.log(
    `  page JS before Run  ${kb(pageBytes)} <= ${BUDGET.pageKb} KB: ${verdict(pageBytes <= BUDGET.pageKb * KB)}`,
  )
  console.log(`  what Run loads      ${kb(runBytes)} <= ${BUDGET.runKb} KB: ${verdict(runBytes <= BUDGET.runKb * KB)}`)
  console.log(
    `  first Run           ${firstMs} ms <= ${BUDGET.firstRunMs} ms: ${verdict(firstMs <= BUDGET.firstRunMs)}`,
  )
  const laterMs = median(later)
  console.log(
    `  later Run (median)  ${laterMs} ms <= ${BUDGET.laterRunMs} ms: ${verdict(laterMs <= BUDGET.laterRunMs)}`,
  )
}

/** sucrase bundled and minified for the page, as the runner's chunk holds it. */
async function sucraseBundle(): Promise<string> {
  const result = await build({
    stdin: { contents: "export { transform } from 'sucrase'", resolveDir: `${ROOT}docs`, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  })
  return result.outputFiles[0]!.text
}

/**
 * The bench page's script (plain JavaScript in the page, so that nothing of this file's compilation is
 * serialised into it): `bench(name, codes)` imports one stripper, transforms the first example, then every
 * example three times.
 */
const BENCH_PAGE = `<!doctype html><title>bench</title><script type="module">
window.bench = async (name, codes) => {
  const started = performance.now()
  let strip
  let tlaWithCjs
  if (name === 'sucrase') {
    const { transform } = await import('/bench/sucrase.js')
    strip = (code) => transform(code, { transforms: ['typescript', 'imports'], disableESTransforms: true }).code
  } else {
    const esbuild = await import('/bench/esbuild/browser.min.js')
    await esbuild.initialize({ wasmURL: '/bench/esbuild/esbuild.wasm' })
    strip = async (code) => (await esbuild.transform(code, { loader: 'ts', format: 'esm' })).code
    try {
      await esbuild.transform('await 1', { loader: 'ts', format: 'cjs' })
    } catch (error) {
      tlaWithCjs = error.errors?.[0]?.text ?? String(error)
    }
  }
  const firstStarted = performance.now()
  await strip(codes[0])
  const firstDone = performance.now()
  const later = []
  for (let round = 0; round < 3; round++) {
    for (const code of codes) {
      const t = performance.now()
      await strip(code)
      later.push(performance.now() - t)
    }
  }
  later.sort((a, b) => a - b)
  return {
    loadAndFirstMs: firstDone - started,
    firstTransformMs: firstDone - firstStarted,
    laterMedianMs: later[Math.floor(later.length / 2)],
    laterMaxMs: later[later.length - 1],
    tlaWithCjs,
  }
}
</script>`

type Bench = (name: string, codes: readonly string[]) => Promise<StripperFigures>

interface StripperFigures {
  loadAndFirstMs: number
  firstTransformMs: number
  laterMedianMs: number
  laterMaxMs: number
  tlaWithCjs?: string
}

async function benchStrippers(browser: Browser, site: ServedSite, codes: string[]) {
  const measure = async (name: 'sucrase' | 'esbuild-wasm'): Promise<StripperFigures> => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${site.origin}/bench/index.html`)
    const figures = (await page.evaluate(
      ([name, codes]) => (window as unknown as { bench: Bench }).bench(name, codes),
      [name, codes] as const,
    )) as StripperFigures
    await context.close()
    return figures
  }
  const sizes = {
    sucrase: site.gzipSize('/bench/sucrase.js'),
    'esbuild-wasm': site.gzipSize('/bench/esbuild/browser.min.js') + site.gzipSize('/bench/esbuild/esbuild.wasm'),
  }
  console.log(`\nTypeScript strippers (${codes.length} runnable guide examples; each in a fresh page)`)
  for (const name of ['sucrase', 'esbuild-wasm'] as const) {
    const f = await measure(name)
    console.log(`  ${name}`)
    console.log(`    download: ${kb(sizes[name])} gzip`)
    console.log(
      `    import to first output: ${f.loadAndFirstMs.toFixed(1)} ms` +
        ` (first transform ${f.firstTransformMs.toFixed(1)} ms)`,
    )
    console.log(`    later transforms: median ${f.laterMedianMs.toFixed(2)} ms, largest ${f.laterMaxMs.toFixed(2)} ms`)
    if (f.tlaWithCjs) console.log(`    format cjs with top-level await: ${f.tlaWithCjs.trim()}`)
  }
}

/**
 * `--build`: the site's build, step by step as `npm run docs` runs them (the diagrams drawn from nothing, as on a
 * fresh clone), timed on the wall clock; then the built site is the one measured. Budget: 60 s in all.
 */
function benchBuild(): void {
  const steps: [string, string[]][] = [
    ['OpenAPI pages (docs:openapi)', ['run', 'docs:openapi']],
    ['API reference (docs:api, typedoc)', ['run', 'docs:api']],
    ['diagrams (docs:diagrams, from nothing)', ['run', 'docs:diagrams']],
    ['vitepress build', ['run', 'build', '-w', '@merchant-gateway/docs']],
  ]
  rmSync(`${ROOT}docs/public/diagrams`, { recursive: true, force: true })
  console.log('\nThe site build (npm run docs, step by step)')
  let total = 0
  for (const [name, args] of steps) {
    const started = performance.now()
    execFileSync('npm', args, { cwd: ROOT, stdio: 'ignore' })
    const seconds = (performance.now() - started) / 1000
    total += seconds
    console.log(`  ${name.padEnd(42)} ${seconds.toFixed(1).padStart(6)} s`)
  }
  console.log(
    `  ${'in all'.padEnd(42)} ${total.toFixed(1).padStart(6)} s <= ${BUDGET.buildS} s: ` +
      verdict(total <= BUDGET.buildS),
  )
}

if (process.argv.includes('--build')) benchBuild()
const siteDir = process.argv.includes('--build') ? SITE : (option('--site') ?? SITE)
const pagePath = option('--page') ?? '/sdk'
const codes = guideFiles()
  .flatMap(blocksOf)
  .filter((b) => b.skip === undefined)
  .map((b) => b.code)
const dir = siteDir
const esbuildDir = `${ROOT}node_modules/esbuild-wasm/`
const site = await serveSite(dir, {
  '/bench/index.html': { type: 'text/html', body: BENCH_PAGE },
  '/bench/sucrase.js': { type: 'text/javascript', body: await sucraseBundle() },
  '/bench/esbuild/browser.min.js': {
    type: 'text/javascript',
    body: readFileSync(`${esbuildDir}esm/browser.min.js`),
  },
  '/bench/esbuild/esbuild.wasm': { type: 'application/wasm', body: readFileSync(`${esbuildDir}esbuild.wasm`) },
})
const browser = await launchChromium()
try {
  console.log(`Site: ${siteDir}, served at ${site.origin}`)
  await benchSite(browser, site, pagePath)
  await benchStrippers(browser, site, codes)
} finally {
  await browser.close()
  await site.close()
}
