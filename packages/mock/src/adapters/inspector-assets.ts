/**
 * @module inspector-assets
 * The inspector page's files, served by the HTTP server under `/__mock/ui/`: `index.html`, `app.js` (built
 * from `ui/src/app.ts` and shipped in the package) and `app.css`. Read from the package once, on first use.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where the page lives on the server. */
export const INSPECTOR_PATH = '/__mock/ui/'

/**
 * The header, with the value `poll`, that the page puts on its polling requests (`GET /__mock/version`,
 * `GET /__mock/snapshot`), so that the server leaves their answers out of its log.
 */
export const INSPECTOR_POLL_HEADER = 'x-mock-inspector'

const FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  'index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  'app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  'app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
}

/** One file of the page: its bytes and Content-Type. */
export interface InspectorAsset {
  body: Buffer
  type: string
}

/**
 * The page's files for one server.
 *
 * @example
 * ```ts
 * const assets = inspectorAssets()
 * await assets.get('/__mock/ui/') // the page's HTML
 * await assets.get('/__mock/ui/nope.js') // 'not-found'
 * await assets.get('/__mock/merchants') // undefined: not a page path
 * ```
 */
export function inspectorAssets(): { get(pathname: string): Promise<InspectorAsset | 'not-found' | undefined> } {
  const cache = new Map<string, Promise<InspectorAsset>>()
  const dir = join(dirname(createRequire(import.meta.url).resolve('@merchant-gateway/mock/package.json')), 'ui')
  return {
    get(pathname) {
      if (!pathname.startsWith(INSPECTOR_PATH)) return Promise.resolve(undefined)
      const spec = FILES[pathname.slice(INSPECTOR_PATH.length)]
      if (!spec) return Promise.resolve('not-found')
      let asset = cache.get(spec.file)
      if (!asset) {
        asset = readFile(join(dir, spec.file)).then((body) => ({ body, type: spec.type }))
        cache.set(spec.file, asset)
        asset.catch(() => cache.delete(spec.file))
      }
      return asset
    },
  }
}
