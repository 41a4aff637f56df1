/**
 * @module docs/diagrams/render
 * `npm run docs:diagrams` (run by `npm run docs` and `docs:dev` before VitePress): draws every ```mermaid block
 * of the guides with the repository's mermaid package, in headless Debian Chromium (mermaid measures its text in
 * a real page), once in the site's light colours and once in its dark ones, into `docs/public/diagrams/` as SVG
 * files named by the graph's hash. The pages then show them as images (markdown.ts), so a reader's browser loads
 * no mermaid (some 700 KB of gzip) and the site's build does not bundle it (half the build's time). A graph whose
 * pictures are already there is not drawn again; a picture no graph names any more is removed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { launchChromium } from '../runner/site.js'
import { DIAGRAMS_FOLDER, diagramFile, mermaidBlocks } from './graphs.js'

const require = createRequire(import.meta.url)
const started = performance.now()
const graphs = [...new Set(mermaidBlocks().map((b) => b.graph))]
const wanted = new Set(graphs.flatMap((g) => [diagramFile(g, 'light'), diagramFile(g, 'dark')]))
mkdirSync(DIAGRAMS_FOLDER, { recursive: true })
const present = new Set(readdirSync(DIAGRAMS_FOLDER))
for (const file of present) if (!wanted.has(file)) rmSync(join(DIAGRAMS_FOLDER, file))
const missing = graphs.filter((g) => !present.has(diagramFile(g, 'light')) || !present.has(diagramFile(g, 'dark')))

if (missing.length > 0) {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    // Nothing but the page itself and mermaid's script from node_modules: no request leaves the machine.
    await page.route('**/*', (route) => route.abort())
    await page.setContent('<!doctype html><html><body></body></html>')
    await page.addScriptTag({ content: readFileSync(require.resolve('mermaid/dist/mermaid.min.js'), 'utf8') })
    for (const graph of missing) {
      for (const scheme of ['light', 'dark'] as const) {
        const file = diagramFile(graph, scheme)
        const svg = await page.evaluate(
          async ({ graph, scheme, id }) => {
            const { mermaid } = globalThis as unknown as {
              mermaid: {
                initialize(config: object): void
                render(id: string, text: string): Promise<{ svg: string }>
              }
            }
            // SVG text rather than HTML labels: the picture is shown as an <img>, which draws no HTML inside SVG.
            mermaid.initialize({
              startOnLoad: false,
              securityLevel: 'strict',
              theme: scheme === 'dark' ? 'dark' : 'default',
              htmlLabels: false,
              flowchart: { htmlLabels: false },
              fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
            })
            return (await mermaid.render(id, graph)).svg
          },
          { graph, scheme, id: file.replace(/\.svg$/, '') },
        )
        writeFileSync(join(DIAGRAMS_FOLDER, file), svg)
      }
    }
  } finally {
    await browser.close()
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(`diagrams: ${graphs.length} graphs, ${missing.length} drawn (light and dark) in ${seconds} s`)
