/**
 * @module cold-start.bench
 * Benchmark: a cold start, whole process, as a merchant's serverless function pays it on every cold start.
 * Each figure is one `node` process started from nothing and timed from outside until it exits: an empty
 * script; zod and zod/mini alone (the schema library the SDK's contract is built on); for the SDK's
 * GatewayClient, its PinClient (`@merchant-gateway/sdk/pin`), openai and stripe, the import alone, then
 * import + a client + one call through a stub fetch (a canned answer, no network); and for an integration's
 * tests, the mock's import alone, then its import + `createMockGateway()` + the first `mock.fetch`, against
 * msw's `setupServer` (msw/node) + one intercepted fetch.
 *
 * The packages are installed as a stranger gets them: the three packages packed with `npm pack` from their
 * built dist/ (the script builds them first unless `--no-build` is given), openai, stripe, zod and msw at
 * the versions pinned below, all with npm into a fresh project outside the repository, which is removed at
 * the end. The processes run this Node (the repository's Node 24) with no NODE_OPTIONS and no compile cache.
 *
 * Method: one warm-up round (not counted; it also checks that each call got its answer), then rounds in
 * which every script runs once, in the same order (A B C ..., A B C ...), so drift on a shared machine hits
 * all alike. Figures: the median of the rounds' wall time (spawn to exit) and CPU time (user + system of the
 * finished process, from this process's children's times in /proc, 10 ms ticks); "net" is the median of
 * the per-round differences to the empty script; ratios are medians of the per-round ratios to openai's
 * same figure (to msw's for the mock). Goals, printed met or NOT met on wall time and on CPU time: the
 * SDK's import + client + call at most openai's; the mock's import + createMockGateway() + first
 * mock.fetch at most msw's setupServer + one intercepted fetch.
 *
 * Run: `npm run bench:cold -w @merchant-gateway/sdk` (ROUNDS=20 for more rounds; `-- --no-build` to pack
 * the dist/ already built, `-- --keep` to keep the project and its scripts for profiling). A measurement,
 * not a test: it exits 0 unless it cannot run.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { createMockGateway } from '@merchant-gateway/mock'
// @ts-expect-error: a plain .mjs script of the repository, without type declarations
import { env, packPackages, root } from '../../../scripts/lib/packed.mjs'
import { PinClient } from '../src/pin/index.js'
import { GatewayClient } from '../src/index.js'

/** The peers, pinned: openai 6.49 (the lightest SDK measured) and stripe. */
const OPENAI = '6.49.0'
const STRIPE = '23.1.0'
const ROUNDS = Number(process.env.ROUNDS ?? 10)
const NOW = '2026-11-02T09:00:00.000Z'
const TICKS = 100 // USER_HZ: /proc reports CPU time in 1/100 s

interface RunResult {
  status: number | null
  stdout: string
  stderr: string
}
const packed = { env, root, packPackages } as {
  env: NodeJS.ProcessEnv
  root: string
  packPackages: (
    dest: string,
    run: (title: string, command: string, args: string[], options: { cwd: string }) => RunResult,
  ) => Promise<Record<'contract' | 'sdk' | 'mock', string>>
}

/** A step of the set-up: printed, run, and the bench ends (exit 1) if it fails. */
function step(title: string, command: string, args: string[], options: { cwd?: string } = {}): RunResult {
  console.log(`$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`)
  const result = spawnSync(command, args, { cwd: packed.root, env: packed.env, encoding: 'utf8', ...options })
  if (result.status !== 0) {
    console.error(`${title} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`)
    process.exit(1)
  }
  return result
}

const versionOf = (file: string, group: 'dependencies' | 'devDependencies', name: string): string =>
  (JSON.parse(readFileSync(join(packed.root, file), 'utf8'))[group][name] as string).replace(/^[\^~]/, '')

/** The answers the stubs give: the mock's own, captured once, so each client gets an answer it accepts. */
async function cannedAnswers(): Promise<{ stores: string; pin: string }> {
  const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
  const merchant = await mock.merchants.create({ balances: { usd: 100 } })
  await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const captured: Record<string, string> = {}
  const capture: typeof fetch = async (input, init) => {
    const res = await mock.fetch(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    captured[new URL(url).pathname] = await res.clone().text()
    return res
  }
  const { apiKey, apiSecret } = merchant
  await new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: capture }).stores.list()
  const { accessToken } = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
  const pins = new PinClient({ baseUrl: mock.baseUrl, accessToken, fetch: capture })
  await pins.pin.set({ pin: '012345' })
  await pins.pin.verify({ pin: '012345' })
  return { stores: captured[GATEWAY_PATHS.listStores]!, pin: captured[PIN_PATHS.verifyPin]! }
}

