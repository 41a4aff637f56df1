/**
 * @module docs/config
 * The docs site (VitePress, root docs/): the guides, the examples with their sources, the API reference that
 * typedoc writes as Markdown into docs/api/ (`npm run docs:api`), the OpenAPI reference (Redoc pages that
 * `npm run docs:openapi` writes into docs/public/redoc/), the state diagrams (Mermaid, bundled) and local search.
 * A page asks no other host for anything: fonts, scripts and styles are the site's own. `npm run docs` builds it
 * into docs/.vitepress/dist; it fails on a dead link (VitePress's own check), on a link to a missing anchor and on
 * an asset address of another host (both checked below, over the built pages).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DefaultTheme, defineConfig, type MarkdownRenderer } from 'vitepress'
import { diagrams, UNDRAWN_DIAGRAM } from './diagrams/markdown.js'
import { runnableExamples } from './runner/markdown.js'
import { staleBuilds } from './runner/site.js'

/** The repository's root folder, and the docs' (VitePress's source folder). */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DOCS = join(REPOSITORY_ROOT, 'docs')
/** Where a link to a repository file that is not a page of the site goes: the file on GitHub. */
const REPOSITORY_URL = 'https://github.com/merchant-gateway/merchant-gateway/blob/main/'

/** The guides, by what the reader came to do. */
const GUIDES: DefaultTheme.SidebarItem[] = [
  {
    text: 'Start',
    items: [{ text: 'Overview', link: '/' }],
  },
  {
    text: 'Call the gateway (SDK)',
    items: [
      { text: 'The SDK', link: '/sdk' },
      { text: 'Errors', link: '/errors' },
      { text: 'Testing across releases', link: '/releases' },
    ],
  },
  {
    text: 'Test against the mock',
    items: [
      { text: 'The mock in tests', link: '/mock' },
      { text: 'The mock server', link: '/mock-server' },
      { text: 'Many tests, one server', link: '/many-tests-one-server' },
      { text: 'Scenarios: a state to start from', link: '/scenarios' },
      { text: 'Mocking in the browser', link: '/browser-mocking' },
      { text: 'States', link: '/states' },
      { text: 'Is the mock still faithful?', link: '/verify' },
    ],
  },
  {
    text: 'READMEs (as on npm and GitHub)',
    items: [
      { text: 'The repository', link: '/repository-readme' },
      { text: '@merchant-gateway/sdk', link: '/sdk-readme' },
      { text: '@merchant-gateway/mock', link: '/mock-readme' },
      { text: '@merchant-gateway/contract', link: '/contract-readme' },
    ],
  },
  {
    text: 'Examples',
    items: [
      { text: 'Quickstart (backend)', link: '/examples/quickstart' },
      { text: 'Webhook receiver', link: '/examples/webhook-receiver' },
      { text: 'Browser tests (frontend)', link: '/examples/browser-tests' },
      { text: 'A Vite app on the mock (frontend)', link: '/examples/pin-app' },
      { text: 'Playwright tests of the app (frontend)', link: '/examples/pin-app-e2e' },
      { text: 'Storybook of the app (frontend)', link: '/examples/pin-app-storybook' },
    ],
  },
  {
    text: 'HTTP reference (OpenAPI)',
    items: [
      { text: 'Gateway and PIN service', link: '/openapi/gateway' },
      { text: "The mock's control API", link: '/openapi/control' },
    ],
  },
  {
    text: 'The project',
    items: [
      { text: 'Architecture', link: '/architecture' },
      { text: 'Decisions', link: '/decisions' },
    ],
  },
]

/** The packages of the API reference, in the sidebar's order. */
const PACKAGES = [
  { name: '@merchant-gateway/sdk', text: 'API: the SDK' },
  { name: '@merchant-gateway/mock', text: 'API: the mock' },
  { name: '@merchant-gateway/contract', text: 'API: the contract' },
] as const

/** The API reference's entry points (the packages and their subpath exports), as typedoc-vitepress-theme listed
 * them in docs/api/typedoc-sidebar.json, each with its classes, interfaces, functions... */
function apiModules(): DefaultTheme.SidebarItem[] {
  const file = join(DOCS, 'api/typedoc-sidebar.json')
  if (!existsSync(file)) throw new Error('docs/api/typedoc-sidebar.json is missing: run `npm run docs:api` first')
  return JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[]
}

/**
 * The API reference's part of the sidebar: one section per package, listing its entry points. The package of
 * the page being read (`open`) lists every class, interface, function... of its entry points too; the others
 * list their entry points only, so a page carries one package's tree, not the 300 pages of all three.
 */
