/**
 * The repository's text stands on its own: code, comments, TSDoc, guides and package files state a rule
 * themselves (or point into `docs/`), and never cite planning documents or tracker numbers a user of
 * the packages does not have.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
const SELF = 'test/repository/standalone-text.test.ts'

/** Planning documents kept outside the repository, and references to tracker items. */
const FORBIDDEN = [
  /\bSPEC\.md\b/,
  // The spec by its short name (`SPEC:`, `the SPEC's`) is a citation too.
  /\bSPEC\b/,
  /\bDESIGN\.md\b/,
  /\bSTYLE\.md\b/,
  /(^|[\s`'"(])shared\//,
  /\bissues? #?\d+\b/i,
  /\(#\d+\)/,
]

/** Every tracked text file (generated lock files aside). */
function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
  return files.filter((f) => f !== SELF && f !== 'package-lock.json' && !/\.(png|ico|jpg|woff2?)$/.test(f))
}

describe('text that stands on its own', () => {
  it('no tracked file cites SPEC.md, DESIGN.md, STYLE.md, shared/ or an issue number', () => {
    const hits: string[] = []
    for (const file of trackedTextFiles()) {
      const text = readFileSync(new URL(file, ROOT), 'utf8')
      text.split('\n').forEach((line, i) => {
        if (FORBIDDEN.some((pattern) => pattern.test(line))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
      })
    }
    expect(hits).toEqual([])
  })

  it('the check sees a citation (it can fail)', () => {
    expect(FORBIDDEN.some((pattern) => pattern.test('as SPEC.md says'))).toBe(true)
    expect(FORBIDDEN.some((pattern) => pattern.test('/** SPEC: a PIN is 6 digits */'))).toBe(true)
    expect(FORBIDDEN.some((pattern) => pattern.test('fixed in issue 12'))).toBe(true)
    expect(FORBIDDEN.some((pattern) => pattern.test('see `shared/DESIGN.md`'))).toBe(true)
  })
})