/** A stub fetch, as the source of a script: it answers `body` (JSON) with 200 and never reads the request. */
const stub = (body: string) =>
  `const stub = async () => new Response(${JSON.stringify(body)}, ` +
  "{ status: 200, headers: { 'content-type': 'application/json' } })\n"

/** What each call prints once it has its answer, checked in the warm-up round. */
const OK = 'ok'

/** The scripts, in the order each round runs them: name -> source (an ES module). */
function scripts(canned: { stores: string; pin: string }): Record<string, string> {
  const chat = JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_790_000_000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
  })
  const customer = JSON.stringify({ id: 'cus_1', object: 'customer', email: 'dara@example.com', livemode: false })
  const check = (what: string, ok: string) => `if (!(${ok})) throw new Error('${what}: unexpected answer')\n`
  const printOk = `console.log('${OK}')\n`
  return {
    'empty script': '',
    'zod alone': "import * as z from 'zod'\nif (typeof z.object !== 'function') throw new Error('zod')\n",
    'zod/mini alone': "import * as z from 'zod/mini'\nif (typeof z.object !== 'function') throw new Error('zod')\n",
    'SDK GatewayClient: import': "import { GatewayClient } from '@merchant-gateway/sdk'\nGatewayClient.name\n",
    'SDK GatewayClient: import + client + call':
      "import { GatewayClient } from '@merchant-gateway/sdk'\n" +
      stub(canned.stores) +
      'const gateway = new GatewayClient({ apiKey: "mk_test_1", apiSecret: "sk_test_1", ' +
      'baseUrl: "http://127.0.0.1:9", fetch: stub })\n' +
      'const stores = await gateway.stores.list()\n' +
      check('stores.list', 'stores.length === 1') +
      printOk,
    'SDK PinClient: import': "import { PinClient } from '@merchant-gateway/sdk/pin'\nPinClient.name\n",
    'SDK PinClient: import + client + call':
      "import { PinClient } from '@merchant-gateway/sdk/pin'\n" +
      stub(canned.pin) +
      'const pins = new PinClient({ baseUrl: "http://127.0.0.1:9", accessToken: "at_1", fetch: stub })\n' +
      "const verified = await pins.pin.verify({ pin: '012345' })\n" +
      check('pin.verify', "typeof verified.message === 'string'") +
      printOk,
    [`openai ${OPENAI}: import`]: "import OpenAI from 'openai'\nOpenAI.name\n",
    [`openai ${OPENAI}: import + client + call`]:
      "import OpenAI from 'openai'\n" +
      stub(chat) +
      'const client = new OpenAI({ apiKey: "sk-test", baseURL: "http://127.0.0.1:9/v1", fetch: stub })\n' +
      "const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', " +
      "messages: [{ role: 'user', content: 'Hi' }] })\n" +
      check('chat.completions.create', "completion.choices[0].message.content === 'Hello.'") +
      printOk,
    [`stripe ${STRIPE}: import`]: "import Stripe from 'stripe'\nStripe.name\n",
    [`stripe ${STRIPE}: import + client + call`]:
      "import Stripe from 'stripe'\n" +
      stub(customer) +
      'const stripe = new Stripe("sk_test_1", { httpClient: Stripe.createFetchHttpClient(stub), ' +
      'telemetry: false, host: "127.0.0.1", port: 9, protocol: "http" })\n' +
      "const customer = await stripe.customers.create({ email: 'dara@example.com' })\n" +
      check('customers.create', "customer.id === 'cus_1'") +
      printOk,
    'msw/node: import':
      "import { setupServer } from 'msw/node'\nimport { http } from 'msw'\nsetupServer.name\nhttp.post\n",
    'msw/node: setupServer + one intercepted fetch':
      "import { setupServer } from 'msw/node'\nimport { http, HttpResponse } from 'msw'\n" +
      `const url = 'https://gateway.example.test${GATEWAY_PATHS.listStores}'\n` +
      `const server = setupServer(http.post(url, () => HttpResponse.json(${canned.stores})))\n` +
      "server.listen({ onUnhandledRequest: 'error' })\n" +
      `const res = await fetch(url, { method: 'POST', headers: { '${HEADERS.apiKey}': 'mk_test_1' } })\n` +
      'const body = await res.json()\n' +
      'server.close()\n' +
      check('setupServer', 'res.status === 200 && body.data.length === 1') +
      printOk,
    'mock: import': "import { createMockGateway } from '@merchant-gateway/mock'\ncreateMockGateway.name\n",
    'mock: import + createMockGateway() + first mock.fetch':
      "import { createMockGateway } from '@merchant-gateway/mock'\n" +
      'const mock = createMockGateway({ seed: [{ name: "Bench", apiKey: "mk_test_1", apiSecret: "sk_test_1", ' +
      'balances: { usd: 100 }, stores: [{ storeName: "Riverside", address: "1 Main St" }] }] })\n' +
      `const res = await mock.fetch(mock.baseUrl + '${GATEWAY_PATHS.listStores}', ` +
      `{ method: 'POST', headers: { '${HEADERS.apiKey}': 'mk_test_1' } })\n` +
      'const body = await res.json()\n' +
      check('mock.fetch', 'res.status === 200 && body.data.length === 1') +
      printOk,
  }
}

