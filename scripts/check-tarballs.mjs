// The packages as a stranger gets them: packed with `npm pack`, installed with npm into fresh projects
// outside the repository, and used from there, as CI runs it (`npm run check:tarballs`, after the build).
//
// 1. Each tarball holds LICENSE, README.md and its dist/, no test file, and no absolute path of the build
//    machine (the repository's path, a home directory) in any file; its declarations (.d.ts) carry TSDoc and
//    no internal module note (a `@module` block of a module that is not an entry point).
// 2. Fresh projects, each with msw provided by the app (the mock's peer dependency), not by the mock (the programs
//    they run are in scripts/lib/tarball-apps.mjs):
//    - ESM on this Node with the newest msw 3 and the oldest msw the mock supports (2.7.0): every entry
//      point imported; with the in-process mock, an order paid, part of it refunded and its webhook verified,
//      a PIN set, verified (wrong, then right) and reset with the emailed code; setupServer with the app's
//      own msw; the SDK through the HTTP server; and a TypeScript file using the packages type-checks
//      (nodenext, strict; the lib check on with msw 3, off with msw 2.7, whose own declarations do not pass
//      it under TypeScript 6);
//    - CommonJS (require) of every entry point (the mock's `/vitest` aside: it imports vitest, an optional
//      peer, ESM-only), an SDK session, the HTTP server;
//    - every exported class of every entry point keeps its own name, in ESM and in CommonJS (a bundler's
//      rename shows in stack traces and `util.inspect` as `_class4 [NotFoundError]`);
//    - an SDK error printed by console.log and left uncaught, in ESM and in CommonJS: at most 25 lines, no
//      field without a value, and the uncaught one headed by its own first line (`NotFoundError: ...`), not
//      by the line of the SDK's compiled code that made it;
//    - the oldest Node LTS still supported (22): the packed SDK and mock, ESM and CommonJS;
//    - Bun and Deno, installed from the npm registry (the `bun` and `deno` packages, pinned below): the same
//      ESM session but setupServer (msw intercepts nothing there), as `bun run app.mjs` and
//      `deno run --allow-env --allow-net=127.0.0.1 app.mjs` run it;
//    - with vitest installed, a test file's `expect(mock).toHaveReceived(...)` type-checks with the matchers' types
//      from `"types": ["@merchant-gateway/mock/vitest"]` in tsconfig.json alone, as docs/mock.md offers: an ES
//      module project under nodenext and bundler resolution (node16 resolves a `types` entry as nodenext does), and a
//      CommonJS one under nodenext.
//    - with vitest 4 installed (what Node 20 gets), a test file with the matchers of `/vitest-4` type-checks and runs.
// 3. Exactly one copy of msw is installed in each project (the app's).
//
// The projects are independent, and their installs mostly wait on the registry: they all start at once, each
// project's steps in order, at most INSTALLS installs and RUNS runs (programs, tsc) at a time (scripts/lib/steps.mjs);
// the Node 22 project waits for Node 22's install, and the type checks run beside their project's programs. In CI,
// the newest-msw project is the one check:release installed, when it holds the same tarballs and msw
// (scripts/lib/packed.mjs). Each project's lines are printed together when it ends, each command with its seconds,
// then a line per project with its seconds, then what failed. A step still running after 5 minutes is stopped (its
// whole process group) and fails, and so does a step that leaves a process running; on SIGINT, SIGTERM or SIGHUP
// every step still running is stopped and the projects removed. Exits 1 when anything failed.
//
// `--only <text>` runs only the projects whose name holds the text (with Node 22's install when that is the Node 22
// project), the tarballs' contents read all the same: `node scripts/check-tarballs.mjs --only vitest`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { env, installNode, OLDEST_NODE, PACKAGES, packPackages, root, takeInstalledProject } from './lib/packed.mjs'
import { exec, limit } from './lib/steps.mjs'
import { CJS, classNames, errorPrinting, esm, TS, VITEST_4_TEST, VITEST_TYPES } from './lib/tarball-apps.mjs'

