/**
 * @module docs/diagrams/graphs
 * The guides' ```mermaid blocks and the names of their pictures: render.ts draws each graph into
 * `docs/public/diagrams/<hash>-light.svg` and `-dark.svg`, and markdown.ts shows those files where the block
 * stood. The name is a hash of the graph and of what draws it (mermaid's version, render.ts), so an edited graph,
 * a new mermaid or a change to how pictures are drawn gets new pictures and a page never shows a stale one. The
 * pictures are committed: a fresh clone builds the site without drawing them (Chromium and mermaid take some 25 s
 * of a build for the six graphs), and only a new name is drawn. Node only.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const DOCS = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Where the pictures are written: the site's public assets, served as `/diagrams/<file>`.
 *
 * @example
 * ```ts
 * existsSync(join(DIAGRAMS_FOLDER, diagramFile(graph, 'light')))
 * ```
 */
export const DIAGRAMS_FOLDER = join(DOCS, 'public/diagrams')

/** What draws a picture: mermaid's version and the drawing script's text. */
const DRAWN_BY = `${createRequire(import.meta.url)('mermaid/package.json').version}\n${readFileSync(
  fileURLToPath(new URL('./render.ts', import.meta.url)),
  'utf8',
)}\n`

/**
 * The file name of a graph's picture in the light or dark colours.
 *
 * @example
 * ```ts
 * diagramFile('stateDiagram-v2\n  [*] --> pending', 'dark') // 'diagram-3f1c0a9b27de-dark.svg'
 * ```
 */
export function diagramFile(graph: string, scheme: 'light' | 'dark'): string {
  const hash = createHash('sha256').update(DRAWN_BY).update(graph.trim()).digest('hex').slice(0, 12)
  return `diagram-${hash}-${scheme}.svg`
}

/**
 * Every ```mermaid block of the site's pages (docs/, not the generated API reference), with its page.
 *
 * @example
 * ```ts
 * mermaidBlocks().filter((b) => b.page === 'states.md').length // 6
 * ```
 */
export function mermaidBlocks(): { page: string; graph: string }[] {
  const pages = readdirSync(DOCS, { recursive: true, withFileTypes: true }).filter(
    (e) =>
      e.isFile() &&
      e.name.endsWith('.md') &&
      !/(^|\/)(api|node_modules|\.vitepress|public)(\/|$)/.test(relative(DOCS, e.parentPath)),
  )
  return pages.flatMap((entry) => {
    const file = join(entry.parentPath, entry.name)
    const page = relative(DOCS, file)
    return [...readFileSync(file, 'utf8').matchAll(/^```mermaid[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => ({
      page,
      graph: m[1]!.trim(),
    }))
  })
}
