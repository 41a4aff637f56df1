// Packaging checks of the three published packages, as CI runs them (`npm run check:packages`):
//
// 1. build every package (tsup: dist/ with ESM, CJS where the package is dual, and .d.ts/.d.cts); in CI, the build
//    release:pack made on the fresh checkout instead (check:release, which runs first, shares its tarballs);
// 2. publint --strict on what `npm pack` would publish;
// 3. @arethetypeswrong/cli on the packed tarball, with the profile that fits the package:
//    - sdk and contract are dual (ESM + CJS): `node16`, which leaves out only `node10` resolution. That
//      mode (`moduleResolution: node`) cannot see `exports` subpaths (`/errors`, `/crypto`) at all, and
//      TypeScript 6 deprecates it (error TS5107; removed in 7). Every node16 (CJS and ESM) and bundler
//      resolution is still checked.
//    - mock is dual too (its CJS build requires msw, ESM-only in msw 3, which Node >= 22.12 loads from
//      CommonJS): `node16` as well;
// 4. every bare import in dist/ (JS and declarations) names a package the package.json declares
//    (dependencies / peerDependencies / optionalDependencies), a Node builtin, or the package itself:
//    a consumer with a strict installer (pnpm) only gets what is declared;
// 5. every entry point loads from dist (import, and require for dual packages), entry points of one
//    package share one copy of what they both export (one GatewayError class for `instanceof`), and on
//    Node the contract's `./crypto` picks node:crypto;
// 6. what the SDK's browser bundles must not contain (packages/sdk/scripts/bundle-contents.mjs): no client
//    in `/errors`, no zod, contract schemas, signer or gateway client in `/pin`, no node:crypto in a browser's
//    GatewayClient;
// 7. the mock's main entry reaches no `node:*` module through its static imports (it runs in browsers
//    under MSW's service worker; only `./server` and the CLI are for Node), its bin starts, and the bin loads no
//    msw module, `--help` nor `serve` (lib/cli-msw.mjs: a shared chunk that imports msw would bring it back);
// 8. the size budgets of the SDK in a browser app, min+gzip, with size-limit (packages/sdk/.size-limit.mjs):
//    PinClient, GatewayClient, and `isGatewayError` from `/errors`.
//
// All steps run; the script exits 1 when any failed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, delimiter, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { mswResolvedByCli } from './lib/cli-msw.mjs'
import { packPackages, sharedPacks } from './lib/packed.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` }
const color = process.stdout.isTTY ? [] : ['--no-color']

/** The published packages and the attw profile of each (see the header). */
const PACKAGES = [
  { dir: 'packages/contract', profile: 'node16', dual: true },
  { dir: 'packages/sdk', profile: 'node16', dual: true },
  { dir: 'packages/mock', profile: 'node16', dual: true },
]

const failures = []

/** The entries that import vitest (an optional peer of the mock, ESM-only): loaded where vitest is installed. */
const VITEST_ENTRIES = ['@merchant-gateway/mock/vitest', '@merchant-gateway/mock/vitest-4']

function run(title, command, args, options = {}) {
  console.log(`\n--- ${title}\n$ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options })
  if (result.status !== 0) failures.push(`${title} (exit ${result.status ?? result.signal ?? result.error?.message})`)
  return result.status === 0
}

function check(title, problems) {
  console.log(`\n--- ${title}`)
  for (const problem of problems) console.log(`  PROBLEM ${problem}`)
  if (problems.length === 0) console.log('  ok')
  else failures.push(title)
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The package a bare specifier belongs to (`@scope/name` or `name`). */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

function undeclaredImports(dir, pkg) {
  const declared = new Set([
    pkg.name,
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
  ])
  const problems = []
  for (const file of filesUnder(join(root, dir, 'dist'))) {
    if (!/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file)) continue
    // preProcessFile reads import/export/require/import() forms and skips comments (TSDoc examples).
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) continue
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue
      if (!declared.has(packageOf(specifier))) {
        problems.push(`${relative(root, file)} imports "${specifier}", which ${pkg.name} does not declare`)
      }
    }
  }
  return [...new Set(problems)]
}

async function entryPointProblems(pkg, dual) {
  const subpaths = Object.keys(pkg.exports).filter((key) => key !== './package.json')
  const toSpecifier = (subpath) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`)
  // JSON exports (the OpenAPI documents) are data, not modules: they must load as JSON, with the import
  // attribute ESM requires and through require.
  const jsonSpecifiers = subpaths.filter((subpath) => subpath.endsWith('.json')).map(toSpecifier)
  const specifiers = subpaths.filter((subpath) => !subpath.endsWith('.json')).map(toSpecifier)
  const problems = []
  for (const specifier of jsonSpecifiers) {
    try {
      const { default: document } = await import(specifier, { with: { type: 'json' } })
      if (typeof document?.openapi !== 'string') problems.push(`import('${specifier}') is not an OpenAPI document`)
      if (require(specifier) === undefined) problems.push(`require('${specifier}') gave nothing`)
    } catch (error) {
      problems.push(`'${specifier}' does not load as JSON: ${error.message}`)
    }
  }
  const formats = [['import', (s) => import(s)]]
  if (dual) formats.push(['require', (s) => require(s)])
  for (const [format, load] of formats) {
    const seen = new Map() // export name -> { value, from }
    for (const specifier of specifiers) {
      // The mock's `/vitest` and `/vitest-4` register its matchers in vitest's `expect`, and vitest cannot be
      // required: those entries are loaded by import only (their CommonJS builds fail with vitest's own message).
      if (format === 'require' && VITEST_ENTRIES.includes(specifier)) continue
      let module
      try {
        module = await load(specifier)
      } catch (error) {
        problems.push(`${format}('${specifier}') failed: ${error.message}`)
        continue
      }
      const copies = new Map() // other entry point -> names exported by both as different objects
      for (const [name, value] of Object.entries(module)) {
        if (name === 'default' || name === 'module.exports') continue
        const earlier = seen.get(name)
        if (earlier === undefined) seen.set(name, { value, from: specifier })
        else if (earlier.value !== value) copies.set(earlier.from, [...(copies.get(earlier.from) ?? []), name])
      }
      for (const [other, names] of copies) {
        problems.push(
          `${format}: ${names.length} export(s) of '${specifier}' are other ` +
            `objects than the same names of '${other}' ` +
            `(${names.slice(0, 4).join(', ')}${names.length > 4 ? ', ...' : ''}): ` +
            `two copies, so instanceof and module state differ between entry points`,
        )
      }
    }
  }
  if (pkg.name === '@merchant-gateway/contract') {
    for (const [format, load] of formats) {
      const { hmac } = await load('@merchant-gateway/contract/crypto')
      if (hmac?.name !== 'node')
        problems.push(
          `${format}('@merchant-gateway/contract/crypto') on Node gave hmac ` +
            `"${hmac?.name}", expected "node" (node:crypto)`,
        )
    }
  }
  return problems
}

