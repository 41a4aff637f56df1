/**
 * @module docs/runner/site
 * The built docs site (docs/.vitepress/dist) for the site's Chromium tests and the runner's bench, served from
 * 127.0.0.1 by a few lines of `node:http`; the Chromium they read it in; and whether the packages' builds,
 * which the site's runnable examples bundle, are older than their sources. Node only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from 'playwright'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@merchant-gateway/chromium'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The built packages the site bundles (their `import` entries, as a browser build resolves them), and the
 * sources a build older than them would miss.
 */
const BUILDS = [
  { dist: 'packages/contract/dist/index.js', src: 'packages/contract/src' },
  { dist: 'packages/mock/dist/index.js', src: 'packages/mock/src' },
  { dist: 'packages/sdk/dist/index.js', src: 'packages/sdk/src' },
]

/**
 * Why the packages' builds cannot be bundled as they are, if they cannot: a dist/ missing or older than a
 * source file (the page would run yesterday's SDK). Undefined when they are current.
 *
 * @example
 * ```ts
 * if (staleBuilds()) execFileSync('npm', ['run', 'build'])
 * ```
 */
export function staleBuilds(): string | undefined {
  for (const { dist, src } of BUILDS) {
    let built: number
    try {
      built = statSync(join(ROOT, dist)).mtimeMs
    } catch {
      return `${dist} is missing`
    }
    const newer = readdirSync(join(ROOT, src), { recursive: true, withFileTypes: true }).find(
      (e) =>
        e.isFile() &&
        e.name.endsWith('.ts') &&
        !e.name.endsWith('.test.ts') &&
        statSync(join(e.parentPath, e.name)).mtimeMs > built,
    )
    if (newer) return `${join(newer.parentPath, newer.name).slice(ROOT.length)} is newer than ${dist}`
  }
  return undefined
}

/**
 * Headless Debian Chromium (never a downloaded browser), quiet: no background requests of its own, so that
 * every request a test or a bench sees is the page's.
 *
 * @example
 * ```ts
 * const browser = await launchChromium()
 * const page = await browser.newPage()
 * ```
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
}

/**
 * A built site served over HTTP.
 *
 * @example
 * ```ts
 * const site = await serveSite('docs/.vitepress/dist')
 * site.gzipSize('/assets/chunks/framework.js') // bytes
 * await site.close()
 * ```
 */
export interface ServedSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The gzip size (zlib's default level) of a file the site serves, by its path. */
  gzipSize(path: string): number
  close(): Promise<void>
}

/**
 * Serves the folder `dir` on a free port of 127.0.0.1 (`/x` answers `x.html`, as VitePress's clean URLs
 * need; extra routes from `extra` first, for the bench's own page).
 *
 * @example
 * ```ts
 * const site = await serveSite('docs/.vitepress/dist', { '/bench.html': { type: 'text/html', body: html } })
 * ```
 */
export async function serveSite(
  dir: string,
  extra: Record<string, { type: string; body: string | Uint8Array }> = {},
): Promise<ServedSite> {
  const read = (path: string): Uint8Array | undefined => {
    const added = extra[path]
    if (added) return typeof added.body === 'string' ? new TextEncoder().encode(added.body) : added.body
    const file = normalize(join(dir, decodeURIComponent(path)))
    if (!file.startsWith(dir)) return undefined
    for (const candidate of [file, `${file}.html`, join(file, 'index.html')]) {
      try {
        if (statSync(candidate).isFile()) return readFileSync(candidate)
      } catch {}
    }
    return undefined
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const body = read(path)
    if (body === undefined) {
      res.writeHead(404).end()
      return
    }
    const type = extra[path]?.type ?? TYPES[extname(path)] ?? (extname(path) === '' ? TYPES['.html']! : undefined)
    res.writeHead(200, { 'Content-Type': type ?? 'application/octet-stream', 'Cache-Control': 'no-store' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return {
    origin,
    gzipSize: (path) => gzipSync(read(path) ?? new Uint8Array()).length,
    close,
  }
}
