/**
 * @module test-web/setup
 * Runs before every file of the `sdk-web` project, before the file imports anything: deletes
 * `globalThis.Buffer`, as browsers, Deno and Workers lack it, so that any use of it by the SDK, the
 * contract, the mock or their dependencies (ky, zod, msw) fails the run instead of passing on Node alone.
 *
 * One exception, for the runtime itself: Node's built-in fetch, Request and Response (the undici bundled
 * inside Node, `node:internal/deps/undici`) read the global `Buffer` at run time (`Buffer.concat` when a
 * body is read, `Buffer.byteLength` when one is built), so with Buffer simply gone Node cannot answer a
 * request at all. A browser has those classes natively. So after the delete, `Buffer` is defined again as
 * an accessor that answers only code of Node itself (a caller whose file is `node:...`) and answers
 * `undefined` to everything else: `globalThis.Buffer` and `typeof Buffer` look as in a browser, and
 * `Buffer.from(...)` anywhere outside Node's internals throws.
 */
const realBuffer = globalThis.Buffer
const global = globalThis as Record<string, unknown>
delete global.Buffer

type CallSite = { getFileName(): string | null | undefined }

/** Whether the code reading `Buffer` is Node's own (a `node:` builtin). */
function readByNode(getter: (...args: never[]) => unknown): boolean {
  const { stackTraceLimit, prepareStackTrace } = Error
  try {
    Error.stackTraceLimit = 1
    // Structured call sites, bypassing any stack formatter (source maps) installed by the runner.
    Error.prepareStackTrace = (_error, sites) => sites
    const holder: { stack?: CallSite[] } = {}
    Error.captureStackTrace(holder, getter)
    return holder.stack?.[0]?.getFileName()?.startsWith('node:') ?? false
  } finally {
    Error.stackTraceLimit = stackTraceLimit
    Error.prepareStackTrace = prepareStackTrace
  }
}

Object.defineProperty(globalThis, 'Buffer', {
  configurable: true,
  enumerable: false,
  get: function buffer() {
    return readByNode(buffer) ? realBuffer : undefined
  },
})
