/**
 * @module openapi-tools/reference/build-reference
 * `npm run docs:openapi` (part of `npm run docs` and `npm run docs:dev`): the OpenAPI reference of the docs site,
 * one self-contained HTML file per document (`redocly build-docs --inlineBundle`: Redoc's scripts inside the
 * page), into the site's public assets, docs/public/redoc/, which the pages docs/openapi/gateway.md and
 * docs/openapi/control.md show in a frame. Three things of Redoc 3 are changed:
 *
 * - its "API docs by" badge is hidden (a style added to the page's head);
 * - the badge's logo, the only thing the page would load from Redoc's CDN at view time, is replaced by an empty
 *   image, so the page makes no request to another host (`npm run docs:screenshot` opens it with every other
 *   host refused);
 * - Redoc prints the servers' texts as they are, not as Markdown, and a server variable's description names the
 *   variable in code (`{base_url}`): the page is built from a copy of the document whose server texts have no
 *   backticks (the committed documents are left as they are; the screenshot script fails on a backtick shown).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { REPOSITORY_ROOT as root } from '../repository-root.js'

/** Redocly's command line, from this workspace's own dependency (wherever npm installed it). */
const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js')
const OUT = 'docs/public/redoc'
const PAGES = [
  {
    document: 'packages/contract/openapi.json',
    title: 'Merchant gateway and PIN service: API reference',
    out: `${OUT}/gateway.html`,
  },
  {
    document: 'packages/mock/openapi.control.json',
    title: 'Merchant gateway mock: control API reference',
    out: `${OUT}/control.html`,
  },
] as const
/** Redoc's attribution logo; an empty image makes Redoc hide it (its onError handler). */
const LOGOS = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g
/** The attribution badge ("API docs by" and the logo: a link to Redocly, in a span of its own), hidden. */
const BADGE = 'a[href="https://redocly.com/redoc/"]'
const BADGE_STYLE = `<style>${BADGE}, :has(> ${BADGE}) { display: none !important; }</style>`

/** What the page shows of an OpenAPI document's servers. */
interface Servers {
  servers?: { description?: string; variables?: Record<string, { description?: string }> }[]
}

/** The document with its servers' descriptions, and their variables', without backticks. */
function plainServerTexts(document: Servers): Servers {
  const plain = <T extends { description?: string }>(item: T): T =>
    item.description === undefined ? item : { ...item, description: item.description.replaceAll('`', '') }
  if (document.servers === undefined) return document
  return {
    ...document,
    servers: document.servers.map((server) => ({
      ...plain(server),
      ...(server.variables === undefined
        ? {}
        : { variables: Object.fromEntries(Object.entries(server.variables).map(([k, v]) => [k, plain(v)])) }),
    })),
  }
}

/**
 * `text` without the boxed banners Redocly prints (lines of a box drawn with `╔`, `║`, `╚`).
 *
 * @example
 * ```ts
 * withoutBanner('╔══╗\n║ hi ║\n╚══╝\nPrerendering docs\n') // 'Prerendering docs\n'
 * ```
 */
function withoutBanner(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*[╔║╚]/.test(line))
    .join('\n')
    .replace(/^\n+/, '')
}

mkdirSync(`${root}${OUT}`, { recursive: true })
const scratch = mkdtempSync(join(tmpdir(), 'redoc-'))
try {
  for (const page of PAGES) {
    const document = join(scratch, page.document.replaceAll('/', '-'))
    writeFileSync(
      document,
      JSON.stringify(plainServerTexts(JSON.parse(readFileSync(`${root}${page.document}`, 'utf8')))),
    )
    // From the repository's root, where redocly.yaml is.
    const run = spawnSync(
      process.execPath,
      [REDOCLY, 'build-docs', document, '--inlineBundle', '--title', page.title, '-o', page.out],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    )
    const printed = `${run.stdout}${run.stderr}`
    if (run.status !== 0) {
      process.stderr.write(printed)
      throw new Error(`redocly build-docs ${page.document} failed (exit ${run.status})`)
    }
    // Redocly's lines but its boxed notice that build-docs now renders Redoc 3, which this page is built for
    // (the notice has no setting to turn it off, and it came once per document).
    process.stdout.write(withoutBanner(printed))
    const html = readFileSync(`${root}${page.out}`, 'utf8')
    const logos = html.match(LOGOS)?.length ?? 0
    if (logos === 0)
      throw new Error(
        `${page.out}: Redoc's CDN logo was not found; check what the page loads (npm run docs:screenshot)`,
      )
    // The page's own head comes first; later `<head>`s are strings inside Redoc's scripts.
    if (!html.includes('<head>')) throw new Error(`${page.out}: no <head> to add the badge's style to`)
    writeFileSync(`${root}${page.out}`, html.replace(LOGOS, 'data:,').replace('<head>', `<head>\n  ${BADGE_STYLE}`))
    console.log(`${page.out}: written, ${logos} CDN logo address(es) removed, the "API docs by" badge hidden`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
