/**
 * @module app/inspector
 * The part of the app that serves the inspector page under `/__mock/ui/`: `index.html`, `app.js` (built from
 * `ui/src/app.ts` and shipped in the package) and `app.css`, each read from the package once, on first use;
 * any other file under the page is 404, and `/__mock/ui` sends the browser to `/__mock/ui/`.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { refusal } from '../../http/responses.js'
import type { AppPart, AppRoute } from './part.js'

/** Where the page lives, from the app's root. */
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

/**
 * The inspector part of an app mounted at `prefix` (`''` at the server's root): `GET` and `HEAD` of the
 * page's files, and the redirect to the page's folder.
 *
 * @example
 * ```ts
 * const inspector = inspectorPart('')
 * inspector.routes.map((route) => route.method) // ['GET', 'HEAD', 'GET', 'HEAD']
 * ```
 */
export function inspectorPart(prefix: string): AppPart {
  const cache = new Map<string, Promise<Buffer>>()
  const dir = join(dirname(createRequire(import.meta.url).resolve('@merchant-gateway/mock/package.json')), 'ui')
  const read = (file: string): Promise<Buffer> => {
    let bytes = cache.get(file)
    if (!bytes) {
      bytes = readFile(join(dir, file))
      cache.set(file, bytes)
      bytes.catch(() => cache.delete(file))
    }
    return bytes
  }
  const page = `${prefix}${INSPECTOR_PATH}`
  const folder: AppRoute['answer'] = () => ({ status: 308, headers: { Location: page }, body: '' })
  const file: AppRoute['answer'] = async ({ pathname }) => {
    const spec = FILES[pathname.slice(page.length)]
    if (!spec) return refusal(pathname, 404, `No such file of the inspector page: ${pathname}`)
    return {
      status: 200,
      headers: { 'Content-Type': spec.type, 'Cache-Control': 'no-cache' },
      body: await read(spec.file),
    }
  }
  const folderPath = INSPECTOR_PATH.slice(0, -1)
  return {
    name: 'inspector',
    routes: [
      { method: 'GET', path: folderPath, answer: folder },
      { method: 'HEAD', path: folderPath, answer: folder },
      { method: 'GET', path: { prefix: INSPECTOR_PATH }, answer: file },
      { method: 'HEAD', path: { prefix: INSPECTOR_PATH }, answer: file },
    ],
  }
}
