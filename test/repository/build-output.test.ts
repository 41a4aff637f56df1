/**
 * Two steps of the packages' builds that shape what a user of the published packages sees:
 * - the lines of the SDK's dist/ that make its errors carry the mark that keeps Node from heading an
 *   uncaught error's report with that line of compiled code (scripts/uncaught-headline.mjs);
 * - the declarations lose the internal modules' notes and keep everything else (scripts/public-declarations.mjs).
 * check-tarballs asserts both on the packed packages; these pin the steps themselves, quickly.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { withoutModuleNotes } from '../../scripts/public-declarations.mjs'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { MARK, markErrorLinesOf } from '../../scripts/uncaught-headline.mjs'

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-build-output-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs `source` as a CommonJS file and returns what Node printed on stderr. */
function uncaught(source: string): string {
  const file = join(work, `case-${Math.random().toString(36).slice(2)}.cjs`)
  writeFileSync(file, source)
  const result = spawnSync(process.execPath, [file], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  expect(result.status).toBe(1)
  return result.stderr
}

// A package's compiled code as tsup writes it for CommonJS: the error made in one function, thrown in an
// async one, left uncaught by the caller.
const COMPILED = `class NotFoundError extends Error {
  constructor(message) { super(message); this.name = 'NotFoundError' }
}
function errorForStatus(status, message) {
  if (status === 404) return new (0, exports.NotFoundError)(message)
  return new Error(message)
}
exports.NotFoundError = NotFoundError
async function call() { await null; throw errorForStatus(404, 'No stores found for this merchant') }
call()
`

describe('the mark on the lines that make errors (uncaught-headline)', () => {
  it("an uncaught error made on a marked line is headed by its own first line, not by the package's code", () => {
    const before = uncaught(COMPILED)
    expect(before.split('\n')[0]).toMatch(/\.cjs:5$/)
    expect(before).toContain('if (status === 404) return new (0, exports.NotFoundError)(message)')

    const { text, marked } = markErrorLinesOf(COMPILED, 'chunk.cjs')
    // The NotFoundError line; a plain `new Error` is no class of the package's.
    expect(marked).toBe(1)
    const after = uncaught(text)
    expect(after.split('\n')[0]).toBe('NotFoundError: No stores found for this merchant')
    expect(after).not.toContain('return new')
    // The stack still says where the error was made.
    expect(after).toMatch(/\n {4}at errorForStatus \(.*\.cjs:5:\d+\)/)
    // Two child Nodes: seconds on a busy machine.
  }, 60_000)

  it('marks each line that constructs an error, in ESM and CommonJS forms, and nothing else', () => {
    const source = [
      'const a = new NotFoundError(message, init)',
      'throw new (0, _chunkABCcjs.ClientValidationError)(',
      "  'timeout must be a number, got ' + value,",
      ')',
      'const map = new Map()',
      "const text = 'new FakeError(1)'",
      'const b = new errors.RequestTimeoutError(message) // already commented',
    ].join('\n')
    const { text, marked } = markErrorLinesOf(source, 'x.js')
    expect(marked).toBe(3)
    expect(text.split('\n').map((line: string) => line.endsWith(`/* ${MARK} */`))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      true,
    ])
    // Columns do not move: each line starts as it did, so the source maps stay right.
    const lines = source.split('\n')
    for (const [i, line] of text.split('\n').entries()) expect(line.startsWith(lines[i]!)).toBe(true)
    // Marking twice changes nothing.
    expect(markErrorLinesOf(text, 'x.js')).toEqual({ text, marked: 0 })
  })

  it('refuses a line that ends inside a string, where the mark would become text of the string', () => {
    const source = 'throw new ClientValidationError(`first line\nsecond line`)'
    expect(() => markErrorLinesOf(source, 'x.js')).toThrow(/x\.js:1: .* ends inside a string/)
  })
})

describe('the declarations without internal module notes (public-declarations)', () => {
  const declarations = `/**
 * @module pin-error-from-response
 * The one place where a PIN module refusal becomes an error class.
 */

/**
 * What the client knows when a PIN call ends with a refusal.
 *
 * @example
 * \`\`\`ts
 * pinErrorFromResponse(input)
 * \`\`\`
 */
interface PinErrorResponse {
    status: number;
}
/**
 * @module http-options
 * The options both clients take.
 */
/** A logger. */
type Logger = object;

/**
 * The SDK's error classes.
 *
 * @module \\@merchant-gateway/sdk/errors
 */
export { PinErrorResponse, Logger };
`

  it('removes the blocks of internal modules and keeps the TSDoc of declarations and of entry points', () => {
    const { text, removed } = withoutModuleNotes(declarations)
    expect(removed).toBe(2)
    expect(text).not.toMatch(/@module (pin-error-from-response|http-options)|The one place|both clients take/)
    expect(text).toContain('What the client knows when a PIN call ends with a refusal.')
    expect(text).toContain('pinErrorFromResponse(input)')
    expect(text).toContain('/** A logger. */\ntype Logger = object;')
    expect(text).toContain('@module \\@merchant-gateway/sdk/errors')
    expect(text.startsWith('/**\n * What the client knows')).toBe(true)
    expect(withoutModuleNotes(text)).toEqual({ text, removed: 0 })
  })
})
