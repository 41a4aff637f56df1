/**
 * @module app/documents
 * The part of the app that hands out the OpenAPI documents: the service's (`GET /openapi.json`, the file
 * `@merchant-gateway/contract/openapi.json`) and the control API's (`GET /__mock/openapi.json`, the file
 * `@merchant-gateway/mock/openapi.control.json`). Both are generated and committed (`npm run openapi`); the
 * part reads each once, on the first request for it, and names the server as the local one.
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

/**
 * The documents part of one app: `GET` (and `HEAD`) of each document, with `serverUrl` as the local server.
 *
 * @example
 * ```ts
 * const documents = documentsPart('http://127.0.0.1:4011')
 * documents.routes.map((route) => `${route.method} ${route.path}`) // ['GET /openapi.json', 'HEAD /openapi.json', ...]
 * ```
 */
export function documentsPart(serverUrl: string): AppPart {
  const require = createRequire(import.meta.url)
  const cache = new Map<string, Promise<string>>()
  const load = async (specifier: string): Promise<string> => {
    const document = JSON.parse(await readFile(require.resolve(specifier), 'utf8')) as {
      servers?: Array<{ url: string }>
    }
    // "Try it" in a viewer should reach this server, whatever port it was started on.
    for (const server of document.servers ?? []) if (server.url === DOCUMENTED_LOCAL_SERVER) server.url = serverUrl
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