const MSW_NEWEST = JSON.parse(
  readFileSync(join(root, 'packages/mock/package.json'), 'utf8'),
).devDependencies.msw.replace(/^\^/, '')
const MSW_OLDEST = '2.7.0'
// Bun and Deno as the npm registry ships them (the `bun` and `deno` packages); the versions this check was
// last seen passing with.
const BUN = '1.4.5'
const DENO = '2.9.6'
// Longest any one step may take (a runtime left running by an open handle fails instead of hanging CI).
const STEP_TIMEOUT_MS = 300_000
// Steps at once: installs (npm, mostly waiting on the registry) and runs (a program or tsc: the CPU), each kind
// with its own limit (`--installs <n>`, `--runs <n>` to try others). On two cores with the machine shared, 3 and 2
// took the step from 257-310 s to 111-138 s (docs/architecture.md, CI's lanes); other limits were not clearly
// better or worse: the load moved more than they did.
const args = process.argv.slice(2)
const option = (name, otherwise) => Number(args[args.indexOf(name) + 1]) || otherwise
const INSTALLS = option('--installs', 3)
const RUNS = option('--runs', 2)
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : ''
const installs = limit(INSTALLS)
const runs = limit(RUNS)
const failures = []
const started = Date.now()
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-tarballs-'))
// Removed at any exit, a stop by a signal too (scripts/lib/steps.mjs exits then, once its steps are killed).
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

/**
 * A project's (or the setup's) steps, run one after the other by `job.run`, which records a failure under its
 * title; its lines are kept in `job.lines` and printed together by {@link printJob}.
 */
function newJob(name) {
  const job = {
    name,
    lines: [],
    failed: [],
    log: (line) => job.lines.push(line),
    fail(title, why) {
      failures.push(title)
      job.failed.push(title)
      job.log(`  FAILED ${title}${why ? ` (${why})` : ''}`)
    },
    /** Runs one step; with `show`, its output is printed even when it passed (the programs' `ok:` lines). */
    async run(title, command, args, { show = false, slot = runs, ...options } = {}) {
      const result = await slot(() => exec(command, args, { cwd: root, env, timeoutMs: STEP_TIMEOUT_MS, ...options }))
      const where = options.cwd && options.cwd !== root ? `in ${shortPath(options.cwd)}, ` : ''
      job.log(`$ ${[command, ...args].join(' ')}   (${where}${result.seconds.toFixed(1)} s)`)
      const passed = result.status === 0 && result.leftBehind.length === 0
      if ((show || !passed) && result.output.trim()) job.log(result.output.trimEnd())
      if (!passed) job.fail(title, why(result))
      return result
    },
  }
  return job
}

/** A folder of this run by its name in the work folder; another (CI's shared folder) in full. */
const shortPath = (dir) => (dir.startsWith(work) ? relative(work, dir) || '.' : dir)

/** Why a step failed: stopped at its deadline, a process left running, or its exit. */
function why(result) {
  if (result.timedOut) return `stopped after ${STEP_TIMEOUT_MS / 1000} s`
  if (result.status === 0) return `left running, killed: ${result.leftBehind.join('; ')}`
  return `exit ${result.status ?? result.signal ?? result.error?.code ?? result.error}`
}

function printJob(job, since) {
  const outcome = job.failed.length ? `FAILED (${job.failed.length})` : 'passed'
  console.log(`\n=== ${job.name}: ${outcome} in ${seconds(since)}\n${job.lines.join('\n')}`)
}

/** Runs `body(job)` as one job, then prints its lines together; returns its name and seconds for the summary. */
async function asJob(name, body) {
  const job = newJob(name)
  const since = Date.now()
  try {
    await body(job)
  } catch (error) {
    job.fail(`${name}: ${error.message}`)
    job.log(String(error.stack))
  }
  printJob(job, since)
  return `${name} ${seconds(since)}${job.failed.length ? ' (FAILED)' : ''}`
}

