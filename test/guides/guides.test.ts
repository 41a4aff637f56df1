/**
 * Every TypeScript example of the guides is type-checked and run against the mock, so that no guide can
 * show code that does not compile or does not work. Each ```ts block becomes a module of its own (under
 * `.blocks/`, not committed), type-checked with the repository's compiler options, then run. A block
 * marked `<!-- doc-test: skip: <reason> -->` is listed with its reason instead; one marked
 * `<!-- doc-test: prints: <text> -->` must write that text to the console.
 *
 * Two kinds of guide:
 * - most guides' examples take some names for granted (`apiKey`, `auth`, an Express `app`...): they are
 *   checked in one program with `prelude.d.ts`, and run with those names provided by prelude.ts, against
 *   the mock behind `*.example.com`, which pays each order as soon as it is created;
 * - a self-contained guide's examples (the SDK's README: `SELF_CONTAINED_GUIDES` in
 *   docs/.vitepress/runner/blocks.ts, the one reading of the blocks for this suite and for the docs site's
 *   Run buttons) are complete programs a reader copies as they are: they are checked in a second program,
 *   without `prelude.d.ts`, and each runs as its reader runs it, against a mock server of its own (`npx
 *   merchant-gateway-mock serve`, on a free port) with the three environment variables of the README and
 *   nothing else. A name a block uses without defining it fails both the type check and the run; a refund
 *   of an order the block did not pay fails the run.
 *
 * A block that exports a fetch-style route handler `POST` (a webhook receiver) is also sent a webhook the
 * mock signed, and must acknowledge it, then refuse the same delivery with its body re-serialised.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { blocksOf, guideFiles, type CodeBlock } from '../../docs/.vitepress/runner/blocks.js'
import { format } from 'node:util'
import { installGateway, installPrelude, installServer, payAnOrder, type Installed } from './prelude.js'

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
 * A block that refunds an order it never paid: the mistake the prelude's paying of every order hid. It
 * type-checks, and its run must fail as its reader's would. Written twice, so that it is run, from a
 * module of its own each time, with the setup of a self-contained guide and with the prelude's.
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
const UNPAID_REFUND_UNDER_PRELUDE: CodeBlock = { ...UNPAID_REFUND, id: 'unpaid-refund-under-prelude' }
const made = [...runnable, UNDEFINED_NAME, UNPAID_REFUND, UNPAID_REFUND_UNDER_PRELUDE]

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
const fileOf = new Map(made.map((b) => [b.id, `${OUT}${b.id}.ts`]))
// `export {}`: every block is a module (its own scope, top-level await), whether or not it imports.
for (const b of made) writeFileSync(fileOf.get(b.id)!, `${b.code}\n\nexport {}\n`)

/** One program's complaints, by file; the program is kept so the next one can reuse its parsed files. */
interface Checked {
  program: ts.Program
  byFile: Map<string, string[]>
}

