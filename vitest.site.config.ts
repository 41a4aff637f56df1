/**
 * The docs site's Chromium tests (`npm run test:site`), apart from `npm test` because they read a built
 * site (docs/.vitepress/dist, `npm run docs` first): test/site/docs-site.site.test.ts the guides and their
 * examples, and test/site/runner.site.test.ts the runner on the SDK's README and guide, pages of that site.
 * In CI a JSON report is written beside the usual output: .ci/run adds its counts to `npm test`'s.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const reporters = process.env.CI
  ? // At the repository's root (the project's root is test/site, where a relative path would put it).
    ['default', ['json', { outputFile: fileURLToPath(new URL('.vitest-site-report.json', import.meta.url)) }] as const]
  : ['default']

export default defineConfig({
  // Vite's cache under the root's node_modules, not a node_modules/ folder made inside test/site.
  cacheDir: fileURLToPath(new URL('./node_modules/.vite/docs-site', import.meta.url)),
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
