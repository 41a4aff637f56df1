// Loaded with `node --import` ahead of a program (cli-msw.mjs starts the CLI so): records every import of msw
// (`msw`, `msw/*`, `@mswjs/*`) made by a module outside msw, one line each (`<specifier> from <parent>`), in the
// file that MERCHANT_GATEWAY_MSW_RECORD names: the ways into msw, not msw's own imports. Resolving is recorded,
// not refused: the program runs on as it would, and the record says what reached msw. Node >= 22.15
// (`module.registerHooks`: synchronous, in-thread hooks).
import { appendFileSync } from 'node:fs'
import * as nodeModule from 'node:module'

const record = process.env.MERCHANT_GATEWAY_MSW_RECORD
const MSW_SPECIFIER = /^(?:msw|@mswjs\/[^/]+)(?:\/|$)/
const MSW_FILE = /\/node_modules\/(?:msw|@mswjs\/[^/]+)\//

if (record) {
  if (typeof nodeModule.registerHooks !== 'function')
    throw new Error(`msw-hook.mjs needs module.registerHooks (Node >= 22.15); this is Node ${process.versions.node}`)
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context)
      const outside = context.parentURL === undefined || !MSW_FILE.test(context.parentURL)
      if (outside && (MSW_SPECIFIER.test(specifier) || MSW_FILE.test(resolved.url)))
        appendFileSync(record, `${specifier} from ${context.parentURL ?? '(entry)'}\n`)
      return resolved
    },
  })
}
