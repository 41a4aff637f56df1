import { defineConfig } from 'vitest/config'
import { projects } from './vitest.workspace.js'

// In CI a JSON report is written beside the usual output: .ci/run reads its counts.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }] as const] : ['default']

export default defineConfig({
  test: {
    projects,
    reporters: reporters as never,
  },
})
