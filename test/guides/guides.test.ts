/**
 * Every TypeScript example of the guides is type-checked and run, so that no guide can show code that does
 * not compile or does not work. Each ```ts block becomes a module of its own (under `.blocks/`, not
 * committed), type-checked with the repository's compiler options, then run two ways (test/guides/prelude.ts):
 * in the page's mock (what the docs site's Run button gives it, in Node) and against `merchant-gateway-mock
 * serve` (a child process on 127.0.0.1). It must run alike both ways: the same output, values that differ by
 * nature (keys, ids of a request, times) aside. Neither way pays an order for an example: an example that
 * refunds an order pays it first, in its own code, as its reader must. A block marked
 * `<!-- doc-test: skip: <reason> -->` is listed with its reason instead; one marked
 * `<!-- doc-test: prints: <text> -->` must write that text to the console.
 *
 * Two kinds of guide:
 * - most guides' examples take some names for granted (`apiKey`, `auth`, an Express `app`...): they are
 *   checked in one program with `prelude.d.ts`, and run with those names provided by the prelude, against
 *   the gateway behind `*.example.com`;
 * - a self-contained guide's examples (the SDK's README: `SELF_CONTAINED_GUIDES` in
 *   docs/.vitepress/runner/blocks.ts, the one reading of the blocks for this suite and for the docs site's
 *   Run buttons) are complete programs a reader copies as they are: they are checked in a second program,
 *   without `prelude.d.ts`, and each runs as its reader runs it, with the three environment variables of the
 *   README and nothing else. A name a block uses without defining it fails both the type check and the run.
 *
 * A block that exports a fetch-style route handler `POST` (a webhook receiver) is also sent a webhook the
 * mock signed, and must acknowledge it, then refuse the same delivery with its body re-serialised.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { format } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocksOf, guideFiles, type CodeBlock } from '../../docs/.vitepress/runner/blocks.js'
import { browserBlocker } from '../../docs/.vitepress/runner/modules.js'
import { type Installed, installAgainstServer, installInPage, type Server, startServer } from './prelude.js'

const HERE = fileURLToPath(new URL('./', import.meta.url))
const OUT = `${HERE}.blocks/`
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const all: CodeBlock[] = guideFiles().flatMap(blocksOf)
const runnable = all.filter((b) => b.skip === undefined)
const skipped = all.filter((b) => b.skip !== undefined)

/**
 * A block that uses a name of the prelude (`apiKey`) without defining it: what a self-contained guide must
 * never show. Checked in both programs and run on its own, so the suite shows that the rule can fail.
 */
const UNDEFINED_NAME: CodeBlock = {
  where: 'a block using an undefined name',
  id: 'undefined-name',
  code: "import { GatewayClient } from '@merchant-gateway/sdk'\n\nnew GatewayClient({ apiKey, baseUrl: 'https://pay.example.com' })",
  selfContained: true,
}

/**
 * A block that refunds an order it never paid: the mistake a mock that pays every order would hide. It
 * type-checks, and its run must fail both ways, as its reader's would. Written twice, so that it also runs
 * with the setup of a guide that is not self-contained (the prelude's names, `*.example.com`).
 */
const UNPAID_REFUND: CodeBlock = {
  where: 'a block refunding an order it never paid',
  id: 'unpaid-refund',
  code: [
    "import { GatewayClient } from '@merchant-gateway/sdk'",
    '',
    'const gateway = new GatewayClient({',
    '  apiKey: process.env.GATEWAY_API_KEY!,',
    '  apiSecret: process.env.GATEWAY_API_SECRET!,',
    '  baseUrl: process.env.GATEWAY_BASE_URL!,',
    '})',
    "const order = await gateway.orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })",
    'await gateway.refunds.create({ orderId: Number(order.order_id), amount: 2.5 }) // no customer paid it',
  ].join('\n'),
  selfContained: true,
}
const UNPAID_REFUND_IN_A_GUIDE: CodeBlock = { ...UNPAID_REFUND, id: 'unpaid-refund-in-a-guide', selfContained: false }
const made = [...runnable, UNDEFINED_NAME, UNPAID_REFUND, UNPAID_REFUND_IN_A_GUIDE]

/** How a block runs: in the page's mock, or against `merchant-gateway-mock serve`. */
type Way = 'page' | 'server'
const WAYS: readonly Way[] = ['page', 'server']

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
// One module per block and way: a module runs once per process, and each way runs it anew.
const fileOf = (block: CodeBlock, way: Way = 'page') => `${OUT}${block.id}.${way}.ts`
// `export {}`: every block is a module (its own scope, top-level await), whether or not it imports.
for (const b of made) for (const way of WAYS) writeFileSync(fileOf(b, way), `${b.code}\n\nexport {}\n`)