function apiSidebar(modules: DefaultTheme.SidebarItem[], open?: string): DefaultTheme.SidebarItem[] {
  const sections = PACKAGES.map(({ name, text }) => ({
    text,
    collapsed: name !== open,
    items: modules
      .filter((m) => m.text === name || m.text?.startsWith(`${name}/`))
      .map((m) => (name === open ? m : { text: m.text, link: m.link })),
  }))
  const placed = sections.reduce((n, s) => n + s.items.length, 0)
  if (placed !== modules.length)
    throw new Error(`the API reference has ${modules.length} entry points; the sidebar places ${placed}`)
  return sections
}

/** The sidebar: the guides first, then the API reference, whose tree is the package's of the page. */
function sidebar(): DefaultTheme.SidebarMulti {
  const modules = apiModules()
  return Object.fromEntries([
    ...PACKAGES.map(({ name }) => [`/api/${name}/`, [...GUIDES, ...apiSidebar(modules, name)]]),
    ['/', [...GUIDES, ...apiSidebar(modules)]],
  ])
}

/**
 * Relative links of a page's text, read against the folder the text was written in: docs/ for a guide, the
 * example's folder for an example page (its README is the page's text: front matter `linksFrom`).
 *
 * - a link to a page of the site stays a link to that page (an example's folder or README: the example's page);
 * - a link to a file the page shows (a heading that is the file's path in code, as `` `src/main.ts` ``) goes to
 *   that heading;
 * - a link to any other file of the repository goes to the file on GitHub (a link out, nothing loaded).
 */
function repositoryLinks(md: MarkdownRenderer): void {
  md.core.ruler.push('repository-links', (state) => {
    const page = state.env.relativePath as string | undefined
    if (page === undefined) return
    const pageFolder = posix.dirname(`docs/${page}`)
    const linksFrom = (state.env.frontmatter as { linksFrom?: string } | undefined)?.linksFrom
    const textFolder = linksFrom ?? pageFolder
    const headings = new Map<string, string>()
    state.tokens.forEach((token, i) => {
      const code = /^`([^`]+)`$/.exec(state.tokens[i + 1]?.content ?? '')?.[1]
      const id = token.attrGet('id')
      if (token.type === 'heading_open' && code !== undefined && id !== null) headings.set(code, id)
    })
    const links = state.tokens.flatMap((t) => t.children ?? []).filter((t) => t.type === 'link_open')
    for (const link of links) {
      const href = link.attrGet('href')
      if (href === null || /^([a-z][a-z0-9+.-]*:|[#/])/i.test(href)) continue
      const [path = '', hash] = href.split('#')
      const target = posix.normalize(posix.join(textFolder, path)).replace(/\/$/, '')
      const example = /^examples\/([^/]+)(?:\/README\.md)?$/.exec(target)?.[1]
      const shown = linksFrom === undefined ? undefined : headings.get(posix.relative(linksFrom, target))
      const anchor = hash === undefined ? '' : `#${hash}`
      if (shown !== undefined) link.attrSet('href', `#${shown}`)
      else if (target.startsWith('docs/'))
        link.attrSet('href', `${posix.relative(pageFolder, target) || posix.basename(target)}${anchor}`)
      else if (example !== undefined && existsSync(join(DOCS, `examples/${example}.md`)))
        link.attrSet('href', `${posix.relative(pageFolder, `docs/examples/${example}.md`)}${anchor}`)
      else link.attrSet('href', `${REPOSITORY_URL}${target}${anchor}`)
    }
    // A picture of an included text (a README's `docs/site-guide.png`) is read against the text's folder too:
    // one of docs/ is the site's own asset, any other the file on GitHub.
    if (linksFrom === undefined) return
    const images = state.tokens.flatMap((t) => t.children ?? []).filter((t) => t.type === 'image')
    for (const image of images) {
      const src = image.attrGet('src')
      if (src === null || /^([a-z][a-z0-9+.-]*:|\/)/i.test(src)) continue
      const target = posix.normalize(posix.join(linksFrom, src))
      if (target.startsWith('docs/')) image.attrSet('src', `./${posix.relative(pageFolder, target)}`)
      else image.attrSet('src', `${REPOSITORY_URL}${target}?raw=true`)
    }
  })
}

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Over the built site: every link to an anchor of a page of the site finds that anchor, and no page or style
 * loads anything from another host (a font, a script, a style sheet, an image, a frame). Throws listing what
 * it found, which fails the build.
 */
