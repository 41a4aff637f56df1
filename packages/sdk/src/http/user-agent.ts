/**
 * @module user-agent
 * The `User-Agent` the clients send: `merchant-gateway-sdk/<version> <runtime>/<version>`, so the
 * gateway's operators can tell which SDK and runtime made a call. Only where the runtime lets a
 * program set it: Node, Bun and Deno. A browser keeps its own (it refuses or ignores the header, and
 * setting it cross-origin would force a CORS preflight), and so does any runtime not recognised here.
 */
import { VERSION } from '../version.js'

/** The globals the runtime is recognised by; a parameter so a test can present another runtime. */
export interface RuntimeGlobals {
  Deno?: { version?: { deno?: string } }
  Bun?: { version?: string }
  process?: { versions?: { node?: string; bun?: string }; release?: { name?: string } }
}

/**
 * The SDK's `User-Agent` on this runtime, or undefined where it must not be set.
 *
 * @example
 * ```ts
 * sdkUserAgent() // 'merchant-gateway-sdk/0.1.0 node/24.9.0' on Node, undefined in a browser
 * ```
 */
export function sdkUserAgent(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string | undefined {
  const runtime = runtimeOf(globals)
  return runtime === undefined ? undefined : `merchant-gateway-sdk/${VERSION} ${runtime}`
}

function runtimeOf({ Deno, Bun, process }: RuntimeGlobals): string | undefined {
  // Deno and Bun also define `process` for Node compatibility: ask them first.
  if (typeof Deno?.version?.deno === 'string') return `deno/${Deno.version.deno}`
  const bun = Bun?.version ?? process?.versions?.bun
  if (typeof bun === 'string') return `bun/${bun}`
  if (typeof process?.versions?.node === 'string' && process.release?.name === 'node')
    return `node/${process.versions.node}`
  return undefined
}