/** 1. The tarball's files: LICENSE, README.md, dist/, no test file, TSDoc, no internal note, no absolute path. */
async function inspectTarball(job, name, tarball) {
  const unpacked = join(work, `unpacked-${name}`)
  mkdirSync(unpacked)
  await job.run(`unpack ${name}`, 'tar', ['xzf', tarball, '-C', unpacked])
  const files = readdirSync(join(unpacked, 'package'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
  const inside = (file) => file.slice(join(unpacked, 'package').length + 1)
  const relativePaths = files.map(inside)
  const problems = []
  for (const required of ['LICENSE', 'README.md', 'package.json'])
    if (!relativePaths.includes(required)) problems.push(`${required} missing`)
  if (!relativePaths.some((f) => f.startsWith('dist/'))) problems.push('no dist/')
  for (const f of relativePaths.filter((f) => /\.test\.[cm]?[jt]s$/.test(f))) problems.push(`test file ${f}`)
  // The declarations carry the API's TSDoc, not the notes internal modules open with (an entry point's own
  // `@module \@merchant-gateway/...` block is public); what an editor shows a user comes from these files.
  const declarations = files.filter((f) => /\.d\.[cm]?ts$/.test(f))
  let examples = 0
  for (const file of declarations) {
    const text = readFileSync(file, 'utf8')
    examples += text.match(/@example/g)?.length ?? 0
    const notes = [...text.matchAll(/(?:^|\s)@module\s+(\S+)/g)]
      .map(([, name]) => name)
      .filter((name) => !/^\\?@merchant-gateway\//.test(name))
    if (notes.length > 0)
      problems.push(`${inside(file)} carries ${notes.length} internal module note(s): @module ${notes.join(', ')}`)
  }
  if (declarations.length === 0) problems.push('no .d.ts')
  else if (examples === 0) problems.push('no TSDoc @example in any .d.ts')
  const leaks = [root, homedir()].filter((p) => p.length > 1)
  for (const file of files) {
    const text = readFileSync(file, 'latin1')
    for (const leak of leaks) if (text.includes(leak)) problems.push(`${inside(file)} holds the absolute path ${leak}`)
  }
  job.log(
    `--- tarball ${name}: ${relativePaths.length} files` +
      (problems.length
        ? ''
        : `, LICENSE and README.md present, no absolute path, ${declarations.length} declaration files ` +
          `with ${examples} TSDoc examples and no internal module note`),
  )
  for (const p of problems) job.log(`  PROBLEM ${p}`)
  if (problems.length) job.fail(`tarball ${name}`)
}

/**
 * Runs `file` so that its error goes uncaught, and checks what Node printed: the error's own first line
 * first (no line of the SDK's compiled code above it), its fields without the empty ones, in 25 lines.
 */
async function checkUncaught(job, title, dir, file) {
  const options = { cwd: dir, env, timeoutMs: STEP_TIMEOUT_MS }
  const result = await runs(() => exec(process.execPath, [file, 'uncaught'], options))
  job.log(`$ node ${file} uncaught   (in ${shortPath(dir)}, ${result.seconds.toFixed(1)} s)`)
  const printed = result.stderr.trimEnd()
  const lines = printed.split('\n')
  const headline = 'NotFoundError: No stores found for this merchant'
  const problems = [
    (result.status !== 1 || result.leftBehind.length > 0) && why(result),
    lines.length > 25 && `${lines.length} lines`,
    lines[0] !== headline && `the first line is ${JSON.stringify(lines[0])}, not ${JSON.stringify(headline)}`,
    /: undefined\b/.test(printed) && 'a field without a value',
    /_class\d|\[NotFoundError\]|x-api-key|mk_test_/i.test(printed) && 'a renamed class or the API key',
  ].filter(Boolean)
  if (problems.length > 0) {
    job.fail(title, problems.join(', '))
    job.log(printed)
  } else job.log(`ok: ${title}, ${lines.length} lines, headed by its own first line`)
}

/** A fresh project `name` with these dependencies, installed by npm; checks that it holds one copy of msw (unless
 * `mswOnce` is false: a project whose other dependencies bring msw of their own). */
async function project(job, name, dependencies, extra = {}, { mswOnce = true } = {}) {
  const dir = join(work, name)
  mkdirSync(dir)
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module', dependencies, ...extra }, null, 2),
  )
  const npm = ['install', '--no-audit', '--no-fund', '--loglevel=error']
  const result = await job.run(`install ${name}`, 'npm', npm, { cwd: dir, slot: installs })
  if (result.status === 0 && mswOnce) oneMsw(job, name, dir)
  return dir
}

/** Exactly one copy of msw in the project (the app's). */
function oneMsw(job, name, dir) {
  const copies = readdirSync(dir, { recursive: true }).filter((p) =>
    String(p).endsWith(join('node_modules', 'msw', 'package.json')),
  )
  job.log(`--- ${name}: msw installed ${copies.length} time(s)`)
  if (copies.length !== 1) job.fail(`${name}: ${copies.length} copies of msw`)
}

/**
 * The newest-msw project. In CI, the one check:release installed and passed, when it holds the same tarballs and
 * msw (the same install into a fresh ESM project: scripts/lib/packed.mjs); else installed here.
 */
async function newestProject(job, packed, tarballs) {
  const name = 'app-msw-newest'
  const dir = takeInstalledProject(join(work, name), tarballs, MSW_NEWEST)
  if (dir === undefined) return project(job, name, { ...packed, msw: MSW_NEWEST })
  job.log(
    `--- ${name}: the project check:release installed (the same tarballs, msw ${MSW_NEWEST}), not installed again`,
  )
  oneMsw(job, name, dir)
  return dir
}

/** tsconfig.json of the type check: nodenext, strict, the packages' declarations lib-checked. */
const STRICT_CONFIG = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
  },
  files: ['app.ts'],
}
const tsc = join(root, 'node_modules/typescript/bin/tsc')

