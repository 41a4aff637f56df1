/**
 * @module openapi-documents
 * The OpenAPI documents the HTTP server hands out: the service's (`GET /openapi.json`, the file
 * `@merchant-gateway/contract/openapi.json`) and the control API's (`GET /__mock/openapi.json`, the file
 * `@merchant-gateway/mock/openapi.control.json`). Both are generated and committed (`npm run openapi`);
 * the server reads each once, on the first request for it, and names itself as the local server.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/** The address the documents give for the local mock (`npm start`'s default). */
const DOCUMENTED_LOCAL_SERVER = 'http://127.0.0.1:4010'

const FILES: Readonly<Record<string, string>> = {
  '/openapi.json': '@merchant-gateway/contract/openapi.json',
  '/__mock/openapi.json': '@merchant-gateway/mock/openapi.control.json',
}

/**
 * Reads the documents on demand for one server.
 *
 * @example
 * ```ts
 * const documents = openApiDocuments('http://127.0.0.1:4011')
 * await documents.get('/openapi.json') // the JSON text, with http://127.0.0.1:4011 as the local server
 * ```
 */
export function openApiDocuments(serverUrl: string): { get(pathname: string): Promise<string | undefined> } {
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
  return {
    get(pathname) {
      const specifier = FILES[pathname]
      if (!specifier) return Promise.resolve(undefined)
      let text = cache.get(specifier)
      if (!text) {
        text = load(specifier)
        cache.set(specifier, text)
        text.catch(() => cache.delete(specifier))
      }
      return text
    },
  }
}