/** CPU seconds (user + system) of this process's reaped children so far, from /proc/self/stat. */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[13]) + Number(fields[14])) / TICKS
}

/** The environment of the measured processes: this one's, without anything that changes how Node starts. */
function childEnv(): NodeJS.ProcessEnv {
  const childEnv = { ...process.env }
  for (const name of ['NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE', 'TSX_TSCONFIG_PATH'])
    delete childEnv[name]
  return childEnv
}

/** One whole process: wall ms from spawn to exit, and its CPU ms. Throws if it failed. */
function once(file: string, cwd: string, env: NodeJS.ProcessEnv): { wall: number; cpu: number; out: string } {
  const cpuStart = childrenCpuSeconds()
  const start = performance.now()
  const result = spawnSync(process.execPath, [file], { cwd, env, encoding: 'utf8' })
  const wall = performance.now() - start
  const cpu = (childrenCpuSeconds() - cpuStart) * 1000
  if (result.status !== 0) throw new Error(`${file} exited ${result.status ?? result.signal}: ${result.stderr}`)
  return { wall, cpu, out: result.stdout }
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low)
}
const median = (values: number[]) => quantile(values, 0.5)
const ratios = (a: number[], b: number[]) => a.map((x, i) => x / b[i]!)
const verdict = (met: boolean) => (met ? 'met' : 'NOT met')