/**
 * Runs `bodies` side by side, each with a job of its own (its steps one after the other); their lines are added to
 * `job`'s in the order given, whichever ended first.
 */
async function sideBySide(job, ...bodies) {
  const parts = bodies.map(() => newJob(job.name))
  await Promise.all(bodies.map((body, i) => body(parts[i])))
  for (const part of parts) {
    job.lines.push(...part.lines)
    job.failed.push(...part.failed)
  }
}

/**
 * 2a/2b. ESM and CJS with the newest msw, class names, error printing; beside them, the type check (the longest
 * step: it lib-checks msw's declarations and ours), which reads only app.ts and what it imports.
 */
async function newestMsw(job, packed, tarballs) {
  const dir = await newestProject(job, packed, tarballs)
  writeFileSync(join(dir, 'app.ts'), TS)
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(STRICT_CONFIG))
  writeFileSync(join(dir, 'app.mjs'), esm({ setupServer: true }))
  writeFileSync(join(dir, 'app.cjs'), CJS)
  writeFileSync(join(dir, 'class-names.mjs'), classNames('await import(id)', 'ESM'))
  writeFileSync(join(dir, 'class-names.cjs'), classNames('require(id)', 'CommonJS'))
  writeFileSync(join(dir, 'error-printing.mjs'), errorPrinting('await import(id)', 'ESM'))
  writeFileSync(join(dir, 'error-printing.cjs'), errorPrinting('require(id)', 'CommonJS'))
  const typeCheck = (part) =>
    part.run(`TypeScript with msw ${MSW_NEWEST}`, process.execPath, [tsc, '-p', '.'], { cwd: dir, show: true })
  const programs = async (part) => {
    const node = (title, file) => part.run(title, process.execPath, [file], { cwd: dir, show: true })
    await node(`ESM with msw ${MSW_NEWEST}`, 'app.mjs')
    await node(`CommonJS with msw ${MSW_NEWEST}`, 'app.cjs')
    await node('class names in ESM', 'class-names.mjs')
    await node('class names in CommonJS', 'class-names.cjs')
    await node('an SDK error printed in ESM', 'error-printing.mjs')
    await node('an SDK error printed in CommonJS', 'error-printing.cjs')
    await checkUncaught(part, 'an uncaught SDK error in ESM', dir, 'error-printing.mjs')
    await checkUncaught(part, 'an uncaught SDK error in CommonJS', dir, 'error-printing.cjs')
  }
  await sideBySide(job, typeCheck, programs)
}

