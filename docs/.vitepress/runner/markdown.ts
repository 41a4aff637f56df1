/**
 * @module docs/runner/markdown
 * The markdown-it plugin that gives the guides' TypeScript examples a Run button on the docs site. Each
 * ```ts fence that the doc-test runs (test/guides: the same reading of the same files, blocks.ts) is
 * rendered, highlighted as before, inside `<RunnableExample>` with its source and its `file:line`; a block
 * the doc-test skips gets the marker's reason instead of the button, and one that cannot run in a browser
 * (modules.ts: it imports `node:*` or starts a server) says why. A fence that is not one of the doc-test's
 * blocks (the API reference's, a `sh` block) is left as it was.
 */
import { statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MarkdownRenderer } from 'vitepress'
import { blocksOf, type CodeBlock, guideFiles } from './blocks.js'
import { browserBlocker } from './modules.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** What VitePress puts in markdown-it's `env` that is read here. */
interface PageEnv {
  path?: string
  realPath?: string
}

/** The guides' blocks, gathered once per page render (a dev server sees an edited guide on the next render). */
const blocksByRender = new WeakMap<object, CodeBlock[]>()

/**
 * Each guide's blocks as last read, with the file's modification time and size then. A page render reads again
 * only a guide that changed: the site's build renders some 470 pages, and reading and parsing the 27 guides for
 * each took 5-6 of the build's 77 s of CPU.
 */
const blocksByFile = new Map<string, { mtimeMs: number; size: number; blocks: CodeBlock[] }>()

/** The blocks of the guide at `file` (relative to the repository's root), read again only when it changed. */
function currentBlocks(file: string): CodeBlock[] {
  const { mtimeMs, size } = statSync(join(ROOT, file))
  const known = blocksByFile.get(file)
  if (known !== undefined && known.mtimeMs === mtimeMs && known.size === size) return known.blocks
  const blocks = blocksOf(file)
  blocksByFile.set(file, { mtimeMs, size, blocks })
  return blocks
}

/**
 * The doc-test's block that a fence of the page at `file` (relative to the repository's root) shows: the one
 * of that file on that line, or else the one with the same code, preferably of the same file. A page that
 * includes a guide (`<!--@include: -->`) has its lines elsewhere, hence the code as the second key.
 */
function blockOf(all: readonly CodeBlock[], file: string | undefined, line: number, code: string) {
  const exact = all.find((b) => b.where === `${file}:${line}`)
  if (exact && exact.code === code) return exact
  const same = all.filter((b) => b.code === code)
  return same.find((b) => b.where.startsWith(`${file}:`)) ?? same[0]
}

/** Escapes text for a double-quoted HTML attribute (Vue's template compiler decodes the entities). */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Registers the runnable examples on VitePress's markdown-it instance: the fence renderer is wrapped, so
 * VitePress's own highlighting, copy button and language label stay as they are, inside the component.
 *
 * @example
 * ```ts
 * // docs/.vitepress/config.ts
 * export default defineConfig({ markdown: { config: (md) => md.use(runnableExamples) } })
 * ```
 */
export function runnableExamples(md: MarkdownRenderer): void {
  const fence = md.renderer.rules.fence
  if (fence === undefined) throw new Error('runnableExamples: markdown-it has no fence renderer to wrap')
  md.renderer.rules.fence = (tokens, idx, options, env: PageEnv, self) => {
    const html = fence(tokens, idx, options, env, self)
    const token = tokens[idx]!
    if (token.info.trim() !== 'ts' || token.map === null) return html
    let all = blocksByRender.get(env)
    if (all === undefined) blocksByRender.set(env, (all = guideFiles().flatMap(currentBlocks)))
    const page = env.realPath ?? env.path
    const file = page === undefined ? undefined : relative(ROOT, page).split('\\').join('/')
    const block = blockOf(all, file, token.map[0] + 1, token.content.replace(/\n$/, ''))
    if (block === undefined) return html
    const blocker = browserBlocker(block.code)
    const note =
      block.skip !== undefined
        ? `Not run by the doc-test: ${block.skip}.`
        : blocker !== undefined
          ? `This example runs in Node, not in the page: ${blocker}.`
          : undefined
    const props = [
      `where="${attribute(block.where)}"`,
      note === undefined
        ? `source="${attribute(block.code)}" kind="${block.selfContained ? 'self-contained' : 'guide'}"`
        : `note="${attribute(note)}"`,
    ]
    return `<RunnableExample ${props.join(' ')}>\n${html}</RunnableExample>\n`
  }
}