async function main(): Promise<void> {
  const work = mkdtempSync(join(os.tmpdir(), 'merchant-gateway-cold-start-'))
  try {
    if (!process.argv.includes('--no-build')) step('build', 'npm', ['run', 'build'])
    const tarballs = await packed.packPackages(join(work, 'packs'), (title, command, args, options) =>
      step(title, command, args, options),
    )
    const app = join(work, 'app')
    step('mkdir', 'mkdir', ['-p', app])
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'cold-start',
        private: true,
        type: 'module',
        dependencies: {
          '@merchant-gateway/contract': `file:${tarballs.contract}`,
          '@merchant-gateway/sdk': `file:${tarballs.sdk}`,
          '@merchant-gateway/mock': `file:${tarballs.mock}`,
          msw: versionOf('packages/mock/package.json', 'devDependencies', 'msw'),
          zod: versionOf('packages/contract/package.json', 'dependencies', 'zod'),
          openai: OPENAI,
          stripe: STRIPE,
        },
      }),
    )
    step('npm install', 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app })
    const installed = (name: string) =>
      (JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

    const sources = scripts(await cannedAnswers())
    const files = Object.keys(sources).map((name, i) => {
      const file = join(app, `script-${i}.mjs`)
      writeFileSync(file, sources[name]!)
      return { name, file }
    })
    const runEnv = childEnv()
    // The warm-up round: every script once (the file system's cache filled), each call's answer checked.
    for (const { name, file } of files) {
      const { out } = once(file, app, runEnv)
      if (name.includes('+') && !out.includes(OK)) throw new Error(`${name} printed no '${OK}': ${out}`)
    }
    const wall = new Map(files.map(({ name }) => [name, [] as number[]]))
    const cpu = new Map(files.map(({ name }) => [name, [] as number[]]))
    for (let round = 0; round < ROUNDS; round++)
      for (const { name, file } of files) {
        const figure = once(file, app, runEnv)
        wall.get(name)!.push(figure.wall)
        cpu.get(name)!.push(figure.cpu)
      }

    const cpus = os.cpus()
    console.log('')
    console.log(
      `Cold start, whole process: node ${process.version} on ${process.platform}/${process.arch}, ${cpus.length} ` +
        `CPU(s) (${cpus[0]?.model ?? 'unknown'}); ${ROUNDS} interleaved rounds after a warm-up round`,
    )
    console.log(
      `Installed: @merchant-gateway/sdk ${installed('@merchant-gateway/sdk')} (packed dist), openai ` +
        `${installed('openai')}, stripe ${installed('stripe')}, zod ${installed('zod')}, msw ${installed('msw')}`,
    )
    console.log(
      'Figures: medians of the rounds, ms; net: minus the empty script in the same round; ratio: median of ' +
        "the per-round ratios to the yardstick's same figure, wall and CPU. A shared machine: compare figures " +
        'of one run.',
    )
    const empty = { wall: wall.get('empty script')!, cpu: cpu.get('empty script')! }
    const yardstick = (name: string): string | undefined => {
      if (name.startsWith('msw/node') || name.startsWith(`openai ${OPENAI}`)) return undefined
      if (name.startsWith('mock: import +')) return 'msw/node: setupServer + one intercepted fetch'
      if (name.startsWith('mock: import')) return 'msw/node: import'
      if (name.includes('import +')) return `openai ${OPENAI}: import + client + call`
      return `openai ${OPENAI}: import`
    }
    const ratioTo = (name: string, against: string) => ({
      wall: median(ratios(wall.get(name)!, wall.get(against)!)),
      cpu: median(ratios(cpu.get(name)!, cpu.get(against)!)),
    })
    const ms = (value: number) => value.toFixed(0).padStart(6)
    console.log('')
    console.log(
      `  ${'script'.padEnd(54)}${'wall'.padStart(6)}${'net'.padStart(6)}  ${'CPU'.padStart(6)}${'net'.padStart(6)}` +
        '  ratio: wall, CPU (to)',
    )
    for (const { name } of files) {
      const w = wall.get(name)!
      const c = cpu.get(name)!
      const against = yardstick(name)
      const ratio = against ? ratioTo(name, against) : undefined
      console.log(
        `  ${name.padEnd(54)}${ms(median(w))}${ms(median(w.map((x, i) => x - empty.wall[i]!)))}  ` +
          `${ms(median(c))}${ms(median(c.map((x, i) => x - empty.cpu[i]!)))}` +
          (ratio ? `  ${ratio.wall.toFixed(2)}x, ${ratio.cpu.toFixed(2)}x (${against!.split(':')[0]})` : ''),
      )
    }
    const sdkCall = ratioTo('SDK GatewayClient: import + client + call', `openai ${OPENAI}: import + client + call`)
    const mockCall = ratioTo(
      'mock: import + createMockGateway() + first mock.fetch',
      'msw/node: setupServer + one intercepted fetch',
    )
    console.log('')
    // Wall time is what a cold start costs; CPU time is the steadier figure on a shared machine: both judged.
    const judged = (r: { wall: number; cpu: number }) =>
      `wall ${verdict(r.wall <= 1)} (${r.wall.toFixed(2)}x), CPU ${verdict(r.cpu <= 1)} (${r.cpu.toFixed(2)}x)`
    console.log('Goals:')
    console.log(`  the SDK's import + client + call at most openai ${OPENAI}'s: ${judged(sdkCall)}`)
    console.log(
      "  the mock's import + createMockGateway() + first mock.fetch at most msw's setupServer + one intercepted " +
        `fetch: ${judged(mockCall)}`,
    )
  } finally {
    if (process.argv.includes('--keep'))
      console.log(`kept: ${work}/app (its scripts: script-<n>.mjs, in the order above)`)
    else rmSync(work, { recursive: true, force: true })
  }
}

// A measurement, not a test: a missed goal still exits 0. Only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
