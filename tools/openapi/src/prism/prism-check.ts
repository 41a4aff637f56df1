/**
 * @module openapi-tools/prism/prism-check
 * The third step of `npm run check:openapi`: the end-to-end suite (test/e2e: the CLI server as a
 * child process, plain HTTP, the SDK) runs with a Prism validating proxy in front of every server it
 * starts (test/e2e/openapi-proxy.ts), then every exchange Prism saw is judged (prism-judge.ts). Exits 1
 * when the suite fails, when no traffic went through Prism, on any failure of the judgement, or when a
 * documented operation was never called.
 *
 * CI runs the suite once, inside `npm test`, rather than a second time here, in two halves:
 *
 *   check:openapi:prism --prepare <folder>   writes the merged document into the folder and prints the
 *                                            environment that puts the e2e suite's servers behind Prism
 *   (the e2e suite, in `npm test`, with that environment)
 *   check:openapi:prism --judge <folder>     judges the exchanges recorded in the folder, as above; the
 *                                            suite's own outcome is `npm test`'s
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PRISM_DOCUMENT_ENV, PRISM_LOG_ENV, type Exchange } from '../../../../test/e2e/openapi-proxy.js'
import { REPOSITORY_ROOT as root } from '../repository-root.js'
import { repositoryDocument } from './merge-documents.js'
import { judgeExchanges } from './prism-judge.js'

const DOCUMENT_FILE = 'openapi.merged.json'

/** Writes the merged document into `folder`; the environment that puts the e2e servers behind Prism. */
function prepare(folder: string): Record<string, string> {
  mkdirSync(folder, { recursive: true })
  const documentPath = join(folder, DOCUMENT_FILE)
  writeFileSync(documentPath, JSON.stringify(repositoryDocument()))
  return { [PRISM_DOCUMENT_ENV]: documentPath, [PRISM_LOG_ENV]: folder }
}

/** Judges the exchanges recorded in `folder`: the problems found, after `suiteProblems` (the suite's own). */
function judge(folder: string, suiteProblems: string[]): string[] {
  const document = JSON.parse(readFileSync(join(folder, DOCUMENT_FILE), 'utf8'))
  const exchanges: Exchange[] = readdirSync(folder)
    .filter((f) => f.startsWith('exchanges-'))
    .flatMap((f) =>
      readFileSync(join(folder, f), 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Exchange),
    )
  const { failures, refused, covered } = judgeExchanges(exchanges, document.paths)

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item as object)
      .filter((m) => m !== 'parameters')
      .map((m) => `${m.toUpperCase()} ${path}`),
  )
  console.log(
    `\n--- Prism saw ${exchanges.length} exchanges, ${covered.size} of the ${operations.length} documented operations`,
  )
  for (const line of refused) console.log(`  refused as documented: ${line}`)
  const uncovered = operations.filter((op) => !covered.has(op))
  console.log(`  not called by the e2e suite: ${uncovered.join(', ') || 'none'}`)
  for (const line of failures) console.log(`  VIOLATION ${line}`)
  return [
    ...suiteProblems,
    ...(exchanges.length === 0 ? ['no exchange went through Prism'] : []),
    ...(failures.length ? [`${failures.length} violation(s) of the documents`] : []),
    // Every documented operation is validated against live traffic at least once
    // (test/e2e/openapi-tour.e2e.test.ts calls each).
    ...(uncovered.length ? [`${uncovered.length} documented operation(s) that no e2e test called`] : []),
  ]
}

/** Runs the e2e suite behind Prism in a folder of its own, then judges it. */
function runAndJudge(): string[] {
  const work = mkdtempSync(join(tmpdir(), 'mgw-prism-'))
  try {
    const environment = prepare(work)
    console.log('--- the e2e suite, every server behind Prism (@stoplight/prism-cli proxy)')
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'e2e'],
      // CI unset: this run writes no JSON report over `npm test`'s.
      { cwd: root, stdio: 'inherit', env: { ...process.env, ...environment, CI: '' } },
    )
    return judge(work, run.status === 0 ? [] : [`the e2e suite failed (exit ${run.status ?? run.signal})`])
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const [mode, folderArgument] = process.argv.slice(2)
if ((mode === '--prepare' || mode === '--judge') && folderArgument === undefined) {
  console.error(`${mode} needs a folder: check:openapi:prism ${mode} <folder>`)
  process.exit(2)
} else if (mode !== undefined && mode !== '--prepare' && mode !== '--judge') {
  console.error(`unknown argument ${JSON.stringify(mode)}: check:openapi:prism [--prepare <folder> | --judge <folder>]`)
  process.exit(2)
}
const folder = folderArgument === undefined ? undefined : resolve(folderArgument)
if (mode === '--prepare') {
  for (const [name, value] of Object.entries(prepare(folder!))) console.log(`${name}=${value}`)
} else {
  const problems = mode === '--judge' ? judge(folder!, []) : runAndJudge()
  if (problems.length) {
    console.log(`\nOpenAPI conformance FAILED: ${problems.join('; ')}`)
    process.exitCode = 1
  } else {
    console.log('\nOpenAPI conformance: every request and answer the e2e suite exchanged conforms to the documents.')
  }
}