/** 2c. The oldest msw the mock supports. */
async function oldestMsw(job, packed) {
  const dir = await project(job, 'app-msw-oldest', { ...packed, msw: MSW_OLDEST })
  writeFileSync(join(dir, 'app.mjs'), esm({ setupServer: true }))
  writeFileSync(join(dir, 'app.ts'), TS)
  // msw 2.7's own declarations (its @mswjs/interceptors) do not pass a lib check under TypeScript 6, so this
  // one skips the lib check: the app's code against our types is still checked (ours are lib-checked above).
  const config = { ...STRICT_CONFIG, compilerOptions: { ...STRICT_CONFIG.compilerOptions, skipLibCheck: true } }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config))
  await sideBySide(
    job,
    (part) =>
      part.run(`TypeScript with msw ${MSW_OLDEST}`, process.execPath, [tsc, '-p', '.'], { cwd: dir, show: true }),
    (part) => part.run(`ESM with msw ${MSW_OLDEST}`, process.execPath, ['app.mjs'], { cwd: dir, show: true }),
  )
}

/**
 * The vitest this repository tests with, which the mock's `/vitest` types are for, and its @types/node, both at their
 * ranges in package.json. The project installs @types/node rather than take the repository's through `typeRoots`
 * (STRICT_CONFIG): with `typeRoots` set, a `types` entry is looked up there only, and the mock's is not found.
 */
const { vitest: VITEST, '@types/node': TYPES_NODE } = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).devDependencies

/**
 * 2f. The mock's matchers typed by `"types": ["@merchant-gateway/mock/vitest"]` alone (matchers.ts imports nothing
 * of the entry), with vitest installed. Under node16 and nodenext a `types` entry is resolved with the `require`
 * condition whatever the project's type, so an ES module project reads the entry's .d.cts there: its matchers
 * must reach vitest's `Assertion` as ES modules import it. The lib check is off: vitest's and vite's declarations
 * are theirs (ours are lib-checked in app-msw-newest).
 */
async function vitestTypes(job, packed) {
  const dependencies = { ...packed, msw: MSW_NEWEST, vitest: VITEST, '@types/node': TYPES_NODE }
  const dir = await project(job, 'app-vitest-types', dependencies)
  const commonJs = join(dir, 'commonjs')
  mkdirSync(commonJs)
  writeFileSync(join(commonJs, 'package.json'), JSON.stringify({ type: 'commonjs' }))
  const cases = [
    ['an ES module project, nodenext', dir, 'tsconfig.nodenext.json', 'nodenext', 'nodenext'],
    ['an ES module project, bundler', dir, 'tsconfig.bundler.json', 'preserve', 'bundler'],
    ['a CommonJS project, nodenext', commonJs, 'tsconfig.json', 'nodenext', 'nodenext'],
  ]
  const { typeRoots: _, ...strict } = STRICT_CONFIG.compilerOptions
  const types = ['node', '@merchant-gateway/mock/vitest']
  for (const [what, folder, config, module, moduleResolution] of cases) {
    writeFileSync(join(folder, 'matchers.ts'), VITEST_TYPES)
    const options = { ...strict, module, moduleResolution, types, skipLibCheck: true }
    writeFileSync(join(folder, config), JSON.stringify({ compilerOptions: options, files: ['matchers.ts'] }))
    const title = `the /vitest types directive in ${what}`
    const result = await job.run(title, process.execPath, [tsc, '-p', config], { cwd: folder, show: true })
    if (result.status === 0) job.log(`ok: ${title}`)
  }
}

