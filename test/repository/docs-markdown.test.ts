/**
 * The site's pages build: VitePress compiles each page of `docs/` as a Vue template, where a line of prose that
 * starts with `<word` is an element to close. A code span that breaks before such a text (`--against` at a line's
 * end, `<checkout before>` at the next line's start) left an unclosed element and failed the docs build, in CI,
 * minutes after the change. This finds it in the test run: no line that continues an open code span starts with
 * `<` and a letter.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)

/** Where a line continues a code span opened on the line before and starts as an element would: `file:line`. */
function spanBreaksBeforeElement(file: string, text: string): string[] {
  const found: string[] = []
  let fenced = false
  let open = false
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      open = false
      return
    }
    if (fenced) return
    if (line.trim() === '') {
      open = false
      return
    }
    if (open && /^\s*<[A-Za-z]/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`)
    // A backtick count that is odd opens (or closes) a span across the line's end.
    if ((line.match(/`/g)?.length ?? 0) % 2 === 1) open = !open
  })
  return found
}

const PAGES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'docs'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path.endsWith('.md') && !path.startsWith('docs/api/'))

describe("the docs site's pages", () => {
  it('no code span breaks across lines before a text that starts like an element (<word>)', () => {
    expect(PAGES.length).toBeGreaterThan(10)
    expect(PAGES.flatMap((page) => spanBreaksBeforeElement(page, readFileSync(new URL(page, ROOT), 'utf8')))).toEqual(
      [],
    )
  })

  it('finds the break that failed the build, and leaves a span on one line or a page of its own alone', () => {
    const broken = 'The CPU: `npm run bench:http -- --against\n<checkout before>` (5 rounds) gave.'
    expect(spanBreaksBeforeElement('x.md', broken)).toEqual(['x.md:2: <checkout before>` (5 rounds) gave.'])
    expect(spanBreaksBeforeElement('x.md', 'A span `--against <ref>` on one line,\nand text.')).toEqual([])
    expect(spanBreaksBeforeElement('x.md', 'A page of its own:\n\n<OpenApiReference name="control" />')).toEqual([])
    expect(spanBreaksBeforeElement('x.md', '```sh\necho `x\n<y>\n```')).toEqual([])
  })
})
