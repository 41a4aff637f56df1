// No line over 120 characters in the repository's code, configuration and docs, except a line that holds
// a URL and a Markdown table row (neither can be broken). Generated files (the OpenAPI documents and
// types, the inspector's bundle, CHANGELOGs, the lock file, the pin-app's recorded scenario files) are left to
// their generators.
// Exits 1 listing the lines over.
// Usage: node scripts/check-line-length.mjs [file ...] (default: every tracked file of those kinds)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const LIMIT = 120
const KINDS = /\.(ts|tsx|mjs|cjs|js|md|json|jsonc|yaml|yml)$/
const GENERATED = new RegExp(
  '(^|/)(package-lock\\.json|CHANGELOG\\.md|openapi\\.json|openapi\\.control\\.json|[^/]*\\.generated\\.ts' +
    '|ui/app\\.js|examples/pin-app/scenarios/[^/]*\\.json)$',
)

const given = process.argv.slice(2)
const files = given.length
  ? given
  : execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => KINDS.test(f) && !GENERATED.test(f))

const over = []
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      // Characters, not bytes: a Khmer string is three bytes a character.
      const length = [...line].length
      if (length > LIMIT && !/https?:\/\//.test(line) && !/^\s*\|/.test(line))
        over.push(`${file}:${i + 1}: ${length} characters`)
    })
}
for (const line of over) console.log(line)
console.log(`check-line-length: ${files.length} files, ${over.length} line(s) over ${LIMIT} characters`)
process.exit(over.length ? 1 : 0)
