/**
 * @module openapi-tools/reference/build-reference
 * `npm run docs:openapi` (part of `npm run docs`): the OpenAPI reference pages of the docs site, one
 * self-contained HTML file per document (`redocly build-docs --inlineBundle`: Redoc's scripts inside the
 * page), into docs/openapi/ where typedoc picks them up through the README's links. The only thing
 * Redoc 3 still loads from its CDN at view time is its "API docs by" logo; that image is removed (the
 * badge keeps its text), so the page makes no request off the disk: `npm run docs:screenshot` opens it
 * with the network refused and fails on any request that leaves the disk.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { REPOSITORY_ROOT as root } from '../repository-root.js'

/** Redocly's command line, from this workspace's own dependency (wherever npm installed it). */
const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js')
const PAGES = [
  { api: 'gateway', title: 'Merchant gateway and PIN service: API reference', out: 'docs/openapi/gateway.html' },
  { api: 'control', title: 'Merchant gateway mock: control API reference', out: 'docs/openapi/control.html' },
] as const
/** Redoc's attribution logo; an empty image makes Redoc hide it (its onError handler). */
const LOGOS = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g

mkdirSync(`${root}docs/openapi`, { recursive: true })
for (const page of PAGES) {
  // From the repository's root, where redocly.yaml names the documents (`gateway`, `control`).
  const run = spawnSync(
    process.execPath,
    [REDOCLY, 'build-docs', page.api, '--inlineBundle', '--title', page.title, '-o', page.out],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  )
  if (run.status !== 0) throw new Error(`redocly build-docs ${page.api} failed (exit ${run.status})`)
  const html = readFileSync(`${root}${page.out}`, 'utf8')
  const logos = html.match(LOGOS)?.length ?? 0
  if (logos === 0)
    throw new Error(`${page.out}: Redoc's CDN logo was not found; check what the page loads (npm run docs:screenshot)`)
  writeFileSync(`${root}${page.out}`, html.replace(LOGOS, 'data:,'))
  console.log(`${page.out}: written, ${logos} CDN logo address(es) removed`)
}
