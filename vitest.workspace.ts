/**
 * The list of test projects. Vitest 5 no longer reads this file by itself:
 * `vitest.config.ts` imports it into `test.projects`. `.ci/run` checks that each
 * project name below shows up in the JSON report of a run.
 */
import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { msw } from 'msw/vite'
import { defineProject } from 'vitest/config'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@merchant-gateway/chromium'

const conditions = ['@merchant-gateway/source']

/** The contract's `./crypto` entry for runtimes other than Node (Web Crypto), as source. */
const webCryptoEntry = fileURLToPath(new URL('./packages/contract/src/crypto/index.ts', import.meta.url))

/**
 * A browser-mode project: the tests run in a page of headless Debian Chromium (never a downloaded
 * browser: Debian's package is the one this project supports), where they start the mock in MSW's service worker.
 *
 * - `msw({ mode: 'worker-only' })` makes the project's Vite server answer `/mockServiceWorker.js`
 *   (Vitest 5 no longer does); `worker-only` serves the script and nothing else, since the tests call
 *   `setupWorker(...mock.handlers)` themselves instead of using the plugin's `virtual:msw` module.
 * - Conditions: `@merchant-gateway/source` resolves the packages to their `src/` TypeScript, and
 *   without `node` the contract's `./crypto` export takes its default branch, the Web Crypto entry, as a
 *   browser bundle would. A browser project is resolved by Vite's client environment, which does not
 *   add `node` the way Vitest does for node-environment projects (see `sdk-web` below), so no alias is
 *   needed; test/browser/gateway.browser.test.ts checks the entry that was loaded. Setting
 *   `resolve.conditions` replaces Vite's client defaults, so those (`module`, `browser`,
 *   `development|production`) are listed again.
 * - `screenshotFailures: false`: a failing test writes no `__screenshots__` folder into the tree, and
 *   `cacheDir` keeps Vite's pre-bundled dependencies under the root `node_modules/.vite` instead of a
 *   `node_modules/` folder created inside the project's root (`test/browser/`, `examples/...`).
 */
function browserProject(test: { name: string; root: string; include: string[] }) {
  return defineProject({
    cacheDir: fileURLToPath(new URL(`./node_modules/.vite/${test.name}`, import.meta.url)),
    plugins: [msw({ mode: 'worker-only' })],
    resolve: { conditions: [...conditions, 'browser', 'module', 'development|production'] },
    test: {
      ...test,
      browser: {
        enabled: true,
        provider: playwright({
          launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
        }),
        headless: true,
        screenshotFailures: false,
        // Named as the project itself (default: "<name> (chromium)"), so the run reports `browser`, as
        // listed here, and .ci/run finds each project's name in the log with or without colours.
        instances: [{ browser: 'chromium', name: test.name }],
      },
    },
  })
}

/**
 * A Node project: packages resolve to their source (`@merchant-gateway/source`) under Node's conditions,
 * in both Vite environments.
 */
function nodeProject(test: { name: string; root: string; include: string[]; testTimeout?: number }) {
  return defineProject({
    resolve: { conditions: [...conditions, 'node'] },
    ssr: { resolve: { conditions: [...conditions, 'node'] } },
    test: { ...test, environment: 'node' },
  })
}

const UNIT_AND_SUITES = ['src/**/*.test.ts', 'test/**/*.test.ts']

export const projects = [
  /** One Node project per package: the unit tests beside its code and its `test/` suites. */
  nodeProject({ name: 'contract', root: './packages/contract', include: UNIT_AND_SUITES }),
  nodeProject({ name: 'mock', root: './packages/mock', include: UNIT_AND_SUITES }),
  nodeProject({ name: 'sdk', root: './packages/sdk', include: UNIT_AND_SUITES }),
  /**
   * The SDK as a runtime without Node's extras sees it: `globalThis.Buffer` gone (see test-web/setup.ts)
   * and `@merchant-gateway/contract/crypto` on its Web Crypto entry. That entry is chosen by an alias,
   * not by conditions: Vitest 5 merges its default server conditions (`node`, `development|production`)
   * into `resolve.conditions` and `ssr.resolve.conditions` of every node-environment project, so a list
   * without `node` still resolves the `node` branch (node:crypto). The alias applies in both environments
   * and to every importer (the SDK, the mock, the test). Conditions stay as in the `sdk` project: adding
   * `browser` would also reach Node's own resolution of msw & co., which Vitest starts with `--conditions`.
   */
  defineProject({
    resolve: {
      conditions: [...conditions, 'node'],
      alias: [{ find: /^@merchant-gateway\/contract\/crypto$/, replacement: webCryptoEntry }],
    },
    ssr: { resolve: { conditions: [...conditions, 'node'] } },
    test: {
      name: 'sdk-web',
      root: './packages/sdk',
      include: ['test-web/**/*.test.ts'],
      setupFiles: ['./test-web/setup.ts'],
      environment: 'node',
    },
  }),
  /** The quickstart example: a merchant backend's day with the SDK against the in-process mock. */
  nodeProject({ name: 'example-quickstart', root: './examples/quickstart', include: ['src/**/*.test.ts'] }),
  /** The webhook receiver example: a node:http receiver getting real loopback deliveries from the mock. */
  nodeProject({ name: 'example-webhook-receiver', root: './examples/webhook-receiver', include: ['src/**/*.test.ts'] }),
  /**
   * End to end across processes: the CLI server as a child process, plain HTTP, the SDK, and the example
   * receiver over loopback. Its own project so that its child processes and ports stay out of the others.
   */
  nodeProject({ name: 'e2e', root: './test/e2e', include: ['**/*.e2e.test.ts'], testTimeout: 30_000 }),
  /** The OpenAPI generator (tools/openapi, a private workspace): what it documents and what it refuses. */
  nodeProject({ name: 'openapi-tools', root: './tools/openapi', include: ['test/**/*.test.ts'] }),
  /** The contract's operation table against the mock, the SDK and the OpenAPI document: nothing half-added. */
  nodeProject({ name: 'operations', root: './test/operations', include: ['**/*.test.ts'] }),
  /** The repository's own promises: docs checked against the code, the toolchain's Node preflight. */
  nodeProject({ name: 'repository', root: './test/repository', include: ['**/*.test.ts'] }),
  /** Every TypeScript example of the guides, type-checked and run against the mock. */
  nodeProject({ name: 'guides', root: './test/guides', include: ['**/*.test.ts'], testTimeout: 60_000 }),
  /** The mock in MSW's service worker, the SDK driven from the page (cross-package, so under the root `test/`). */
  browserProject({ name: 'browser', root: './test/browser', include: ['**/*.browser.test.ts'] }),
  /** The documented example of how a frontend team tests against the mock in browser mode: its own config. */
  './examples/browser-tests/vitest.config.ts',
  /** Test files in parallel against one mock server from `globalSetup`, a session of it per file: its own config. */
  './examples/sessions-vitest/vitest.config.ts',
]