/** The `node:*` (or bare builtin) imports reached from `entry` through relative static imports. */
function nodeImportsReachedFrom(entry) {
  const problems = []
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, false).importedFiles) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier))
      else if (specifier.startsWith('node:') || builtinModules.includes(specifier))
        problems.push(`${relative(root, file)} imports "${specifier}"`)
    }
  }
  visit(entry)
  return problems
}

/** The msw modules the built CLI resolves, each a problem (it answers through its own dispatcher). */
async function cliMswProblems() {
  try {
    const { help, serve } = await mswResolvedByCli(join(root, 'packages/mock/dist/cli.js'))
    return [...help.map((line) => `--help resolves ${line}`), ...serve.map((line) => `serve resolves ${line}`)]
  } catch (error) {
    return [`the bin did not run: ${error.message}`]
  }
}

// In CI, check:release ran first on the fresh checkout: its `release:pack` built each package (their `prepack`)
// and packed them, and it shared those tarballs (scripts/lib/packed.mjs); that build is the one checked here.
const built = sharedPacks()
if (built) console.log(`\n--- build: the one release:pack made in this CI run (${Object.values(built).join(', ')})`)
else
  run('build', 'npm', [
    'run',
    'build',
    '-w',
    '@merchant-gateway/contract',
    '-w',
    '@merchant-gateway/mock',
    '-w',
    '@merchant-gateway/sdk',
  ])

// The tarballs attw reads, packed once right after the build (in CI into the folder its later steps share).
const packs = mkdtempSync(join(tmpdir(), 'merchant-gateway-packages-'))
const tarballs = await packPackages(packs, (title, command, args, options) => {
  const result = spawnSync(command, args, { env, encoding: 'utf8', ...options })
  if (result.status !== 0) failures.push(`${title} (exit ${result.status ?? result.signal}): ${result.stderr}`)
  return result
})

for (const { dir, profile, dual } of PACKAGES) {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'))
  console.log(`\n=== ${pkg.name} (${dual ? 'dual ESM + CJS' : 'ESM only'})`)
  run(`publint ${pkg.name}`, 'publint', [dir, '--strict'])
  run(`attw ${pkg.name} (profile ${profile})`, 'attw', [
    tarballs[basename(dir)],
    '--profile',
    profile,
    '--format',
    'table-flipped',
    ...color,
  ])
  check(`imports of ${pkg.name}'s dist are declared dependencies`, undeclaredImports(dir, pkg))
  check(`entry points of ${pkg.name} load from dist and share their exports`, await entryPointProblems(pkg, dual))
}

console.log('\n=== @merchant-gateway/mock: browser-safe main entry, and the bin')
check('the mock main entry imports no node:* module', nodeImportsReachedFrom(join(root, 'packages/mock/dist/index.js')))
run('merchant-gateway-mock --version', process.execPath, ['packages/mock/dist/cli.js', '--version'])
check('the bin loads no msw module (--help, and serve until its banner and a first answer)', await cliMswProblems())

console.log('\n=== @merchant-gateway/sdk: what its browser bundles must not contain')
run('sdk bundle contents', process.execPath, ['packages/sdk/scripts/bundle-contents.mjs'])

console.log('\n=== @merchant-gateway/sdk: size budgets (size-limit, min+gzip)')
run('sdk size budgets', 'size-limit', [], { cwd: join(root, 'packages', 'sdk') })

rmSync(packs, { recursive: true, force: true })
console.log('')
if (failures.length > 0) {
  console.log(`check:packages FAILED: ${failures.join('; ')}`)
  process.exit(1)
}
console.log('check:packages: all packaging checks passed')
