// The install commands of the READMEs and guides, run as written (`npm run check:installs`, after the build).
//
// 1. Reads every ```sh block of the guides (README.md, docs/*.md, the packages' and examples' READMEs: the
//    files test/guides reads) and picks its install lines (`npm install`/`npm i`/`npm add`, pnpm, yarn and bun
//    adds, and `npx` with --yes/--package or a pinned package). Each block's install lines, in order, are one
//    command list; identical lists in several files are run once. A line that cannot be run in a fresh project
//    must be listed in NOT_CHECKED with its reason; any other install line is run, and an unlisted line that
//    cannot be run fails the check.
// 2. Packs the three packages (scripts/lib/packed.mjs, as check:tarballs does) and runs each list in a fresh
//    project outside the repository: `npm init -y`, then each line through `sh -c`, unchanged but for the
//    `@merchant-gateway/<name>` specs, which become the packed tarballs' paths (the others they depend on are
//    pinned to their tarballs by `overrides` in the project's package.json). Everything else resolves from the
//    registry as it does for a user (npm's cache first: npm_config_prefer_offline; no audit, no fund).
// 3. Then a smoke test in that project: every package the lines name is imported (NOT_IMPORTED_ON_NODE: its
//    version read instead), a mock made and called
//    (`mock.fetch`, and `setupServer` of the app's own msw on Node), the SDK makes calls (on `mock.fetch` when
//    the mock is installed, else against a mock HTTP server this script runs on its own Node), the contract
//    converts an amount; with vite or vitest in the list, msw is 3 and `msw/vite` loads. npm must warn no
//    EBADENGINE on a supported Node.
// 4. Runtimes: this Node (24) for every list; Node 22 from the npm registry for lists that install the mock,
//    msw or a browser tool, as few as install each package such a list names at least once there (the list
//    naming the most packages not yet installed on Node 22 first: npm resolves a package alike in every list,
//    so a smaller list whose packages a larger one installed there adds no check, `--all-on-oldest` runs each
//    such list there); the machine's Node 20 (/usr/bin/node) for the SDK alone, where the packages
//    are not supported: there npm must install it with an EBADENGINE warning that names the SDK (its engines say
//    22.12), and the line says what else npm warned about and what happened at import and call.
// 5. A block in an example's README must install every package the example's code imports (its .ts/.js files
//    outside node_modules and build output, bare specifiers, node: builtins aside).
// 6. A list whose lines are the first lines of a longer list on the same Node (the SDK alone, then the SDK and
//    the mock) is checked in that list's fresh project as soon as its own last line has run: the project is then
//    what the shorter list alone makes (the same lines in the same order), so it is not installed again. Each
//    list still gets its own PASS/FAIL line, its checks (the lockfile, npm's warnings, its own smoke test) and
//    its seconds. The SDK alone on Node 24 is no longer installed in a project of its own (23 s of wall in a CI run).
//
// Options, to try the check on other input: `--only <file>` (repeatable) reads only those guides;
// `--all-on-oldest` runs every list that installs the mock, msw or a browser tool on Node 22 (not only a covering
// set of them); `--all-on-machine-node` also runs every list on the machine's Node 20 (where the packages are
// unsupported, so the browser lists fail there: it shows what a Node 20 user gets).
// One PASS/FAIL line per list and runtime; exits 1 when anything failed. The projects are removed at the end.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { guideFiles } from '../docs/.vitepress/runner/blocks.ts'
import { env, installNode, OLDEST_NODE, PACKAGES, packPackages, root } from './lib/packed.mjs'

