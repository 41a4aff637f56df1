/**
 * The smoke test of the built Storybook (`npm run test:storybook`): `storybook-static/`, as
 * `npm run build-storybook` wrote it, served by `vite preview` on 127.0.0.1, and every story opened in
 * Debian's Chromium (e2e-storybook/stories.spec.ts). Build first; the test does not build.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

/** The port the built Storybook is served on for the test. */
const PORT = Number(process.env.STORYBOOK_TEST_PORT ?? 6107)

export default defineConfig({
  ...base,
  testDir: 'e2e-storybook',
  outputDir: fileURLToPath(new URL('../../node_modules/.playwright/example-pin-app-storybook', import.meta.url)),
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}`, timezoneId: 'UTC' },
  webServer: {
    command: `vite preview --outDir storybook-static --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
