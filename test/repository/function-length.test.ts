/**
 * How the length of a function is measured for `npm run lint` (scripts/check-function-length.mjs): its lines
 * from its first token to its last, nested functions in; a table (one array or object literal, the whole body)
 * exempt, the functions inside it measured on their own; and the check fails on a function over the limit.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a script of the repository, in plain JavaScript without types
import { longFunctions, measureFunctions } from '../../scripts/lib/function-length.mjs'

const ROOT = new URL('../../', import.meta.url).pathname
type Measured = { name: string; line: number; lines: number; table: boolean }
const measure = measureFunctions as (file: string, text: string) => Measured[]
const over = longFunctions as (file: string, text: string, limit: number) => Measured[]

/** A function of `n` lines (its braces included), named `name`. */
const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i}`).join('\n')

describe('the length of a function', () => {
  it('counts from its first token to its last, its doc comment left out, and names methods by their class', () => {
    const text = [
      '/** what it does */',
      `export function long(): void {\n${body(5)}\n}`,
      `class Transport {\n  call(): void {\n${body(4)}\n  }\n}`,
      `const arrow = () => {\n${body(3)}\n}`,
    ].join('\n')
    expect(measure('x.ts', text).map(({ name, line, lines }) => [name, line, lines])).toEqual([
      ['long', 2, 5],
      ['Transport.call', 8, 4],
      ['arrow', 13, 3],
    ])
  })

  it('a table is exempt, the functions inside it are measured on their own', () => {
    const rows = Array.from({ length: 90 }, (_, i) => `    { id: ${i} },`).join('\n')
    const run = `    { id: 'x', run: () => {\n${body(85)}\n    } },`
    const table = `function routes() {\n  return Object.freeze([\n${rows}\n${run}\n  ])\n}`
    const found = measure('t.ts', table)
    expect(found.find((f) => f.name === 'routes')).toMatchObject({ table: true })
    expect(over('t.ts', table, 80).map((f) => f.name)).toEqual(['run'])
    // A body that does more than return the literal is no table.
    const notTable = table.replace('  return Object.freeze([', '  const n = 1\n  return Object.freeze([')
    expect(over('t.ts', notTable, 80).map((f) => f.name)).toEqual(['routes', 'run'])
  })

  it('the check fails on a function over 80 lines and passes the tree', () => {
    const dir = mkdtempSync(join(tmpdir(), 'function-length-'))
    try {
      const file = join(dir, 'long.ts')
      writeFileSync(file, `export function tooLong(): void {\n${body(81)}\n}\n`)
      const failed = spawnSync(process.execPath, ['scripts/check-function-length.mjs', file], {
        cwd: ROOT,
        encoding: 'utf8',
      })
      expect(failed.status).toBe(1)
      expect(failed.stdout).toContain('tooLong is 81 lines')
      const tree = spawnSync(process.execPath, ['scripts/check-function-length.mjs'], { cwd: ROOT, encoding: 'utf8' })
      expect(tree.stdout).toMatch(/0 function\(s\) over 80 lines/)
      expect(tree.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
