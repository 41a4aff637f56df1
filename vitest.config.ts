import { defineConfig } from 'vitest/config'
import { projects } from './vitest.workspace.js'

// In CI a JSON report is written beside the usual output: .ci/run reads its counts.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }] as const] : ['default']

export default defineConfig({
  test: {
    projects,
    // One test file per core (Vitest's default leaves one core free: a single worker on these two-core machines).
    // Most of the suite waits on processes, servers and Chromium rather than computing: measured on two cores,
    // the whole run took 126 s with one worker and 72 s with two.
    maxWorkers: '100%',
    reporters: reporters as never,
  },
})
