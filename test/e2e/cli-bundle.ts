/**
 * @module test/e2e/cli-bundle
 * The CLI the end-to-end suites start: `packages/mock/src/cli/main.ts` bundled with esbuild once per run
 * (global-setup.ts), the mock's and the contract's sources inside, and zod's modules, as the published build has
 * them (tsup's `noExternal`); every other package (uqr; the CLI loads no msw) imported from node_modules as the
 * published build imports it. With zod imported, each start read its 90-odd modules: 0.33 s of CPU for `--help`
 * against 0.25 (the published `dist/cli.js` too), some fifty starts a run.
 *
 * Why not the source through tsx, as `npm start` runs it: the suites start the CLI some fifty times a run, and
 * tsx compiles the CLI's 131 source files in each process. Measured on the two-core machine (`serve` until its
 * banner): 1.9-2.2 s of CPU a start with tsx, 0.8 s with this bundle or the built `dist/cli.js`. Why not `dist/`
 * itself: a fresh clone has none, and building it (tsup, type declarations included) took 43 s of CPU against
 * esbuild's one second. `npm start` (tsx) keeps its own tests (cli-server and openapi), and cli-npx runs the
 * packed package.
 *
 * The file sits directly in `packages/mock/node_modules/` (ignored by git and every linter), one level below the
 * package's folder as `dist/cli.js` is, so what the CLI finds from its own URL (its package.json, the inspector
 * page, the OpenAPI documents) is found as in the published build.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The CLI's source entry. */
export const CLI_SOURCE = join(ROOT, 'packages/mock/src/cli/main.ts')

/** The bundled CLI: `node CLI_BUNDLE serve ...` is `merchant-gateway-mock serve ...`. */
export const CLI_BUNDLE = join(ROOT, 'packages/mock/node_modules/.e2e-cli.mjs')

/** Bundled as the published build bundles them: this repository's packages and zod. */
const BUNDLED = /^(@merchant-gateway\/|zod(\/|$))/

/** Other packages stay imports, resolved at run time as the published build resolves them. */
const dependenciesStayImports: Plugin = {
  name: 'dependencies-stay-imports',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, ({ path }) => (BUNDLED.test(path) ? undefined : { path, external: true }))
  },
}

/**
 * Bundles the CLI from its sources into {@link CLI_BUNDLE}. Written under a name of its own and renamed into
 * place, so that a run going on beside this one (the Prism check's run of the same suites) never starts a
 * half-written file.
 */
export async function bundleCli(): Promise<void> {
  mkdirSync(dirname(CLI_BUNDLE), { recursive: true })
  const partial = `${CLI_BUNDLE}.${process.pid}.tmp`
  try {
    await build({
      entryPoints: [CLI_SOURCE],
      outfile: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      // The workspace packages resolve to their TypeScript sources, as under tsx.
      conditions: ['@merchant-gateway/source'],
      // Names of classes and functions stay as written (an error's class name is part of what the CLI prints).
      keepNames: true,
      plugins: [dependenciesStayImports],
      logLevel: 'warning',
    })
    renameSync(partial, CLI_BUNDLE)
  } finally {
    rmSync(partial, { force: true })
  }
}
