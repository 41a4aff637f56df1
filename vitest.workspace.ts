/**
 * The list of test projects. Vitest 5 no longer reads this file by itself:
 * `vitest.config.ts` imports it into `test.projects`. `.ci/run` checks that each
 * project name below shows up in the JSON report of a run.
 */
import { defineProject } from 'vitest/config'

const conditions = ['@merchant-gateway/source']

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
]

export default projects