/** Install lines that are not run here, by file and command, each with its reason. */
const NOT_CHECKED = [
  { file: 'README.md', command: 'npm install', reason: "a clone's install of this repository (CI's npm ci)" },
  { file: 'docs/index.md', command: 'npm install', reason: "a clone's install of this repository (CI's npm ci)" },
]
/** Packages whose install is checked (their version read) but that Node cannot import, by name, with the reason. */
const NOT_IMPORTED_ON_NODE = {
  storybook: 'no main entry: its entries are subpaths (storybook/test, ...) and its CLI',
  '@storybook/html-vite': "its main entry is the Storybook preview's, for a browser (it sets window.STORYBOOK_ENV)",
}
/** The machine's own Node, which is 20 on this project's machines: the SDK's install is tried there too. */
const MACHINE_NODE = '/usr/bin/node'
const UNSUPPORTED_NODE = '20'
/** Installing these in a list means a browser tool chain: msw must be 3 (`msw/vite`). */
const BROWSER_TOOLS = ['vite', 'vitest', '@vitest/browser-playwright', 'playwright', '@playwright/test']
const STEP_TIMEOUT_MS = 180_000
const CONCURRENCY = 3

const args = process.argv.slice(2)
const ONLY = args.flatMap((a, i) => (args[i - 1] === '--only' ? [a] : []))
const ALL_ON_MACHINE_NODE = args.includes('--all-on-machine-node')
const ALL_ON_OLDEST = args.includes('--all-on-oldest')

const NPM_INSTALL = 'install|i|in|ins|inst|insta|instal|isnt|isnta|isntal|isntall|add'
const INSTALL = new RegExp(
  `^(npm\\s+(${NPM_INSTALL})|pnpm\\s+(add|install|i)|yarn(\\s+add)?|bun\\s+(add|install|i))(\\s|$)`,
)
const NPX_INSTALL = /^npx\s.*(\s(-y|--yes|-p|--package)(\s|=)|\s[^-\s][^\s]*[^\s/]@[^\s]+)/

