/**
 * The docs site's Chromium tests (`npm run test:site`), apart from `npm test` because they read a built
 * site: test/site/docs-site.site.test.ts reads docs/.vitepress/dist (`npm run docs` first), and
 * test/site/runner-fixture.site.test.ts builds the runner's fixture site (the SDK's README as a page) itself.
 * In CI a JSON report is written beside the usual output: .ci/run adds its counts to `npm test`'s.
 */
import { defineConfig } from 'vitest/config'

const reporters = process.env.CI
  ? ['default', ['json', { outputFile: '.vitest-site-report.json' }] as const]
  : ['default']

export default defineConfig({
  test: {
    name: 'docs-site',
    root: './test/site',
    include: ['**/*.site.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    reporters: reporters as never,
  },
})
