/**
 * @module openapi-tools/prism/prism-check
 * The third step of `npm run check:openapi`: the end-to-end suite (test/e2e: the CLI server as a
 * child process, plain HTTP, the SDK) runs with a Prism validating proxy in front of every server it
 * starts (test/e2e/openapi-proxy.ts), then every exchange Prism saw is judged (prism-judge.ts). Exits 1
 * when the suite fails, when no traffic went through Prism, on any failure of the judgement, or when a
 * documented operation was never called.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PRISM_DOCUMENT_ENV, PRISM_LOG_ENV, type Exchange } from '../../../../test/e2e/openapi-proxy.js'
import { REPOSITORY_ROOT as root } from '../repository-root.js'
import { repositoryDocument } from './merge-documents.js'
import { judgeExchanges } from './prism-judge.js'

const work = mkdtempSync(join(tmpdir(), 'mgw-prism-'))
try {
  const document = repositoryDocument()
  const documentPath = join(work, 'openapi.merged.json')
  writeFileSync(documentPath, JSON.stringify(document))

  console.log('--- the e2e suite, every server behind Prism (@stoplight/prism-cli proxy)')
  const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'e2e'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, [PRISM_DOCUMENT_ENV]: documentPath, [PRISM_LOG_ENV]: work, CI: '' },
  })

  const exchanges: Exchange[] = readdirSync(work)
    .filter((f) => f.startsWith('exchanges-'))
    .flatMap((f) =>
      readFileSync(join(work, f), 'utf8')
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

  const problems = [
    ...(run.status === 0 ? [] : [`the e2e suite failed (exit ${run.status ?? run.signal})`]),
    ...(exchanges.length === 0 ? ['no exchange went through Prism'] : []),
    ...(failures.length ? [`${failures.length} violation(s) of the documents`] : []),
    // Every documented operation is validated against live traffic at least once
    // (test/e2e/openapi-tour.e2e.test.ts calls each).
    ...(uncovered.length ? [`${uncovered.length} documented operation(s) that no e2e test called`] : []),
  ]
  if (problems.length) {
    console.log(`\nOpenAPI conformance FAILED: ${problems.join('; ')}`)
    process.exitCode = 1
  } else {
    console.log('\nOpenAPI conformance: every request and answer the e2e suite exchanged conforms to the documents.')
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
