/**
 * A guide's block that shows a whole file of an example project (`<!-- doc-test: skip: ... the file
 * examples/<name>/<path>, which ... runs -->`) is that file, character for character: the example's own run
 * tests the code a reader copies from the guide.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { blocksOf, guideFiles } from '../../docs/.vitepress/runner/blocks.js'

const ROOT = new URL('../../', import.meta.url)
const COPY = /\bthe file (examples\/\S+?\.ts)\b/

const copies = guideFiles()
  .flatMap(blocksOf)
  .flatMap((block) => {
    const file = COPY.exec(block.skip ?? '')?.[1]
    return file === undefined ? [] : [{ ...block, file }]
  })

describe('guide blocks that are copies of example files', () => {
  it('"Many tests, one server" shows the Playwright fixture and the Vitest set-up as copies', () => {
    expect(copies.filter((c) => c.where.startsWith('docs/many-tests-one-server.md')).map((c) => c.file)).toEqual([
      'examples/sessions-e2e/e2e/fixtures.ts',
      'examples/sessions-vitest/src/global-setup.ts',
      'examples/sessions-vitest/src/session.ts',
    ])
  })

  it.each(copies.map((c) => [c.where, c] as const))('%s is its file as the example runs it', (_, copy) => {
    expect(copy.code.trimEnd()).toBe(readFileSync(new URL(copy.file, ROOT), 'utf8').trimEnd())
  })
})
