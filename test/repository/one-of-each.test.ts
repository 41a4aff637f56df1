/**
 * One of each: what several parts of the repository need is written once and imported. The seeded random
 * generator (mulberry32) lives in the mock (`seededRandom`, `withSeededRandomness`), which its benches, the
 * fuzz, its tests, the private tools and the example projects all import; the fuzz and the benches sign their
 * requests with the contract's signer, never a hand-made `createHmac` beside it (tests may compute an expected
 * signature by hand: a signer is not checked against itself).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)

/** The repository's TypeScript sources, tests included (not generated or vendored code). */
const SOURCES = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.mts', '*.mjs'],
  {
    cwd: ROOT,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((path) => path !== '' && !path.startsWith('docs/api/') && path !== 'test/repository/one-of-each.test.ts')

function filesWith(pattern: RegExp): string[] {
  return SOURCES.filter((path) => pattern.test(readFileSync(new URL(path, ROOT), 'utf8')))
}

describe('one of each', () => {
  it('the seeded random generator (mulberry32) is written once, in the mock, and imported elsewhere', () => {
    expect(filesWith(/0x6d2b79f5/i)).toEqual(['packages/mock/src/seeded-random.ts'])
  })

  it("the fuzz and the benches sign with the contract's signer, not a createHmac of their own", () => {
    const scripts = filesWith(/\bcreateHmac\b/).filter((path) => /^packages\/[^/]+\/(scripts|bench)\//.test(path))
    expect(scripts).toEqual([])
  })
})
