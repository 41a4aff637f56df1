// What `npm run release:pack` made, installed as a user installs it (`npm run check:release`, which packs first;
// CI runs it on its fresh checkout, before anything else builds):
//
// 1. release/ holds one tarball per published package, at the version of its package.json;
// 2. every file a tarball's package.json points at (each `exports` target, `bin`) is in that tarball: a
//    package packed before its build has none of its dist/;
// 3. the three tarballs and msw (the mock's peer, the app's own copy) are installed with npm into a fresh
//    project outside the repository; there every entry point is imported and, for the dual packages,
//    required, and the mock's bin answers `npx merchant-gateway-mock --version` with the packed version.
//
// Exits 1 when anything failed; the project is removed at the end. In CI, the tarballs that passed are shared
// with the later steps (scripts/lib/packed.mjs): check:packages checks that build rather than building again; and
// the project, when everything passed, is kept for check:tarballs, whose newest-msw project is the same install (the
// same tarballs and msw into a fresh ESM project): it takes this one instead of installing it again.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PACKAGES, root, shareInstalledProject, sharePacks } from './lib/packed.mjs'

const RELEASE = join(root, 'release')
const failures = []

/** Runs a step; prints its output and records it as failed when it exits other than 0. */
function run(title, command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000, ...options })
  if (result.status !== 0) {
    failures.push(title)
    console.log(`FAIL  ${title} (exit ${result.status ?? result.signal})\n${result.stdout ?? ''}${result.stderr ?? ''}`)
  }
  return result
}

/** The files an `exports` map and a `bin` name, as paths inside the package (`dist/index.js`). */
function pointedAt(manifest) {
  const files = new Set()
  const walk = (value) => {
    if (typeof value === 'string') files.add(value.replace(/^\.\//, ''))
    else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v)
  }
  // The source condition names src/, which the tarballs ship too; what matters is every published target.
  walk(manifest.exports)
  walk(manifest.bin)
  return [...files]
}

const manifests = Object.fromEntries(
  PACKAGES.map((name) => [name, JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))]),
)
const tarballs = {}
for (const name of PACKAGES) {
  const { version } = manifests[name]
  const file = join(RELEASE, `merchant-gateway-${name}-${version}.tgz`)
  if (!existsSync(file)) {
    failures.push(`no ${file}`)
    console.log(`FAIL  release/ has no merchant-gateway-${name}-${version}.tgz: run npm run release:pack`)
    continue
  }
  tarballs[name] = file
  const listed = run(`list ${file}`, 'tar', ['tzf', file]).stdout?.split('\n') ?? []
  const inside = new Set(listed.map((path) => path.replace(/^package\//, '')))
  const missing = pointedAt(manifests[name]).filter((path) => !inside.has(path))
  const dist = listed.filter((path) => path.startsWith('package/dist/')).length
  if (missing.length > 0) {
    failures.push(`${name}: ${missing.length} files missing`)
    console.log(`FAIL  ${file}: ${dist} files under dist/; missing what package.json points at: ${missing.join(', ')}`)
  } else console.log(`ok    ${file}: ${listed.length - 1} files, ${dist} under dist/, every export and bin there`)
}

const work = mkdtempSync(join(tmpdir(), 'merchant-gateway-release-'))
try {
  if (Object.keys(tarballs).length === PACKAGES.length) {
    const at = {
      cwd: work,
      env: {
        ...process.env,
        npm_config_prefer_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      },
    }
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'release-check', private: true, type: 'module' }))
    const msw = manifests.mock.devDependencies.msw
    const installed = run(
      'npm install of the packed tarballs',
      'npm',
      ['install', ...PACKAGES.map((name) => tarballs[name]), `msw@${msw}`],
      at,
    )
    if (installed.status === 0) {
      // The mock's `/vitest` and `/vitest-4` import vitest, an optional peer not installed here: check:packages
      // loads them.
      const entries = PACKAGES.flatMap((name) =>
        Object.keys(manifests[name].exports)
          .filter((key) => !key.endsWith('.json') && !(name === 'mock' && key.startsWith('./vitest')))
          .map((key) => `@merchant-gateway/${name}${key.slice(1)}`),
      )
      writeFileSync(
        join(work, 'load.mjs'),
        [
          "import { createRequire } from 'node:module'",
          'const require = createRequire(import.meta.url)',
          `for (const entry of ${JSON.stringify(entries)}) {`,
          '  const imported = Object.keys(await import(entry)).length',
          '  const required = Object.keys(require(entry)).length',
          "  if (imported === 0 || required === 0) throw new Error(entry + ' exports nothing')",
          "  console.log('ok    ' + entry + ': import ' + imported + ' exports, require ' + required)",
          '}',
        ].join('\n'),
      )
      const loaded = run('every entry point imported and required', process.execPath, ['load.mjs'], at)
      process.stdout.write(loaded.stdout ?? '')
      const npx = ['--no', '--', 'merchant-gateway-mock', '--version']
      const bin = run('npx merchant-gateway-mock --version', 'npx', npx, at)
      const printed = bin.stdout?.trim()
      if (bin.status === 0 && printed !== manifests.mock.version) {
        failures.push('the bin version')
        console.log(`FAIL  npx merchant-gateway-mock --version printed ${printed}, not ${manifests.mock.version}`)
      } else if (bin.status === 0) console.log(`ok    npx merchant-gateway-mock --version: ${printed}`)
    }
  }
} finally {
  // In CI, a project that passed everything goes to check:tarballs (moved, not copied); otherwise it is removed.
  const kept = failures.length === 0 && shareInstalledProject(work, tarballs)
  if (!kept) rmSync(work, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.log(`\ncheck:release FAILED: ${failures.join('; ')}`)
  process.exit(1)
}
// In CI, these tarballs and the build they hold are the ones the later checks use: nothing is built twice.
sharePacks(tarballs)
console.log('\ncheck:release: the packed tarballs hold their builds and install and load in a fresh project')
