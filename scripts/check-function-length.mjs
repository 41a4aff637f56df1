// No function in the packages' sources (packages/*/src, packages/*/ui/src; tests aside) is longer than 80
// lines, its doc comment left out and its nested functions in: a long function is split into named steps. A
// function whose whole body is one array or object literal (a table: routes, eras, operations) is exempt, and
// the functions inside it are measured on their own (scripts/lib/function-length.mjs says how).
// Exits 1 listing the functions over, and any known exception that is no longer over (take it off the list).
// Usage: node scripts/check-function-length.mjs [file ...] (default: every tracked file of the packages' sources)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { longFunctions } from './lib/function-length.mjs'

const LIMIT = 80

/**
 * Functions over the limit that are being split by work under way elsewhere, as `file:name`: listed here
 * until that work lands, then taken off (the check fails on an entry that is no longer over).
 */
const KNOWN = new Set(['packages/sdk/src/client/transport.ts:Transport.call'])

const SOURCE = /^packages\/[^/]+\/(src|ui\/src)\/.*\.(ts|tsx|mts)$/
const TEST = /\.test(-d)?\.(ts|tsx|mts)$/

const given = process.argv.slice(2)
const files = given.length
  ? given
  : execFileSync('git', ['ls-files', 'packages'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => SOURCE.test(f) && !TEST.test(f))

const over = []
const seen = new Set()
for (const file of files) {
  for (const fn of longFunctions(file, readFileSync(file, 'utf8'), LIMIT)) {
    const key = `${file}:${fn.name}`
    if (KNOWN.has(key)) {
      seen.add(key)
      continue
    }
    over.push(`${file}:${fn.line}: ${fn.name} is ${fn.lines} lines`)
  }
}
const stale = given.length ? [] : [...KNOWN].filter((key) => !seen.has(key))
for (const line of over) console.log(line)
for (const key of stale) console.log(`${key}: no longer over ${LIMIT} lines; take it off the known exceptions`)
console.log(
  `check-function-length: ${files.length} files, ${over.length} function(s) over ${LIMIT} lines, ` +
    `${seen.size} known exception(s) still over, ${stale.length} stale`,
)
process.exit(over.length || stale.length ? 1 : 0)
