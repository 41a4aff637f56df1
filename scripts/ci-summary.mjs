// Reads vitest's JSON reports and the captured logs of a CI run (pairs: report, log; `npm test`'s first, then
// `npm run test:site`'s), checks that every project listed in vitest.workspace.ts (and, with a second pair,
// vitest.site.config.ts) ran, and prints the closing line `N passed, M failed` over all of them. Exits 1 when a
// test failed, no test ran, or a project is missing.
import { readFileSync } from 'node:fs'
import { countsOf } from './lib/vitest-report.mjs'

const args = process.argv.slice(2)
const pairs = []
for (let i = 0; i + 1 < args.length; i += 2) pairs.push([args[i], args[i + 1]])
const reports = pairs.map(([reportPath]) => JSON.parse(readFileSync(reportPath, 'utf8')))
const logs = pairs.map(([, logPath]) => readFileSync(logPath, 'utf8')).join('\n')
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts the colour codes this removes
const log = logs.replace(/\x1b\[[0-9;]*m/g, '')
const workspace = readFileSync('vitest.workspace.ts', 'utf8')
// Projects named in the workspace file, and in the configs it lists by path (an example's own config).
const configs = [...workspace.matchAll(/'(\.\/[^']+vitest\.config\.ts)'/g)].map((m) => readFileSync(m[1], 'utf8'))
if (pairs.length > 1) configs.push(readFileSync('vitest.site.config.ts', 'utf8'))
const projects = [
  ...new Set([workspace, ...configs].flatMap((text) => [...text.matchAll(/name:\s*'([^']+)'/g)].map((m) => m[1]))),
]

let ok = true
for (const name of projects) {
  const seen = log.includes(`|${name}|`) || new RegExp(`[✓✗×❯↓]\\s+${name}\\s`).test(log)
  console.log(`project ${name}: ${seen ? 'ran' : 'MISSING from the run'}`)
  if (!seen) ok = false
}
let passed = 0
let failed = 0
for (const report of reports) {
  const counts = countsOf(report, process.cwd())
  passed += counts.passed
  failed += counts.failed
  if (report.numTotalTests === 0 || !report.success) ok = false
}
if (reports.length === 0 || failed > 0) ok = false
console.log(`${passed} passed, ${failed} failed`)
process.exit(ok ? 0 : 1)
