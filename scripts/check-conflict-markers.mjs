// No merge-conflict marker left in a tracked text file: a line that starts with seven '<', '=' alone or seven
// '>' (git's markers) fails the lint, so a merge committed half-resolved never reaches a reader.
// Exits 1 listing them. Usage: node scripts/check-conflict-markers.mjs [file ...] (default: every tracked file)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const MARKER = /^(<{7} |={7}$|>{7} )/
const given = process.argv.slice(2)
const files = given.length
  ? given
  : execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|cjs|js|md|json|jsonc|yaml|yml|vue|css|html|sh)$|^\.ci\/run$/.test(f))

const found = []
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (MARKER.test(line)) found.push(`${file}:${i + 1}: ${line}`)
    })
}
for (const line of found) console.log(line)
console.log(`check-conflict-markers: ${files.length} files, ${found.length} conflict marker(s)`)
process.exit(found.length ? 1 : 0)
