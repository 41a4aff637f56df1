/**
 * One of each: what several parts of the repository need is written once and imported. The seeded random
 * generator (mulberry32) lives in the mock (`seededRandom`, `withSeededRandomness`), which its benches, the
 * fuzz, its tests, the private tools and the example projects all import; the fuzz and the benches sign their
 * requests with the contract's signer, never a hand-made `createHmac` beside it (tests may compute an expected
 * signature by hand: a signer is not checked against itself). Authentication is named in the contract's words
 * alone (`Authentication`: `api-key`, `signed`, `bearer`, `reset-session`), which the SDK, the mock's pipelines
 * and the OpenAPI generator read from the operation table: no other union of words says it, and no flag.
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

/** The contract's words for how a caller proves who it is (`Authentication`). */
const AUTHENTICATION = new Set(['api-key', 'signed', 'bearer', 'reset-session'])

/**
 * The unions of string literals in `text` that say authentication in other words: one that mixes the contract's
 * words with others (`'gateway' | 'signed' | 'pin'`), or one of the words retired (`'standard' | 'money'`,
 * a bearer `'required' | 'ignored'`).
 */
function otherAuthWords(text: string): string[] {
  const unions: string[] = text.match(/'[\w-]+'(?:\s*\|\s*'[\w-]+')+/g) ?? []
  return unions.filter((union) => {
    const words: string[] = union.match(/[\w-]+/g) ?? []
    const mixed = words.some((w) => AUTHENTICATION.has(w)) && words.some((w) => !AUTHENTICATION.has(w))
    const retired = words.includes('money') || words.includes('standard') || words.includes('bearer-optional')
    const bearerFlag = words.length === 2 && words.includes('required') && words.includes('ignored')
    return mixed || retired || bearerFlag
  })
}

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

  it("verify, the fuzz, the tools and every other source but a test sign with the contract's signer", () => {
    const isTest = (path: string) => /(^|\/)test\//.test(path) || /\.test(-d)?\.ts$/.test(path)
    const signers = filesWith(/\bcreateHmac\b/).filter((path) => !isTest(path))
    expect(signers).toEqual(['packages/contract/src/crypto/node.ts'])
  })

  it("authentication is said in the contract's words alone: no other vocabulary, no signed flag", () => {
    const isTest = (path: string) => /(^|\/)test\//.test(path) || /\.test(-d)?\.ts$/.test(path)
    const sources = SOURCES.filter((path) => /^(packages|tools)\/[^/]+\/src\//.test(path) && !isTest(path))
    const found = sources.flatMap((path) => {
      const text = readFileSync(new URL(path, ROOT), 'utf8')
      const flags: string[] = text.match(/\bsigned\??: boolean/g) ?? []
      return [...otherAuthWords(text), ...flags].map((words) => `${path}: ${words}`)
    })
    expect(found).toEqual([])
  })
})
