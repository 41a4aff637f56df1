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

/**
 * How long a test and a hook may take. Vitest's defaults (5 s and 10 s) suit an idle machine; this suite also runs
 * on a busy one (CI beside other jobs, `npm run test:under-load` with two busy loops per core), where a test that
 * waits on a child process, a server or Chromium takes many times as long. A test that hangs still fails, after a
 * minute. No test may time its subject: speed is measured by the bench scripts.
 */
const TEST_TIMEOUT = 60_000
const HOOK_TIMEOUT = 120_000
/**
 * How long `expect.poll` waits for what it polls (a page's text, a server's state): Vitest's default, 1 s, is an
 * idle machine's; a page that renders after a poll of the server takes longer on a busy one. A wrong value still
 * fails, after this long.
 */
const POLL_TIMEOUT = 30_000

/**
 * The packages' entries the browser projects' tests import. Workspace links, which Vite serves file by file from
 * their sources; listed in `optimizeDeps.include`, each is bundled once (from its sources still: the conditions
 * below), as an installed package is. The `browser` project took 25.3-25.7 s of CPU, Chromium's included, and
 * 22.1 so (a fresh cache each, as in CI).
 */
const WORKSPACE_ENTRIES = [
  '@merchant-gateway/mock',
  '@merchant-gateway/sdk',
  '@merchant-gateway/sdk/pin',
  '@merchant-gateway/contract',
  '@merchant-gateway/contract/crypto',
] as const

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
    optimizeDeps: { include: [...WORKSPACE_ENTRIES] },
    test: {
      testTimeout: TEST_TIMEOUT,
      hookTimeout: HOOK_TIMEOUT,
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
 *
 * `isolate: false` (unless a project asks for isolation): a worker runs file after file and imports the packages
 * once, instead of a new process importing them again for each file. The mock's tests took 34 s of CPU this way
 * against 86 s isolated, the SDK's 10 s against 28, the contract's 4.5 against 14 (`/usr/bin/time`, each alone, on
 * the two-core machine). The price is the rule it sets: a test file leaves no global behind (a deleted `Buffer` is
 * put back in a `finally`, fake timers and spies are restored in `afterEach`), and no test counts on a module's
 * state being new.
 */
function nodeProject(test: {
  name: string
  root: string
  include: string[]
  testTimeout?: number
  hookTimeout?: number
  globalSetup?: string[]
  isolate?: boolean
}) {
  return defineProject({
    resolve: { conditions: [...conditions, 'node'] },
    ssr: { resolve: { conditions: [...conditions, 'node'] } },
    test: {
      testTimeout: TEST_TIMEOUT,
      hookTimeout: HOOK_TIMEOUT,
      expect: { poll: { timeout: POLL_TIMEOUT } },
      isolate: false,
      ...test,
      environment: 'node',
    },
  })
}

export const projects = [
  /**
   * The Node suites that start no program of their own, in one project: each package's unit tests beside its code
   * and its `test/` suites (contract, mock, sdk), the operation table checked across the packages
   * (`test/operations`), the OpenAPI generator's (`tools/openapi`) and the repository's own promises, docs against
   * the code (`test/repository`). One project, because Vitest gives each project workers of its own: as six
   * projects, twelve workers each imported the packages again (62-65 s of CPU for these files, against 50-57 as
   * one, measured back to back). Run a part by its path: `npx vitest run --project node packages/mock/`.
   */
  nodeProject({
    name: 'node',
    root: '.',
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'test/operations/**/*.test.ts',
      'test/repository/**/*.test.ts',
      'tools/openapi/test/**/*.test.ts',
      'tools/chromium/src/**/*.test.ts',
    ],
  }),
  /**
   * The SDK as a runtime without Node's extras sees it: `globalThis.Buffer` gone (see test-web/setup.ts)
   * and `@merchant-gateway/contract/crypto` on its Web Crypto entry. That entry is chosen by an alias,
   * not by conditions: Vitest 5 merges its default server conditions (`node`, `development|production`)
   * into `resolve.conditions` and `ssr.resolve.conditions` of every node-environment project, so a list
   * without `node` still resolves the `node` branch (node:crypto). The alias applies in both environments
   * and to every importer (the SDK, the mock, the test). Conditions stay as in the `node` project: adding
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
      testTimeout: TEST_TIMEOUT,
      hookTimeout: HOOK_TIMEOUT,
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
  nodeProject({
    name: 'e2e',
    root: './test/e2e',
    include: ['**/*.e2e.test.ts'],
    // Each test starts servers, Prism proxies or Chromium, whose start on a busy machine takes many times an idle
    // one's (a test that hangs still fails, after these).
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // The CLI the suites start, bundled from its sources once per run (test/e2e/cli-bundle.ts).
    globalSetup: [fileURLToPath(new URL('./test/e2e/global-setup.ts', import.meta.url))],
    // Not isolated, as the other Node projects: a worker runs file after file, so the helpers' process groups, exit
    // handlers and Prism proxy (one per worker, test/e2e/openapi-proxy.ts) serve every file it runs. Each file
    // stops what it started in its own hooks; whatever is left when the worker exits is killed then. A fresh
    // worker per file cost half a second of CPU each (17 files).
  }),
  /** Every TypeScript example of the guides, type-checked and run against the mock. */
  nodeProject({
    name: 'guides',
    root: './test/guides',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    // The guides' examples also run against `serve`, the CLI the e2e suites start: bundled here too, so that
    // this project runs on its own (`--project guides`) and not only beside the e2e project.
    globalSetup: [fileURLToPath(new URL('./test/e2e/global-setup.ts', import.meta.url))],
  }),
  /** The mock in MSW's service worker, the SDK driven from the page (cross-package, so under the root `test/`). */
  browserProject({ name: 'browser', root: './test/browser', include: ['**/*.browser.test.ts'] }),
  /** The documented example of how a frontend team tests against the mock in browser mode: its own config. */
  './examples/browser-tests/vitest.config.ts',
  /** Test files in parallel against one mock server from `globalSetup`, a session of it per file: its own config. */
  './examples/sessions-vitest/vitest.config.ts',
]
