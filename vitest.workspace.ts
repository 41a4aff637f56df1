/**
 * The list of test projects. Vitest 5 no longer reads this file by itself:
 * `vitest.config.ts` imports it into `test.projects`. `.ci/run` checks that each
 * project name below shows up in the JSON report of a run.
 */
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

const conditions = ['@merchant-gateway/source']

/** The contract's `./crypto` entry for runtimes other than Node (Web Crypto), as source. */
const webCryptoEntry = fileURLToPath(new URL('./packages/contract/src/crypto/index.ts', import.meta.url))

/** Node projects, one per package; each runs the unit tests beside its code and its `test/` suites. */
export const projects = [
  defineProject({
    resolve: { conditions: [...conditions, 'node'] },
    ssr: { resolve: { conditions: [...conditions, 'node'] } },
    test: {
      name: 'contract',
      root: './packages/contract',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
    },
  }),
  defineProject({
    resolve: { conditions: [...conditions, 'node'] },
    ssr: { resolve: { conditions: [...conditions, 'node'] } },
    test: {
      name: 'mock',
      root: './packages/mock',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
    },
  }),
  defineProject({
    resolve: { conditions: [...conditions, 'node'] },
    ssr: { resolve: { conditions: [...conditions, 'node'] } },
    test: {
      name: 'sdk',
      root: './packages/sdk',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
    },
  }),
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
]

export default projects