/** The install lines of every ```sh block: `{ where: ['README.md:15'], lines: ['npm install …'] }`. */
function readInstallBlocks() {
  const blocks = []
  const skipped = []
  for (const file of guideFiles().filter((f) => ONLY.length === 0 || ONLY.includes(f))) {
    const text = readFileSync(join(root, file), 'utf8').split('\n')
    for (let i = 0; i < text.length; i++) {
      if (!/^```(sh|bash|shell)\s*$/.test(text[i])) continue
      const start = i + 1
      const lines = []
      for (i++; i < text.length && !/^```\s*$/.test(text[i]); i++) {
        const command = text[i]
          .replace(/^\s*\$\s+/, '')
          .replace(/(^|\s)#.*$/, '')
          .trim()
        if (!INSTALL.test(command) && !NPX_INSTALL.test(command)) continue
        const listed = NOT_CHECKED.find((n) => n.file === file && n.command === command)
        if (listed) skipped.push({ where: `${file}:${i + 1}`, command, reason: listed.reason, listed })
        else lines.push(command)
      }
      if (lines.length > 0) blocks.push({ where: [`${file}:${start}`], lines })
    }
  }
  const unique = new Map()
  for (const block of blocks) {
    const key = block.lines.join('\n')
    if (unique.has(key)) unique.get(key).where.push(...block.where)
    else unique.set(key, block)
  }
  return { lists: [...unique.values()], skipped }
}

/** The packages that the code of the example `examples/<name>` imports (bare specifiers, node: aside). */
function exampleImports(name) {
  const dir = join(root, 'examples', name)
  const found = new Set()
  const files = readdirSync(dir, { recursive: true }).filter(
    (f) =>
      /\.(ts|mts|js|mjs)$/.test(f) &&
      !/(^|\/)(node_modules|dist|storybook-static|public|test-results|playwright-report)\//.test(f),
  )
  for (const file of files)
    for (const [, a, b] of readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'|import\('([^']+)'\)/g)) {
      const spec = a ?? b
      // `@merchant-gateway/chromium`: this repository's Chromium settings (tools/chromium), which a copied
      // project writes out instead of installing.
      if (spec.startsWith('.') || spec.startsWith('node:') || spec === '@merchant-gateway/chromium') continue
      found.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
    }
  return [...found]
}

/** The package names a line installs (`msw@^3` is msw), and its problems when it is not a plain npm install. */
function parseLine(line) {
  const problems = []
  if (/[|&;<>()$`"'\\*?]/.test(line)) problems.push('shell syntax this check does not read')
  if (!/^npm\s/.test(line)) problems.push('not npm (the check runs npm installs only)')
  const words = line.split(/\s+/).slice(2)
  const specs = words.filter((w) => !w.startsWith('-'))
  const names = specs.map((spec) => (spec.startsWith('@') ? `@${spec.slice(1).split('@')[0]}` : spec.split('@')[0]))
  if (specs.length === 0) problems.push('installs no package by name')
  return { names, problems }
}

/** The line with each `@merchant-gateway/<name>[@range]` spec replaced by the path of its tarball. */
function toTarballs(line, tarballs) {
  return line
    .split(/\s+/)
    .map((word) => {
      const match = /^@merchant-gateway\/([a-z-]+)(@.*)?$/.exec(word)
      return match && tarballs[match[1]] ? tarballs[match[1]] : word
    })
    .join(' ')
}

/** The smoke test of a project whose lines installed `names` (see the header, 3). */
function smoke(names) {
  const has = (name) => names.includes(name)
  const browser = names.some((n) => BROWSER_TOOLS.includes(n))
  const imports = names.filter((n) => !n.startsWith('@merchant-gateway/'))
  return `
import { readFileSync } from 'node:fs'
const done = []
const check = (ok, what) => {
  if (!ok) throw new Error(what)
}
const versionOf = (name) => JSON.parse(readFileSync(\`node_modules/\${name}/package.json\`, 'utf8')).version
for (const name of ${JSON.stringify(imports)}) {
  if (!${JSON.stringify(Object.keys(NOT_IMPORTED_ON_NODE))}.includes(name)) await import(name)
  done.push(\`\${name} \${versionOf(name)}\`)
}
${
  browser && has('msw')
    ? `check(versionOf('msw').startsWith('3.'), \`msw \${versionOf('msw')} is installed, msw 3 (msw/vite) is needed\`)
check(Object.keys(await import('msw/vite')).length > 0, 'msw/vite has no export')
done.push('msw/vite loads')`
    : ''
}
${
  has('@merchant-gateway/contract')
    ? `const { toMinorUnits } = await import('@merchant-gateway/contract')
check(toMinorUnits(12.5, 'USD') === 1250, 'toMinorUnits(12.5, USD)')
done.push('contract: 12.5 USD is 1250')`
    : ''
}
${
  has('@merchant-gateway/mock')
    ? `const { createMockGateway } = await import('@merchant-gateway/mock')
const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
const merchant = await mock.merchants.create({ balances: { usd: 100 } })
const { storeId } = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
const storesUrl = \`\${mock.baseUrl}/api/v1/payment-gateway/stores/list\`
const listed = await mock.fetch(storesUrl, { method: 'POST', headers: { 'X-Api-Key': merchant.apiKey } })
check(listed.status === 200, \`mock.fetch of the store list: \${listed.status}\`)
done.push('mock.fetch')
if (!${browser}) {
  const { setupServer } = await import('msw/node')
  const server = setupServer(...mock.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const res = await fetch(storesUrl, { method: 'POST', headers: { 'X-Api-Key': merchant.apiKey } })
    check(res.status === 200, \`setupServer: \${res.status}\`)
  } finally {
    server.close()
  }
  done.push('setupServer of the app msw')
}`
    : ''
}
${
  has('@merchant-gateway/sdk')
    ? `const { GatewayClient } = await import('@merchant-gateway/sdk')
const { createRequire } = await import('node:module')
const required = createRequire(import.meta.url)('@merchant-gateway/sdk')
check(typeof required.GatewayClient === 'function', 'require() of the SDK gave no GatewayClient')
done.push('SDK: import and require')
${
  has('@merchant-gateway/mock')
    ? `const now = () => Date.parse(mock.clock.now())
const { apiKey, apiSecret } = merchant
const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now })
const where = 'mock.fetch'`
    : `const gateway = new GatewayClient({
  apiKey: 'mk_test_demo',
  apiSecret: 'sk_test_demo',
  baseUrl: process.env.GATEWAY_BASE_URL,
})
const storeId = 101
const where = 'the mock HTTP server'`
}
const order = await gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' })
check(Number(order.order_id) > 0, 'orders.create gave no order')
const stores = await gateway.stores.list()
check(stores.some((s) => s.storeId === storeId), 'stores.list')
done.push(\`SDK: an order and the store list on \${where}\`)`
    : ''
}
console.log(\`ok: Node \${process.versions.node}: \${done.join(', ')}\`)
`
}

/** Runs one step without blocking this process (the mock server answers meanwhile); kills its group on timeout. */
function exec(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => {
      stderr += `\n(stopped after ${STEP_TIMEOUT_MS / 1000} s)`
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, STEP_TIMEOUT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ status: null, stdout, stderr: `${stderr}${error.message}` })
    })
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      resolve({ status: status ?? signal, stdout, stderr })
    })
  })
}