/** One program's complaints, by file; the program is kept so the next one can reuse its parsed files. */
interface Checked {
  program: ts.Program
  byFile: Map<string, string[]>
}

/** Type-checks `blocks` in one program, with the prelude's declarations or without them. */
function typeCheck(blocks: readonly CodeBlock[], prelude: boolean, oldProgram?: ts.Program): Checked {
  const config = ts.readConfigFile(`${ROOT}tsconfig.base.json`, ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT)
  const files = blocks.map((b) => fileOf(b))
  const program = ts.createProgram({
    rootNames: prelude ? [`${HERE}prelude.d.ts`, ...files] : files,
    options: { ...options, noEmit: true, declaration: false },
    ...(oldProgram === undefined ? {} : { oldProgram }),
  })
  const byFile = new Map<string, string[]>()
  // The blocks' own complaints, and the program's: the packages' sources the blocks import (the source condition)
  // are type-checked by `npm run typecheck`, and checking every one of them here again cost two seconds a program.
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((file) => {
      const source = program.getSourceFile(file)
      return source === undefined
        ? []
        : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
    }),
  ]
  for (const d of diagnostics) {
    const file = d.file?.fileName ?? ''
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0
    byFile.set(file, [...(byFile.get(file) ?? []), `line ${line}: ${text}`])
  }
  return { program, byFile }
}

const withPrelude = typeCheck([...runnable.filter((b) => !b.selfContained), UNDEFINED_NAME], true)
const onTheirOwn = typeCheck(
  [...runnable.filter((b) => b.selfContained), UNDEFINED_NAME, UNPAID_REFUND],
  false,
  withPrelude.program,
)

/** The complaints about `block` in the program it belongs to. */
function diagnosticsOf(block: CodeBlock, checked = block.selfContained ? onTheirOwn : withPrelude): string[] {
  return checked.byFile.get(fileOf(block)) ?? []
}

/** The mock server the blocks run against (the `server` way), started once for the file. */
let server: Server

/** What a block runs with, the way it runs (see test/guides/prelude.ts). */
function install(block: CodeBlock, way: Way): Promise<Installed> {
  const example = { selfContained: block.selfContained, nodeOnly: browserBlocker(block.code) !== undefined }
  return way === 'server' ? installAgainstServer(server, example) : installInPage(example)
}

/**
 * What a block printed with the values that differ by nature between two runs put aside: UUIDs (idempotency
 * keys, reset sessions), trace ids, QR data, times and durations, signatures, the gateway's own address
 * (the page's mock answers at its own, the server at 127.0.0.1), and a timestamp's skew in whole seconds (on a
 * running clock a second may begin between the client's stamp and the server's reading of its clock: one run
 * said 601 s where the other said 600).
 */
function comparable(output: string): string {
  return output
    .replace(/http:\/\/127\.0\.0\.1:\d+|https:\/\/gateway\.mock/g, '<gateway>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\btrc_[0-9a-f]+/g, '<trace>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/\b1[7-9]\d{8}(\d{3})?\b/g, '<epoch>')
    .replace(/\bMGW1[0-9A-F]+\b/g, '<qr>')
    .replace(/\b\d+(\.\d+)? ?ms\b|\bdurationMs: \d+(\.\d+)?/g, '<ms>')
    .replace(/\b[0-9a-f]{64}\b/g, '<hmac>')
    .replace(/\b\d+ s away from the server time\b/g, '<skew> s away from the server time')
}

/**
 * Imports (runs) a block's module; resolves to what it wrote to the console. That output is kept out of the
 * test run's report (some 200 lines of examples' logs), and shown when the block fails.
 */
async function run(block: CodeBlock, way: Way): Promise<string> {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const
  const originals = methods.map((m) => console[m])
  const written: string[] = []
  methods.forEach((m) => {
    console[m] = (...args: unknown[]) => {
      written.push(format(...args))
    }
  })
  try {
    await import(pathToFileURL(fileOf(block, way)).href)
  } catch (error) {
    if (written.length > 0) originals[3]!.call(console, `${block.where} (${way}) printed:\n${written.join('\n')}`)
    throw error
  } finally {
    methods.forEach((m, i) => {
      console[m] = originals[i]!
    })
  }
  return written.join('\n')
}

/**
 * What `run` threw, as an error the test report can print: the SDK's errors carry fields (a cause with the
 * request) that the report fails to serialise, which would hide the name, status, code and message.
 */
function readable(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(`threw ${String(error)}`)
  const { status, code } = error as { status?: number; code?: string }
  const fields = [status, code].filter((f) => f !== undefined).join(' ')
  return new Error(`${error.name}${fields ? ` (${fields})` : ''}: ${error.message}`)
}

/** True when the block exports a fetch-style route handler `POST` (Next.js route handlers, a Hono route). */
function exportsPost(block: CodeBlock): boolean {
  return /^export (const|async function|function) POST\b/m.test(block.code)
}