/**
 * The vitest 4 a project on Node 20 gets (vitest 5 needs Node 22), which the mock's `/vitest-4` entry is for. Pinned:
 * a newer 4.x must pass this check before the docs can name it.
 */
const VITEST_4 = '4.1.12'

/**
 * 2g. The mock's `/vitest-4` entry with vitest 4: a test file that imports it type-checks (its matchers reach vitest
 * 4's Assertion; `/vitest`'s augmentation, for vitest 5, breaks vitest 4's own types and its matchers do not show),
 * and vitest 4 runs it, the matchers passing and failing as documented.
 */
async function vitest4(job, packed) {
  const dependencies = { ...packed, msw: MSW_NEWEST, vitest: VITEST_4, '@types/node': TYPES_NODE }
  // vitest 4's browser mocker brings an msw of its own: the one-copy rule is the other projects'.
  const dir = await project(job, 'app-vitest-4', dependencies, {}, { mswOnce: false })
  writeFileSync(join(dir, 'matchers.test.ts'), VITEST_4_TEST)
  const { typeRoots: _, ...strict } = STRICT_CONFIG.compilerOptions
  const options = { ...strict, types: ['node'], skipLibCheck: true }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['matchers.test.ts'] }))
  const typed = `the /vitest-4 types with vitest ${VITEST_4} (nodenext)`
  const checked = await job.run(typed, process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir, show: true })
  if (checked.status === 0) job.log(`ok: ${typed}`)
  const ran = `vitest ${VITEST_4} runs a test file with the /vitest-4 matchers`
  const vitest = join(dir, 'node_modules/vitest/vitest.mjs')
  const run = await job.run(ran, process.execPath, [vitest, 'run', 'matchers.test.ts'], { cwd: dir, show: true })
  if (run.status === 0) job.log(`ok: ${ran}`)
}

/** Node 22 from the npm registry (the `node` package), as the repo brings its own; settles `node22`. */
function oldestNode() {
  let settle
  const node22 = new Promise((resolve) => {
    settle = resolve
  })
  const install = async (job) => {
    try {
      const run = (title, command, args, options) => job.run(title, command, args, { ...options, slot: installs })
      const installed = await installNode(join(work, 'node-oldest-lts'), OLDEST_NODE, run)
      job.log(`--- oldest LTS: ${installed.version}`)
      if (installed.problem) job.fail(installed.problem)
      settle(installed)
    } finally {
      settle({ binary: `(Node ${OLDEST_NODE} not installed)` })
    }
  }
  return { node22, install }
}

/** 2d. The oldest Node LTS, once `node22` (its install) settled: ESM and CommonJS. */
async function oldestLts(job, packed, node22) {
  const dir = await project(job, 'app-node-oldest-lts', { ...packed, msw: MSW_NEWEST })
  writeFileSync(join(dir, 'app.mjs'), esm({ setupServer: true }))
  writeFileSync(join(dir, 'app.cjs'), CJS)
  const { binary } = await node22
  await job.run(`ESM on Node ${OLDEST_NODE}`, binary, ['app.mjs'], { cwd: dir, show: true })
  await job.run(`CommonJS on Node ${OLDEST_NODE}`, binary, ['app.cjs'], { cwd: dir, show: true })
}

/**
 * 2e. Bun and Deno, installed as npm packages (their install scripts put the platform's binary in place): the ESM
 * session as `bun run` and `deno run` run an app, setupServer aside.
 */
