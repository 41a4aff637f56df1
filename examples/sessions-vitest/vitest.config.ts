/**
 * One mock server for the whole run, started by `globalSetup` (src/global-setup.ts); each test file makes a
 * session of it (src/session.ts) and runs in parallel with the others. Copy this file and `src/` into a backend
 * project: the line that belongs to this repository is marked below.
 */
import { defineConfig } from 'vitest/config'

const SOURCE = ['@merchant-gateway/source', 'node']

export default defineConfig({
  // This repository only: its packages resolve to their TypeScript source, in the test files and in
  // `globalSetup`, which Vitest runs in its own process through its `__vitest__` environment. Delete in your
  // project.
  resolve: { conditions: SOURCE },
  ssr: { resolve: { conditions: SOURCE } },
  environments: { __vitest__: { resolve: { conditions: SOURCE, noExternal: [/^@merchant-gateway\//] } } },
  test: {
    name: 'example-sessions-vitest',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/global-setup.ts'],
    // Files run in parallel (Vitest's default, written out): sessions keep their mocks apart.
    fileParallelism: true,
  },
})