afterAll(() => {
  rmSync(OUT, { recursive: true, force: true })
})

describe("the guides' TypeScript examples", () => {
  beforeAll(async () => {
    server = await startServer()
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('there are examples to check, and every skipped one says why', () => {
    expect(runnable.length).toBeGreaterThan(15)
    expect(runnable.filter((b) => b.selfContained).length).toBeGreaterThan(5)
    for (const b of skipped) expect(b.skip!.length, `${b.where}: a skip needs a reason`).toBeGreaterThan(10)
  })

  it("nothing outside the examples fails to type-check (the prelude's declarations)", () => {
    const blockFiles = new Set(made.map((b) => fileOf(b)))
    const elsewhere = [...withPrelude.byFile, ...onTheirOwn.byFile].filter(([file]) => !blockFiles.has(file))
    expect(elsewhere).toEqual([])
  })

  it('a self-contained example that uses a name it does not define fails the type check and the run', async () => {
    // The prelude's declarations would hide it...
    expect(diagnosticsOf(UNDEFINED_NAME, withPrelude)).toEqual([])
    // ...a self-contained guide's program has none of them,
    expect(diagnosticsOf(UNDEFINED_NAME, onTheirOwn)).toEqual([expect.stringMatching(/'apiKey'/)])
    // and its run has none of the prelude's globals.
    const { restore } = await install(UNDEFINED_NAME, 'server')
    try {
      await expect(run(UNDEFINED_NAME, 'server')).rejects.toThrow(/apiKey is not defined/)
    } finally {
      await restore()
    }
  })

  it.each(WAYS.flatMap((way) => [UNPAID_REFUND, UNPAID_REFUND_IN_A_GUIDE].map((block) => [way, block] as const)))(
    'an example that refunds an order it did not pay fails (order_not_refundable): %s, %#',
    async (way, block) => {
      expect(diagnosticsOf(UNPAID_REFUND)).toEqual([])
      // No way pays the order for the example: the page's mock does not, as the server does not.
      const { restore } = await install(block, way)
      try {
        await expect(run(block, way)).rejects.toMatchObject({
          name: 'InvalidRequestError',
          status: 422,
          code: 'order_not_refundable',
        })
      } finally {
        await restore()
      }
    },
  )

  describe.each(runnable.map((b) => [b.where, b] as const))('%s', (_where, block) => {
    const onItsOwn = block.selfContained ? " on its own, without the prelude's names" : ''
    const printing = block.prints === undefined ? '' : `, printing "${block.prints}"`
    /** What the block printed in the page's mock, to compare the server's run with. */
    let inThePage: string | undefined

    it(`type-checks${onItsOwn}`, () => {
      expect(diagnosticsOf(block)).toEqual([])
    })

    it(`runs in the page's mock${printing}`, async () => {
      const { restore } = await install(block, 'page')
      try {
        inThePage = await run(block, 'page').catch((error: unknown) => Promise.reject(readable(error)))
        if (block.prints !== undefined) expect(inThePage, `what ${block.where} wrote`).toContain(block.prints)
      } finally {
        await restore()
      }
    })

    it('runs against merchant-gateway-mock serve, printing what it printed in the page', async () => {
      const { restore } = await install(block, 'server')
      try {
        const written = await run(block, 'server').catch((error: unknown) => Promise.reject(readable(error)))
        if (block.prints !== undefined) expect(written, `what ${block.where} wrote`).toContain(block.prints)
        expect(inThePage, 'the run in the page').toBeDefined()
        expect(comparable(written)).toBe(comparable(inThePage!))
      } finally {
        await restore()
      }
    })

    // Only for a webhook receiver: defined, not skipped, elsewhere (a skipped test in every block is noise).
    if (!exportsPost(block)) return
    it.each(WAYS)(
      'its exported POST answers 200 to a webhook the mock signed, 401 to the same body re-serialised (%s)',
      async (way) => {
        const installed = await install(block, way)
        try {
          const { POST } = (await import(pathToFileURL(fileOf(block, way)).href)) as {
            POST: (request: Request) => Promise<Response>
          }
          // The test plays the customer: the mock builds the webhook, signed with the API secret.
          await installed.payAnOrder()
          const delivery = await installed.lastWebhook()
          const send = (body: string) =>
            POST(
              new Request('https://shop.example.com/webhooks/gateway', {
                method: 'POST',
                headers: delivery.headers,
                body,
              }),
            )
          expect((await send(delivery.rawBody)).status).toBe(200)
          const reserialised = JSON.stringify(JSON.parse(delivery.rawBody), null, 2)
          expect((await send(reserialised)).status).toBe(401)
        } finally {
          await installed.restore()
        }
      },
    )
  })
})