/** Type-checks `blocks` in one program, with the prelude's declarations or without them. */
function typeCheck(blocks: readonly CodeBlock[], prelude: boolean, oldProgram?: ts.Program): Checked {
  const config = ts.readConfigFile(`${ROOT}tsconfig.base.json`, ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT)
  const files = blocks.map((b) => fileOf.get(b.id)!)
  const program = ts.createProgram({
    rootNames: prelude ? [`${HERE}prelude.d.ts`, ...files] : files,
    options: { ...options, noEmit: true, declaration: false },
    ...(oldProgram === undefined ? {} : { oldProgram }),
  })
  const byFile = new Map<string, string[]>()
  for (const d of ts.getPreEmitDiagnostics(program)) {
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
  return checked.byFile.get(fileOf.get(block.id)!) ?? []
}

/**
 * What a block runs with: for a self-contained guide what its reader has (a mock server of its own and the
 * environment variables), else the mock behind `*.example.com` and the prelude's names.
 */
function install(block: CodeBlock): Promise<Installed> {
  return block.selfContained ? installServer() : installPrelude()
}

/**
 * Imports (runs) a block's module; resolves to what it wrote to the console. That output is kept out of the
 * test run's report (some 200 lines of examples' logs), and shown when the block fails.
 */
async function run(block: CodeBlock): Promise<string> {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const
  const originals = methods.map((m) => console[m])
  const written: string[] = []
  methods.forEach((m) => {
    console[m] = (...args: unknown[]) => {
      written.push(format(...args))
    }
  })
  try {
    await import(pathToFileURL(fileOf.get(block.id)!).href)
  } catch (error) {
    if (written.length > 0) originals[3]!.call(console, `${block.where} printed:\n${written.join('\n')}`)
    throw error
  } finally {
    methods.forEach((m, i) => {
      console[m] = originals[i]!
    })
  }
  return written.join('\n')
}

/** True when the block exports a fetch-style route handler `POST` (Next.js route handlers, a Hono route). */
function exportsPost(block: CodeBlock): boolean {
  return /^export (const|async function|function) POST\b/m.test(block.code)
}

afterAll(() => {
  rmSync(OUT, { recursive: true, force: true })
})

describe("the guides' TypeScript examples", () => {
  it('there are examples to check, and every skipped one says why', () => {
    expect(runnable.length).toBeGreaterThan(15)
    expect(runnable.filter((b) => b.selfContained).length).toBeGreaterThan(5)
    for (const b of skipped) expect(b.skip!.length, `${b.where}: a skip needs a reason`).toBeGreaterThan(10)
  })

  it("nothing outside the examples fails to type-check (the prelude's declarations)", () => {
    const blockFiles = new Set(fileOf.values())
    const elsewhere = [...withPrelude.byFile, ...onTheirOwn.byFile].filter(([file]) => !blockFiles.has(file))
    expect(elsewhere).toEqual([])
  })

  it('a self-contained example that uses a name it does not define fails the type check and the run', async () => {
    // The prelude's declarations would hide it...
    expect(diagnosticsOf(UNDEFINED_NAME, withPrelude)).toEqual([])
    // ...a self-contained guide's program has none of them,
    expect(diagnosticsOf(UNDEFINED_NAME, onTheirOwn)).toEqual([expect.stringMatching(/'apiKey'/)])
    // and its run has none of the prelude's globals.
    const { restore } = await installServer()
    try {
      await expect(run(UNDEFINED_NAME)).rejects.toThrow(/apiKey is not defined/)
    } finally {
      await restore()
    }
  })

  it('a self-contained example that refunds an order it did not pay fails its run (order_not_refundable)', async () => {
    expect(diagnosticsOf(UNPAID_REFUND)).toEqual([])
    // The prelude pays every order as soon as it is created: there the refund would go through...
    const prelude = await installGateway()
    try {
      await run(UNPAID_REFUND_UNDER_PRELUDE)
    } finally {
      await prelude.restore()
    }
    // ...as it does not for a reader: against the mock server the order is still pending.
    const { restore } = await installServer()
    try {
      await expect(run(UNPAID_REFUND)).rejects.toMatchObject({
        name: 'InvalidRequestError',
        status: 422,
        code: 'order_not_refundable',
      })
    } finally {
      await restore()
    }
  })

  describe.each(runnable.map((b) => [b.where, b] as const))('%s', (_where, block) => {
    const onItsOwn = block.selfContained ? " on its own, without the prelude's names" : ''
    const against = block.selfContained
      ? 'runs as its reader runs it, against a mock server of its own and the environment variables'
      : 'runs against the mock, with the prelude'
    const printing = block.prints === undefined ? '' : `, and prints "${block.prints}"`

    it(`type-checks${onItsOwn}`, () => {
      expect(diagnosticsOf(block)).toEqual([])
    })

    it(`${against}${printing}`, async () => {
      const { restore } = await install(block)
      try {
        const written = await run(block)
        if (block.prints !== undefined) expect(written, `what ${block.where} wrote`).toContain(block.prints)
      } finally {
        await restore()
      }
    })

    // Only for a webhook receiver: defined, not skipped, elsewhere (a skipped test in every block is noise).
    if (!exportsPost(block)) return
    it('its exported POST answers 200 to a webhook the mock signed, 401 to the same body re-serialised', async () => {
      const { mock, restore } = await install(block)
      try {
        const { POST } = (await import(pathToFileURL(fileOf.get(block.id)!).href)) as {
          POST: (request: Request) => Promise<Response>
        }
        // The prelude paid an order; for a self-contained guide, the test plays the customer now (the block
        // ran first, on a server where nobody paid). The mock built the webhook, signed with the API secret.
        if (block.selfContained) await payAnOrder(mock)
        const delivery = mock.webhooks.list().at(-1)!
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
        await restore()
      }
    })
  })
})
