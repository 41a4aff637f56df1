/**
 * @module docs/runner/modules
 * Which examples can run in the reader's browser: the modules the runner provides (bundled into the page
 * from the workspace packages), and what keeps an example in Node (a `node:*` module, another module the
 * page does not have, a server it starts). The markdown plugin reads it when it builds a page, to show a
 * note instead of the Run button; the runner reads the same list to resolve an example's imports.
 */

/**
 * The modules an example may import in the page.
 *
 * @example
 * ```ts
 * PAGE_MODULES.includes('@merchant-gateway/sdk/pin') // true
 * ```
 */
export const PAGE_MODULES = [
  '@merchant-gateway/sdk',
  '@merchant-gateway/sdk/pin',
  '@merchant-gateway/sdk/webhooks',
  '@merchant-gateway/sdk/errors',
  '@merchant-gateway/mock',
  '@merchant-gateway/mock/matchers',
  '@merchant-gateway/contract',
  '@merchant-gateway/contract/crypto',
  '@merchant-gateway/contract/constants',
  'msw',
  'zod',
] as const

/**
 * A module of {@link PAGE_MODULES}.
 *
 * @example
 * ```ts
 * const name: PageModule = '@merchant-gateway/mock'
 * ```
 */
export type PageModule = (typeof PAGE_MODULES)[number]

/** Why a module the page does not provide is missing, for the ones the guides import. */
const NODE_ONLY: Record<string, string> = {
  '@merchant-gateway/mock/server': "the mock's HTTP server, on Node's http",
  'msw/node': "msw's interception for Node",
  '@merchant-gateway/mock/vitest': "the mock's matchers registered in vitest, a test runner",
}

/**
 * The modules `code` imports (static imports, re-exports, dynamic `import()` and `require()` of a literal),
 * each once, in order.
 *
 * @example
 * ```ts
 * importsOf("import { GatewayClient } from '@merchant-gateway/sdk'\nawait import('zod')")
 * // ['@merchant-gateway/sdk', 'zod']
 * ```
 */
export function importsOf(code: string): string[] {
  const found = new Set<string>()
  const patterns = [
    /^\s*(?:import|export)\s[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/gm,
    /^\s*import\s*(['"])([^'"]+)\1/gm,
    /\b(?:import|require)\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
  ]
  const hits: Array<[number, string]> = []
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) hits.push([m.index, m[2]!])
  for (const [, name] of hits.sort((a, b) => a[0] - b[0])) found.add(name)
  return [...found]
}

/**
 * Why `code` cannot run in the reader's browser, in a sentence that follows "This example runs in Node:",
 * or undefined when it can: it imports a module of Node (`node:*`) or another module the page does not
 * provide, or it starts a server.
 *
 * @example
 * ```ts
 * browserBlocker("import assert from 'node:assert/strict'") // 'it imports node:assert/strict, a module of Node'
 * browserBlocker("import { GatewayClient } from '@merchant-gateway/sdk'") // undefined
 * ```
 */
export function browserBlocker(code: string): string | undefined {
  for (const name of importsOf(code)) {
    if (name.startsWith('node:')) return `it imports ${name}, a module of Node`
    if ((PAGE_MODULES as readonly string[]).includes(name)) continue
    const why = NODE_ONLY[name]
    return why === undefined ? `it imports ${name}, which this page does not load` : `it imports ${name}, ${why}`
  }
  if (/\bcreateServer\s*\(|\.listen\s*\(/.test(code)) return 'it starts a server'
  return undefined
}
