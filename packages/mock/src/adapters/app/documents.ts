/**
 * @module app/documents
 * The part of the app that hands out the OpenAPI documents: the service's (`GET /openapi.json`, the file
 * `@merchant-gateway/contract/openapi.json`) and the control API's (`GET /__mock/openapi.json`, the file
 * `@merchant-gateway/mock/openapi.control.json`). Both are generated and committed (`npm run openapi`), naming
 * the local mock at its default address; the part reads each once, on the first request for it, and names this
 * server instead, at its real address: the app's own URL as the document's server, and the server's root for the
 * entries that name the root or a path under it (the session server `/s/{sessionId}`, the session routes' own).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AppPart, AppRoute } from './part.js'

/** The address the documents give for the local mock (`npm start`'s default). */
const DOCUMENTED_LOCAL_SERVER = 'http://127.0.0.1:4010'

const FILES: Readonly<Record<string, string>> = {
  '/openapi.json': '@merchant-gateway/contract/openapi.json',
  '/__mock/openapi.json': '@merchant-gateway/mock/openapi.control.json',
}

/** A document's parts that may name servers: the document, each path and each operation. */
interface ServersHolder {
  servers?: Array<{ url: string }>
  paths?: Record<string, ServersHolder & Record<string, unknown>>
}

/**
 * The documents part of one app: `GET` (and `HEAD`) of each document, with `serverUrl` (the app's own URL: the
 * server's, or a session's base URL when the app stands under `prefix`) as the local server.
 *
 * @example
 * ```ts
 * const documents = documentsPart('http://127.0.0.1:4011')
 * documents.routes.map((route) => `${route.method} ${route.path}`) // ['GET /openapi.json', 'HEAD /openapi.json', ...]
 * ```
 */
export function documentsPart(serverUrl: string, prefix = ''): AppPart {
  const require = createRequire(import.meta.url)
  const cache = new Map<string, Promise<string>>()
  const root = prefix !== '' && serverUrl.endsWith(prefix) ? serverUrl.slice(0, -prefix.length) : serverUrl
  const load = async (specifier: string): Promise<string> => {
    const document = JSON.parse(await readFile(require.resolve(specifier), 'utf8')) as ServersHolder
    // "Try it" in a viewer should reach this server, whatever port it was started on.
    localise(document.servers, serverUrl, root)
    for (const path of Object.values(document.paths ?? {})) {
      localise(path.servers, root, root)
      for (const operation of Object.values(path)) localise((operation as ServersHolder | null)?.servers, root, root)
    }
    return JSON.stringify(document)
  }
  const text = (specifier: string): Promise<string> => {
    let loaded = cache.get(specifier)
    if (!loaded) {
      loaded = load(specifier)
      cache.set(specifier, loaded)
      loaded.catch(() => cache.delete(specifier))
    }
    return loaded
  }
  const routes = Object.entries(FILES).flatMap(([path, specifier]): AppRoute[] => {
    const answer = async () => ({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: await text(specifier),
    })
    return [
      { method: 'GET', path, answer },
      { method: 'HEAD', path, answer },
    ]
  })
  return { name: 'documents', routes }
}

/**
 * Names this server in `servers`: the documented local server itself becomes `here`, and a URL under it (the
 * session server, `.../s/{sessionId}`) the same path under `root`, since sessions are the root's.
 */
function localise(servers: Array<{ url: string }> | undefined, here: string, root: string): void {
  for (const server of Array.isArray(servers) ? servers : []) {
    if (server.url === DOCUMENTED_LOCAL_SERVER) server.url = here
    else if (server.url.startsWith(`${DOCUMENTED_LOCAL_SERVER}/`))
      server.url = `${root}${server.url.slice(DOCUMENTED_LOCAL_SERVER.length)}`
  }
}
