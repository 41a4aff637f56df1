/**
 * @module docs/runner/blocks
 * The TypeScript code blocks of the guides (README.md, docs/*.md, the packages' and examples' READMEs):
 * each ```ts block, where it is, and whether it is marked as not runnable. The doc-test (test/guides) runs
 * them in Node and the docs site's markdown plugin (markdown.ts) puts a Run button on the same ones, both
 * from this one reading, so a change to an example or to its marker changes both.
 *
 * A block preceded by the comment `<!-- doc-test: skip: <reason> -->` is not run (a fragment of a browser
 * test file, a listing that names arguments instead of passing them); the reason is required and the suite
 * lists them. A block preceded by `<!-- doc-test: prints: <text> -->` must write that text to the console
 * when it runs: an example that branches on an outcome shows, this way, that it reaches the branch it is
 * about.
 *
 * The blocks of a self-contained guide ({@link SELF_CONTAINED_GUIDES}) are complete programs: a reader
 * copies one and runs it as it is, so it must define every name it uses. The suite type-checks them without
 * the prelude's names and runs them as the reader does, against the mock server (test/guides/prelude.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'

const ROOT = new URL('../../../', import.meta.url)

/**
 * The markdown files whose TypeScript blocks are checked, relative to the repository's root.
 *
 * @example
 * ```ts
 * guideFiles() // ['README.md', 'docs/mock.md', ..., 'packages/sdk/README.md', ...]
 * ```
 */
export function guideFiles(): string[] {
  const dirs = [
    'docs',
    'packages/contract',
    'packages/mock',
    'packages/sdk',
    'examples/quickstart',
    'examples/webhook-receiver',
    'examples/browser-tests',
    'examples/pin-app',
    'examples/pin-app-e2e',
    'examples/pin-app-storybook',
  ]
  const files = ['README.md']
  for (const dir of dirs) {
    for (const name of readdirSync(new URL(`${dir}/`, ROOT)))
      if (name.endsWith('.md') && name !== 'CHANGELOG.md') files.push(`${dir}/${name}`)
  }
  return files
}

/**
 * The guides whose examples define every name they use (they may read the environment variables of the
 * guide's "Try the examples": `GATEWAY_BASE_URL`, `GATEWAY_API_KEY`, `GATEWAY_API_SECRET`): the SDK's
 * README, which a merchant reads on npm and copies from.
 *
 * @example
 * ```ts
 * SELF_CONTAINED_GUIDES.includes('packages/sdk/README.md') // true
 * ```
 */
const SELF_CONTAINED_GUIDES: readonly string[] = ['packages/sdk/README.md']

/**
 * One ```ts block of a guide.
 *
 * @example
 * ```ts
 * const block: CodeBlock = { where: 'docs/sdk.md:18', id: 'docs-sdk-md-18', code, selfContained: false }
 * ```
 */
export interface CodeBlock {
  /** `docs/sdk.md:42`: the file and the line of the opening fence. */
  where: string
  /** A file name for the block's module: `docs-sdk-md-42`. */
  id: string
  code: string
  /** Why the block is not run, when it is marked so. */
  skip?: string
  /** What the block must write to the console when it runs, when it is marked so. */
  prints?: string
  /** True in a self-contained guide: checked and run without the prelude's names. */
  selfContained: boolean
}

const SKIP = /^<!--\s*doc-test:\s*skip:\s*(.+?)\s*-->$/
const PRINTS = /^<!--\s*doc-test:\s*prints:\s*(.+?)\s*-->$/

/**
 * Every ```ts block of a guide's text, in order; `file` (relative to the repository's root) names them.
 *
 * @example
 * ```ts
 * parseBlocks('<!-- doc-test: skip: a listing of names -->\n```ts\nmock.clock.set(time)\n```\n', 'docs/x.md')
 * // [{ where: 'docs/x.md:2', id: 'docs-x-md-2', code: 'mock.clock.set(time)', skip: 'a listing of names', ... }]
 * ```
 */
function parseBlocks(text: string, file: string): CodeBlock[] {
  const lines = text.split('\n')
  const blocks: CodeBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ts\s*$/.test(lines[i]!)) continue
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!)
    // The marker sits on the line before the fence (a blank line may separate them).
    const before = [lines[start - 1], lines[start - 2]].find((l) => l !== undefined && l.trim() !== '')
    const skip = before === undefined ? undefined : SKIP.exec(before.trim())?.[1]
    const prints = before === undefined ? undefined : PRINTS.exec(before.trim())?.[1]
    blocks.push({
      where: `${file}:${start + 1}`,
      id: `${file.replace(/[^a-zA-Z0-9]+/g, '-')}-${start + 1}`,
      code: body.join('\n'),
      ...(skip === undefined ? {} : { skip }),
      ...(prints === undefined ? {} : { prints }),
      selfContained: SELF_CONTAINED_GUIDES.includes(file),
    })
  }
  return blocks
}

/**
 * Every ```ts block of `file` (relative to the repository's root), in order.
 *
 * @example
 * ```ts
 * blocksOf('docs/sdk.md')[0]?.where // 'docs/sdk.md:18'
 * ```
 */
export function blocksOf(file: string): CodeBlock[] {
  return parseBlocks(readFileSync(new URL(file, ROOT), 'utf8'), file)
}
