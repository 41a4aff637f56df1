// Reads vitest's JSON report and the captured log of a CI run, checks that every project listed in
// vitest.workspace.ts ran, and prints the closing line `N passed, M failed`. Exits 1 when a test
// failed, no test ran, or a project is missing.
import { readFileSync } from 'node:fs'

const [reportPath, logPath] = process.argv.slice(2)
const report = JSON.parse(readFileSync(reportPath, 'utf8'))
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts the colour codes this removes
const log = readFileSync(logPath, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
const workspace = readFileSync('vitest.workspace.ts', 'utf8')
// Projects named in the workspace file, and in the configs it lists by path (an example's own config).
const configs = [...workspace.matchAll(/'(\.\/[^']+vitest\.config\.ts)'/g)].map((m) => readFileSync(m[1], 'utf8'))
const projects = [
  ...new Set([workspace, ...configs].flatMap((text) => [...text.matchAll(/name:\s*'([^']+)'/g)].map((m) => m[1]))),
]

let ok = true
for (const name of projects) {
  const seen = log.includes(`|${name}|`) || new RegExp(`[✓✗×❯↓]\\s+${name}\\s`).test(log)
  console.log(`project ${name}: ${seen ? 'ran' : 'MISSING from the run'}`)
  if (!seen) ok = false
}
const passed = report.numPassedTests
const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0)
if (report.numTotalTests === 0) ok = false
if (failed > 0 || !report.success) ok = false
console.log(`${passed} passed, ${failed} failed`)
process.exit(ok ? 0 : 1)
