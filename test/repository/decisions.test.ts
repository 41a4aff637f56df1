/**
 * docs/decisions.md stays true: every row of its tables names what pins it, every test file it names
 * exists, and every test it quotes is in one of the files the row names. A quote may elide with "..."
 * (the parts must appear in order) and stand for a parametrised name (`%s` matches anything).
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
const DOC = readFileSync(new URL('docs/decisions.md', ROOT), 'utf8')

interface Row {
  line: number
  gap: string
  pinnedBy: string
}

/** The rows of every table: the first cell is the gap, the last what pins it. */
function rows(): Row[] {
  const out: Row[] = []
  DOC.split('\n').forEach((text, i) => {
    if (!text.startsWith('| ') || /^\|\s*(gap|---)/.test(text)) return
    // Cells are split on pipes that are not escaped (`\|` stands in a cell for a literal pipe).
    const cells = text
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim())
    out.push({ line: i + 1, gap: cells[0]!, pinnedBy: cells.at(-1)! })
  })
  return out
}

/** A path named in backticks: relative to `packages/` (as the doc says) or to the repository root. */
function resolve(path: string): URL | undefined {
  for (const base of ['packages/', '']) {
    const url = new URL(base + path, ROOT)
    if (existsSync(url)) return url
  }
  return undefined
}

const FILE = /`([\w./-]+\.(?:test|e2e\.test|browser\.test|property\.test)\.ts)`/g
const COMMAND = /`npm run [^`]+`/

/** A long name written as `'first part ' + 'second part'` (on one line or two) reads as the one string it is. */
function joinConcatenated(source: string): string {
  return source.replace(/(['"`])\s*\+\s*(['"`])/g, '')
}

/** Does `text` contain the quoted name, with "..." as gaps and `%s`, `%i`, `%j`, `$label` as wildcards? */
function quotedIn(quote: string, text: string): boolean {
  const parts = quote.split(/\s*(?:\.\.\.|…)\s*/).filter((p) => p.trim() !== '')
  let from = 0
  for (const part of parts) {
    // Source strings may escape a quote (`merchant\'s`, `\"envelope\"`): an optional backslash before each.
    const pattern = part
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/%[sijd]|\\\$\w+/g, '[\\s\\S]*?')
      .replace(/['"]/g, '\\\\?$&')
    const match = new RegExp(pattern).exec(text.slice(from))
    if (!match) return false
    from += match.index + match[0].length
  }
  return parts.length > 0
}

describe('docs/decisions.md', () => {
  const all = rows()

  it('has rows to check', () => {
    expect(all.length).toBeGreaterThan(50)
  })

  it.each(all.map((r) => [r.line, r.gap.slice(0, 60), r] as const))(
    'line %i (%s) names a test file or a command that pins it',
    (_line, _gap, row) => {
      const files = [...row.pinnedBy.matchAll(FILE)].map((m) => m[1]!)
      expect(files.length > 0 || COMMAND.test(row.pinnedBy), `nothing pins: ${row.pinnedBy || '(empty cell)'}`).toBe(
        true,
      )
    },
  )

  it.each(all.map((r) => [r.line, r.gap.slice(0, 60), r] as const))(
    'line %i (%s): every file it names exists and every test it quotes is in one of them',
    (_line, _gap, row) => {
      const files = [...row.pinnedBy.matchAll(FILE)].map((m) => m[1]!)
      const texts = files.map((file) => {
        const url = resolve(file)
        expect(url, `${file} does not exist`).toBeDefined()
        return joinConcatenated(readFileSync(url!, 'utf8'))
      })
      // A quoted test name; the doc escapes a quote inside one as \".
      for (const [, raw] of row.pinnedBy.matchAll(/"((?:[^"\\]|\\.)+)"/g)) {
        const quote = raw!.replace(/\\"/g, '"')
        expect(
          texts.some((text) => quotedIn(quote, text)),
          `no file of ${files.join(', ')} has a test "${quote}"`,
        ).toBe(true)
      }
    },
  )
})