const failures = []
const started = Date.now()
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/** `run` for scripts/lib/packed.mjs: one step of the setup, a failure recorded and printed. */
async function run(title, command, args, options = {}) {
  const result = await exec(command, args, { cwd: root, env, ...options })
  if (result.status !== 0) {
    failures.push(title)
    console.log(`FAIL  ${title} (exit ${result.status})\n${result.stdout}${result.stderr}`)
  }
  return result
}

/** The environment of a user's shell on the Node in `nodeDir`: no npm_* of the script that runs this one. */
function userEnv(nodeDir, extra) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD' && k !== 'NODE'),
  )
  const path = (process.env.PATH ?? '').split(delimiter).filter((p) => p && !p.startsWith(root))
  return {
    ...clean,
    PATH: [nodeDir, ...path].join(delimiter),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  }
}

/** npm's EBADENGINE warnings in an install's output: the packages they name. */
function engineWarnings(output) {
  return [...output.matchAll(/EBADENGINE\s+package: '((?:@[^/']+\/)?[^@']+)@/g)].map((m) => m[1])
}

const { lists, skipped } = readInstallBlocks()
/** The packages a list's lines install, by name. */
const namesOf = (list) => [...new Set(list.lines.map(parseLine).flatMap((p) => p.names))]

/** A list that installs the mock, msw or a browser tool: its install differs on Node 22 if anything does. */
const isHeavy = (list) =>
  namesOf(list).some((n) => n === '@merchant-gateway/mock' || n === 'msw' || BROWSER_TOOLS.includes(n))

/**
 * The lists run on Node 22 too: every heavy list with `--all-on-oldest`, else as few as install each package a
 * heavy list names at least once there, taking first the list that installs the most packages not yet installed.
 */
function listsForOldest(all) {
  const heavy = all.filter(isHeavy)
  if (ALL_ON_OLDEST) return new Set(heavy)
  const chosen = new Set()
  const left = new Set(heavy.flatMap(namesOf))
  while (left.size > 0) {
    const gain = (list) => namesOf(list).filter((n) => left.has(n)).length
    const best = heavy.reduce((a, b) => (gain(b) > gain(a) ? b : a))
    chosen.add(best)
    for (const name of namesOf(best)) left.delete(name)
  }
  return chosen
}

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-installs-'))
let server
try {
  for (const s of skipped) console.log(`SKIP  ${s.command}   (${s.where}: not checkable, ${s.reason})`)
  for (const n of NOT_CHECKED.filter((n) => ONLY.length === 0 || ONLY.includes(n.file)))
    if (!skipped.some((s) => s.listed === n)) {
      failures.push(`NOT_CHECKED lists \`${n.command}\` in ${n.file}, which has no such line`)
      console.log(`FAIL  NOT_CHECKED: ${n.file} has no line \`${n.command}\` (remove it from the list)`)
    }
  const missing = PACKAGES.filter((p) => !existsSync(join(root, 'packages', p, 'dist')))
  if (missing.length > 0) throw new Error(`no dist/ in ${missing.join(', ')}: run npm run build first`)
  const tarballs = await packPackages(join(work, 'packs'), run)
  const node22 = await installNode(join(work, `node-${OLDEST_NODE}`), OLDEST_NODE, run)
  if (node22.problem) failures.push(node22.problem)
  const machine = spawnSync(MACHINE_NODE, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? ''
  const runtimes = {
    this: { label: `Node ${process.versions.node}`, dir: dirname(process.execPath) },
    oldest: { label: `Node ${node22.version.slice(1)}`, dir: dirname(node22.binary) },
    machine: { label: `Node ${machine.slice(1) || '(none)'}`, dir: dirname(MACHINE_NODE), unsupported: true },
  }
  if (!machine.startsWith(`v${UNSUPPORTED_NODE}.`)) {
    failures.push(`${MACHINE_NODE} is ${machine || 'missing'}, not Node ${UNSUPPORTED_NODE}`)
    console.log(`FAIL  ${MACHINE_NODE} is ${machine || 'missing'}, not Node ${UNSUPPORTED_NODE}`)
  }

  // The mock HTTP server for the SDK alone (the packed mock's dist/, on this Node, the demo merchant).
  const { DEMO_MERCHANT, startMockServer } = await import(
    pathToFileURL(join(root, 'packages', 'mock', 'dist', 'server.js')).href
  )
  server = await startMockServer({ port: 0, seed: [DEMO_MERCHANT] })

  const jobs = []
  const onOldest = listsForOldest(lists)
  for (const list of lists.filter((l) => isHeavy(l) && !onOldest.has(l)))
    console.log(
      `SKIP  Node 22: ${list.lines.join(' && ')}   (${list.where.join(', ')}: the lists run on Node 22 install ` +
        'each of its packages there; --all-on-oldest runs it too)',
    )
  for (const list of lists) {
    const parsed = list.lines.map(parseLine)
    const names = [...new Set(parsed.flatMap((p) => p.names))]
    const problems = parsed.flatMap((p, i) => p.problems.map((problem) => `${list.lines[i]}: ${problem}`))
    const lacks = []
    for (const example of list.where.flatMap((w) => /^examples\/([^/]+)\/README\.md:/.exec(w)?.[1] ?? [])) {
      const left = exampleImports(example).filter((n) => !names.includes(n))
      if (left.length > 0)
        lacks.push(`examples/${example} imports ${left.join(', ')}, which the commands do not install`)
    }
    const sdkAlone = names.length === 1 && names[0] === '@merchant-gateway/sdk'
    for (const runtime of [
      'this',
      onOldest.has(list) ? 'oldest' : [],
      sdkAlone || ALL_ON_MACHINE_NODE ? 'machine' : [],
    ].flat())
      jobs.push({ list, names, problems, lacks, runtime: runtimes[runtime], id: jobs.length, checkpoints: [] })
  }
  // A list that is the start of a longer one on the same Node rides along in that one's project (the header, 6):
  // the longest such one, which is the start of no other, so that it runs itself.
  const startsWith = (long, short) => short.lines.every((line, i) => long.lines[i] === line)
  for (const job of [...jobs]) {
    if (job.problems.length > 0) continue
    const [host] = jobs
      .filter(
        (other) =>
          other !== job &&
          other.runtime === job.runtime &&
          other.problems.length === 0 &&
          other.list.lines.length > job.list.lines.length &&
          startsWith(other.list, job.list),
      )
      .toSorted((a, b) => b.list.lines.length - a.list.lines.length)
    if (host === undefined) continue
    host.checkpoints.push(job)
    jobs.splice(jobs.indexOf(job), 1)
  }

  /** A job's result lines: `fail(why)` records the failure and returns its FAIL line, `pass(said)` its PASS line. */
  function verdicts({ list, runtime }, since, log) {
    const title = `${runtime.label}  ${list.lines.join(' && ')}`
    return {
      fail(why) {
        failures.push(`${title}: ${why}`)
        return `FAIL  ${title}   (${list.where.join(', ')}; ${seconds(since)})\n  ${why}\n${log.join('\n')}`
      },
      pass(said) {
        return `PASS  ${title}   (${list.where.join(', ')}; ${seconds(since)})\n  ${said}`
      },
    }
  }

  /**
   * Runs a job's lines in a fresh project, and judges the project after its last line; each checkpoint (a list
   * that is the start of this one) is judged once its own last line has run. Returns the result lines.
   */
  async function runJob(job) {
    const { list, names, problems, runtime, id } = job
    const since = Date.now()
    const log = []
    const { fail } = verdicts(job, since, log)
    if (problems.length > 0) return [fail(problems.join('; '))]
    const dir = join(work, `project-${id}`)
    mkdirSync(dir)
    const at = { cwd: dir, env: userEnv(runtime.dir, { GATEWAY_BASE_URL: server.url }) }
    const init = await exec('sh', ['-c', 'npm init -y'], at)
    if (init.status !== 0) return [fail(`npm init -y: exit ${init.status}\n${init.stderr}`)]
    // The packed packages that the lines do not name but the ones they name depend on: from their tarballs.
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    manifest.overrides = Object.fromEntries(
      PACKAGES.filter((p) => !names.includes(`@merchant-gateway/${p}`)).map((p) => [
        `@merchant-gateway/${p}`,
        `file:${tarballs[p]}`,
      ]),
    )
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
    const warned = []
    const results = []
    for (const [i, line] of list.lines.entries()) {
      const command = toTarballs(line, tarballs)
      log.push(`  $ ${command}`)
      const result = await exec('sh', ['-c', command], at)
      warned.push(...engineWarnings(result.stderr))
      if (result.status !== 0) {
        const why = `\`${line}\` exited ${result.status}\n${result.stdout}${result.stderr}`
        return [
          ...results,
          fail(why),
          ...job.checkpoints
            .filter((c) => c.list.lines.length > i)
            .map((c) => verdicts(c, since, log).fail(`in the project of ${list.where.join(', ')}: ${why}`)),
        ]
      }
      for (const checkpoint of job.checkpoints.filter((c) => c.list.lines.length === i + 1))
        results.push(await judge(checkpoint, dir, at, [...warned], since, [...log]))
    }
    return [...results, await judge(job, dir, at, warned, since, log)]
  }

  /** The checks of a project once a list's lines have run in it (the header, 3): its PASS or FAIL line. */
  async function judge(job, dir, at, warned, since, log) {
    const { names, lacks, runtime, id } = job
    const { fail, pass } = verdicts(job, since, log)
    const locked = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')).packages
    const fromRegistry = Object.entries(locked)
      .filter(
        ([path, entry]) => path.includes('node_modules/@merchant-gateway/') && !entry.resolved?.startsWith('file:'),
      )
      .map(([path]) => path)
    if (fromRegistry.length > 0) return fail(`not from the packed tarballs: ${fromRegistry.join(', ')}`)
    const engines = [...new Set(warned)]
    if (runtime.unsupported) {
      const ours = names.filter((n) => n.startsWith('@merchant-gateway/') && !engines.includes(n))
      if (ours.length > 0)
        return fail(`npm did not warn EBADENGINE for ${ours.join(', ')} (warned: ${engines.join(', ') || 'none'})`)
    } else if (engines.length > 0) return fail(`npm warned EBADENGINE for ${engines.join(', ')}`)
    const file = `smoke-${id}.mjs`
    writeFileSync(join(dir, file), smoke(names))
    const result = await exec(join(runtime.dir, 'node'), [file], at)
    const ok = result.stdout.trim().split('\n').at(-1) ?? ''
    if (result.status !== 0 || !ok.startsWith('ok:')) {
      const thrown = result.stderr.split('\n').find((l) => /^\w*Error\b/.test(l)) ?? ''
      return fail(`the smoke test exited ${result.status}: ${thrown}\n${result.stdout}${result.stderr}`)
    }
    if (lacks.length > 0) return fail(`${lacks.join('; ')} (it installed and ran: ${ok})`)
    const note = runtime.unsupported
      ? `\n  unsupported Node: npm installed it, warning EBADENGINE for ${engines.join(', ')}; import and calls work`
      : ''
    return pass(`${ok}${note}`)
  }

  // A few at a time: the installs wait on npm's cache and the registry more than on the CPU.
  const queue = [...jobs]
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) for (const line of await runJob(job)) console.log(line)
    }),
  )
} catch (error) {
  failures.push(error.message)
  console.log(`FAIL  ${error.message}`)
} finally {
  await server?.close()
  rmSync(work, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.log(`\ncheck:installs FAILED (${failures.length}) in ${seconds(started)}:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log(`\ncheck:installs: every install command of the guides works as written (${seconds(started)})`)