function checkBuiltSite(outDir: string): void {
  const pages = filesUnder(outDir).filter((f) => f.endsWith('.html') && !f.startsWith(join(outDir, 'redoc')))
  const ids = new Map<string, Set<string>>()
  for (const page of pages) {
    const html = readFileSync(page, 'utf8')
    ids.set(page, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!))))
  }
  const problems: string[] = []
  for (const page of pages) {
    const html = readFileSync(page, 'utf8')
    const where = relative(outDir, page)
    for (const [, href] of html.matchAll(/<a\s[^>]*?href="([^"]*#[^"]+)"/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href!)) continue
      const [path, hash] = href!.split('#') as [string, string]
      const target =
        path === '' ? page : normalize(path.startsWith('/') ? join(outDir, path) : join(dirname(page), path))
      const known = ids.get(target)
      if (known === undefined) continue // not a page (VitePress's own check finds dead pages)
      const id = decodeURIComponent(hash)
      if (!known.has(id)) problems.push(`${where}: a link to ${href}, which has no element with id "${id}"`)
    }
    const external = /<(?:link|script|img|iframe|source|video|audio)\s[^>]*?(?:href|src)="((?:https?:)?\/\/[^"]+)"/g
    if (html.includes(UNDRAWN_DIAGRAM)) problems.push(`${where}: a diagram is not drawn (npm run docs:diagrams)`)
    for (const [tag, url] of html.matchAll(external))
      if (!/^<link\s/.test(tag!) || !/rel="(?:canonical|alternate)"/.test(tag!))
        problems.push(`${where}: loads ${url} from another host`)
  }
  for (const style of filesUnder(outDir).filter((f) => f.endsWith('.css'))) {
    for (const [, url] of readFileSync(style, 'utf8').matchAll(/(?:url\(|@import\s*)["']?((?:https?:)?\/\/[^"')\s]+)/g))
      problems.push(`${relative(outDir, style)}: loads ${url} from another host`)
  }
  if (problems.length > 0) throw new Error(`the built site has ${problems.length} problem(s):\n${problems.join('\n')}`)
  console.log(`checked ${pages.length} pages: every anchor found, nothing loaded from another host`)
}

// The runnable examples bundle the packages' builds (dist/, as a reader's bundler would take them): a build
// missing or older than a source file is made again first, so a page never runs yesterday's SDK.
const stale = staleBuilds()
if (stale !== undefined) {
  console.log(`${stale}: building the packages first (npm run build)`)
  execFileSync('npm', ['run', 'build'], { cwd: REPOSITORY_ROOT, stdio: 'inherit' })
}

export default defineConfig({
  title: 'merchant-gateway',
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  description: 'A TypeScript SDK and a stateful mock for a merchant payment gateway',
  lang: 'en-US',
  lastUpdated: false,
  markdown: {
    // A fence with no language is plain text (VitePress's default, stated).
    defaultHighlightLang: 'txt',
    config(md) {
      md.use(repositoryLinks)
      // A ```mermaid block becomes its pictures, drawn beforehand (diagrams/render.ts, `npm run docs:diagrams`).
      md.use(diagrams)
      md.use(runnableExamples)
    },
  },
  vite: {
    // The dev server's scan for dependencies reads the site's HTML entries: not the Redoc pages of the public
    // assets, whose inline scripts are Redoc's bundle, not the site's.
    optimizeDeps: { entries: ['**/*.html', '!public/**'] },
    build: {
      // Vite warns for a chunk over 500 kB. Two chunks of the site are larger, and no page loads either until
      // the reader asks: the runner (its first Run: sucrase, the SDK, the mock and zod, 715 kB, 215 kB gzip;
      // `npm run bench:docs` holds what Run loads to its budget) and VitePress's local search index (the
      // search box opened: the text of every page, the API reference's included, 1 510 kB, 292 kB gzip).
      chunkSizeWarningLimit: 2000,
      rollupOptions: {
        onwarn(warning, warn) {
          // zod 4 writes `@__PURE__` inside two explanatory comments (core/util.js, core/regexes.js), which
          // Rollup cannot read as annotations and drops, with a warning each: zod's comments, nothing to fix
          // here, and nothing changes in the bundle.
          if (warning.code === 'INVALID_ANNOTATION' && /[/\\]node_modules[/\\]zod[/\\]/.test(warning.id ?? '')) return
          warn(warning)
        },
      },
    },
  },
  themeConfig: {
    nav: [
      {
        text: 'Guides',
        link: '/sdk',
        // Any page but the examples, the references and the project's own (architecture, decisions).
        activeMatch: '^/(?!examples/|api/|openapi/|architecture|decisions|index|$)[^/]+(\\.html)?$',
      },
      { text: 'Examples', link: '/examples/quickstart', activeMatch: '^/examples/' },
      {
        text: 'API reference',
        activeMatch: '^/api/',
        items: PACKAGES.map(({ name }) => ({ text: name, link: `/api/${name}/` })),
      },
      {
        text: 'OpenAPI',
        activeMatch: '^/openapi/',
        items: [
          { text: 'Gateway and PIN service', link: '/openapi/gateway' },
          { text: "The mock's control API", link: '/openapi/control' },
        ],
      },
      // A link, not a social icon: the dev server draws those from an icon service on another host.
      { text: 'GitHub', link: 'https://github.com/merchant-gateway/merchant-gateway' },
    ],
    sidebar: sidebar(),
    outline: { level: [2, 3] },
    search: { provider: 'local' },
    footer: { message: 'MIT License' },
  },
  buildEnd(site) {
    checkBuiltSite(site.outDir)
  },
})
