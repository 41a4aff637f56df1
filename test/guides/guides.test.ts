/**
 * Every TypeScript example of the guides is type-checked and run against the mock, so that no guide can
 * show code that does not compile or does not work. Each ```ts block becomes a module of its own (under
 * `.blocks/`, not committed): one TypeScript program checks them all with the repository's compiler
 * options, then each runs with the names it takes for granted provided by prelude.ts. A block marked
 * `<!-- doc-test: skip: <reason> -->` is listed with its reason instead.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { blocksOf, guideFiles, type CodeBlock } from './blocks.js'
import { installPrelude } from './prelude.js'

const HERE = fileURLToPath(new URL('./', import.meta.url))
const OUT = `${HERE}.blocks/`
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const all: CodeBlock[] = guideFiles().flatMap(blocksOf)
const runnable = all.filter((b) => b.skip === undefined)
const skipped = all.filter((b) => b.skip !== undefined)

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
const fileOf = new Map(runnable.map((b) => [b.id, `${OUT}${b.id}.ts`]))
// `export {}`: every block is a module (its own scope, top-level await), whether or not it imports.
for (const b of runnable) writeFileSync(fileOf.get(b.id)!, `${b.code}\n\nexport {}\n`)

/** The compiler's complaints about each block, by block id (one program for all of them). */
function typeCheck(): Map<string, string[]> {
  const config = ts.readConfigFile(`${ROOT}tsconfig.base.json`, ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT)
  const program = ts.createProgram([`${HERE}prelude.d.ts`, ...fileOf.values()], {
    ...options,
    noEmit: true,
    declaration: false,
  })
  const byBlock = new Map<string, string[]>()
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? ''
    const block = runnable.find((b) => fileOf.get(b.id) === file)
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0
    const key = block?.id ?? 'elsewhere'
    byBlock.set(key, [...(byBlock.get(key) ?? []), `line ${line}: ${text}`])
  }
  return byBlock
}

afterAll(() => {
  rmSync(OUT, { recursive: true, force: true })
})

describe("the guides' TypeScript examples", () => {
  it('there are examples to check, and every skipped one says why', () => {
    expect(runnable.length).toBeGreaterThan(15)
    for (const b of skipped) expect(b.skip!.length, `${b.where}: a skip needs a reason`).toBeGreaterThan(10)
  })

  const diagnostics = typeCheck()

  it("nothing outside the examples fails to type-check (the prelude's declarations)", () => {
    expect(diagnostics.get('elsewhere') ?? []).toEqual([])
  })

  describe.each(runnable.map((b) => [b.where, b] as const))('%s', (_where, block) => {
    it('type-checks', () => {
      expect(diagnostics.get(block.id) ?? []).toEqual([])
    })

    it('runs against the mock', async () => {
      const { restore } = await installPrelude()
      try {
        await import(pathToFileURL(fileOf.get(block.id)!).href)
      } finally {
        restore()
      }
    })
  })
})