async function bunAndDeno(job, packed) {
  const dir = await project(
    job,
    'app-bun-deno',
    { ...packed, msw: MSW_NEWEST, bun: BUN, deno: DENO },
    { allowScripts: { bun: true, deno: true } },
  )
  writeFileSync(join(dir, 'app.mjs'), esm({ setupServer: false }))
  const runtimeEnv = {
    ...env,
    NO_COLOR: '1',
    // Their caches stay in the project (removed with it), and Deno does not look for a newer version.
    DENO_DIR: join(dir, '.deno'),
    DENO_NO_UPDATE_CHECK: '1',
    BUN_RUNTIME_TRANSPILER_CACHE_PATH: join(dir, '.bun'),
  }
  const at = { cwd: dir, env: runtimeEnv }
  const bin = (name) => join(dir, 'node_modules', '.bin', name)
  for (const [name, pinned] of [
    ['bun', BUN],
    ['deno', DENO],
  ]) {
    const shown = (await job.run(`${name} --version`, bin(name), ['--version'], at)).stdout.trim().split('\n')[0]
    job.log(`--- ${name}: ${shown}`)
    if (!shown?.includes(pinned)) job.fail(`${name} ${pinned} did not install (got ${shown})`)
  }
  await job.run(`ESM on Bun ${BUN}`, bin('bun'), ['run', 'app.mjs'], { ...at, show: true })
  // Deno 2 resolves the packages from package.json and node_modules, which needs no read permission.
  // --allow-env: msw's `debug` lists the environment as it loads; --allow-net=127.0.0.1: the mock server
  // listens there and the SDK calls it.
  const denoFlags = ['--allow-env', '--allow-net=127.0.0.1']
  await job.run(`ESM on Deno ${DENO}`, bin('deno'), ['run', ...denoFlags, 'app.mjs'], { ...at, show: true })
}

let times = []
try {
  const setup = newJob('packing')
  const tarballs = await packPackages(join(work, 'packs'), setup.run)
  if (setup.lines.length > 0) printJob(setup, started)
  const packed = Object.fromEntries(PACKAGES.map((n) => [`@merchant-gateway/${n}`, `file:${tarballs[n]}`]))
  const { node22, install } = oldestNode()
  // The slowest first, so that the last to start is a short one; Node 22's install before the project that needs it.
  const nodeInstall = `Node ${OLDEST_NODE} from the registry`
  const nodeProject = `app-node-oldest-lts (Node ${OLDEST_NODE})`
  const projects = [
    [nodeInstall, install],
    [`app-msw-newest (msw ${MSW_NEWEST}, ESM, CommonJS, TypeScript)`, (job) => newestMsw(job, packed, tarballs)],
    ['app-bun-deno (Bun, Deno)', (job) => bunAndDeno(job, packed)],
    [nodeProject, (job) => oldestLts(job, packed, node22)],
    [`app-msw-oldest (msw ${MSW_OLDEST})`, (job) => oldestMsw(job, packed)],
    ['app-vitest-types (the /vitest types directive: nodenext, bundler)', (job) => vitestTypes(job, packed)],
    [`app-vitest-4 (vitest ${VITEST_4} with /vitest-4: its types, and a run)`, (job) => vitest4(job, packed)],
  ].filter(([name]) => name.includes(ONLY) || (name === nodeInstall && nodeProject.includes(ONLY)))
  // The tarballs' contents are read beside the installs (no network, a second or two).
  const contents = asJob('tarball contents', async (job) => {
    for (const [name, tarball] of Object.entries(tarballs)) await inspectTarball(job, name, tarball)
  })
  times = await Promise.all(projects.map(([name, body]) => asJob(name, body)))
  times.unshift(await contents)
} finally {
  rmSync(work, { recursive: true, force: true })
}

const atOnce = `${INSTALLS} installs and ${RUNS} runs at once`
console.log(`\ncheck:tarballs: ${seconds(started)} in all, ${atOnce}:\n  ${times.join('\n  ')}`)
if (failures.length) {
  console.log(`\ncheck:tarballs FAILED (${failures.length}):\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log(
  ONLY
    ? `\ncheck:tarballs --only ${ONLY}: passed`
    : '\ncheck:tarballs: the packed packages install and run from ESM and ' +
        'CommonJS, with the app providing msw, on Node 22 and this Node, and on Bun and Deno',
)
