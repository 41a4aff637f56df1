// The declarations a package publishes carry its API's TSDoc, not the notes its source files open with for
// the people who work on them (`@module pin-error-from-response The one place where...`): tsup's
// declaration bundle keeps a file's opening comment, so every internal module of an entry point would show
// its note in the .d.ts, in editors' hovers and in what a user reads. Run after tsup (each package's
// `build` script): removes from every .d.ts/.d.cts/.d.mts under dist/ the comment blocks whose `@module` tag
// names an internal module. An entry point's own block (`@module \@merchant-gateway/sdk/pin`) is public and
// stays, as does every other comment. The notes stay in the sources, where typedoc (`npm run docs:api`)
// reads the entry points' blocks and contributors read the rest.
//
//   node ../../scripts/public-declarations.mjs [dist]
//
// check-tarballs asserts what this does on the packed tarballs: no internal module note in any declaration.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A TSDoc/JSDoc block, `/** ... *\/`, with the blank line after it. */
const BLOCK = /\/\*\*(?:(?!\*\/)[\s\S])*\*\/[ \t]*\n?(?:[ \t]*\n)?/g

/** The name of a block's `@module` tag, or undefined (`\@` escapes the package names of entry points). */
export function moduleName(block) {
  return /(?:^|\s)@module\s+(\S+)/.exec(block)?.[1]
}

/** Whether a `@module` name is an entry point's (`\@merchant-gateway/...`), which the API's docs keep. */
export function isPublicModule(name) {
  return /^\\?@merchant-gateway\//.test(name)
}

/** `text` without its internal module notes, and how many it had. */
export function withoutModuleNotes(text) {
  let removed = 0
  const kept = text.replace(BLOCK, (block) => {
    const name = moduleName(block)
    if (name === undefined || isPublicModule(name)) return block
    removed++
    return ''
  })
  return { text: kept, removed }
}

/** Rewrites the declarations under `dir`; returns how many notes were removed. */
export function publicDeclarations(dir = 'dist') {
  let removed = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.d\.[cm]?ts$/.test(entry.name)) continue
    const file = join(entry.parentPath, entry.name)
    const result = withoutModuleNotes(readFileSync(file, 'utf8'))
    if (result.removed === 0) continue
    writeFileSync(file, result.text)
    removed += result.removed
  }
  return removed
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist'
  console.log(`public-declarations: ${publicDeclarations(dir)} internal module note(s) removed from ${dir}`)
}
