// No code line of the docs site's pages wider than the site's code blocks: 68 characters.
//
// Why 68: on the built site in Chromium with a 1280 px wide window (sidebar and outline shown), a guide's code
// block is 624 px wide inside, less 24 px of padding each side: 576 px. Its font (14 px ui-monospace, which
// is DejaVu Sans Mono on Debian) is 8.40 px a character, so 68 characters fit and the 69th scrolls. A longer
// line is clipped, and the reader scrolls sideways to read it. The measure and its script are in
// docs/architecture.md ("Code lines within the docs site's width"); test/site/docs-site.site.test.ts checks
// in the browser that no code block of a sample of pages scrolls.
//
// Read: every fenced block (``` or ~~~, any language but mermaid, which the site draws as a picture) of the
// markdown the site renders: docs/*.md and docs/examples/*.md, and the READMEs they include
// (`<!--@include: ...-->`). Not read: docs/architecture.md and docs/decisions.md (the project's own notes,
// with wide tables of text), the API reference (generated) and source files shown whole (`<<< @/...`),
// which keep the code's 120 columns.
//
// PENDING lists the pages whose code is not wrapped yet (none now: every page is). They are reported, not
// failed, and the check fails when one of them has become clean: drop it from the list then, so that it stays
// clean.
//
// Exits 1 listing the lines over.
// Usage: node scripts/check-code-width.mjs [file ...] (default: every page the site renders, as above)
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The characters a code block of the site shows without scrolling at 1280 px (measured, see above). */
export const CODE_COLUMNS = 68

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const NOT_READ = new Set(['docs/architecture.md', 'docs/decisions.md'])
const PENDING = new Set([])

/** The site's markdown pages and the files they include, relative to the repository's root. */
function sitePages() {
  const pages = []
  for (const dir of ['docs', 'docs/examples', 'docs/openapi'])
    for (const name of readdirSync(join(ROOT, dir)).sort())
      if (name.endsWith('.md') && !NOT_READ.has(`${dir}/${name}`)) pages.push(`${dir}/${name}`)
  const files = []
  for (const page of pages) {
    files.push(page)
    for (const [, target] of readFileSync(join(ROOT, page), 'utf8').matchAll(/<!--@include:\s*(\S+?)\s*-->/g))
      files.push(relative(ROOT, normalize(join(ROOT, dirname(page), target))))
  }
  return files
}

/** `{ line, length }` of each code line over CODE_COLUMNS in a markdown text. */
function overlong(text) {
  const found = []
  let fence
  text.split('\n').forEach((line, i) => {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line)
    if (fence === undefined) {
      if (open) fence = { marker: open[1], drawn: open[2] === 'mermaid' }
      return
    }
    if (open && line.trim() === fence.marker) {
      fence = undefined
      return
    }
    // Characters, not bytes (a Khmer string is three bytes a character); a tab shows as 4.
    const length = [...line.replace(/\t/g, '    ')].length
    if (!fence.drawn && length > CODE_COLUMNS) found.push({ line: i + 1, length })
  })
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2)
  const files = given.length ? given : sitePages()
  const over = []
  const pending = []
  const clean = []
  for (const file of files) {
    const lines = overlong(readFileSync(join(ROOT, file), 'utf8'))
    if (given.length === 0 && PENDING.has(file)) {
      if (lines.length === 0) clean.push(file)
      else pending.push(`${file}: ${lines.length}`)
      continue
    }
    for (const { line, length } of lines) over.push(`${file}:${line}: ${length} characters`)
  }
  for (const line of over) console.log(line)
  for (const file of clean) console.log(`${file}: clean now, drop it from PENDING in scripts/check-code-width.mjs`)
  if (pending.length) console.log(`not wrapped yet (PENDING): ${pending.join(', ')}`)
  console.log(`check-code-width: ${files.length} files, ${over.length} code line(s) over ${CODE_COLUMNS} characters`)
  process.exit(over.length || clean.length ? 1 : 0)
}
