/**
 * The smoke test of the built Storybook (`npm test`, after `npm run build-storybook`): `storybook-static/`,
 * served by `vite preview` on 127.0.0.1, and every story opened in Debian's Chromium (e2e/stories.spec.ts).
 * Build first; the test does not build.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

/** The port the built Storybook is served on for the test. */
const PORT = Number(process.env.STORYBOOK_TEST_PORT ?? 6107)
const origin = `http://127.0.0.1:${PORT}`

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Playwright's defaults (30 s a test, 5 s an expect) suit an idle machine; on a busy one (CI beside other jobs)
  // the page can still be loading its mock after 5 s. Generous rather than retried: a failure is a real one.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  // Traces and failure artefacts under the repository's node_modules, not in this folder.
  outputDir: fileURLToPath(new URL('../../node_modules/.playwright/example-pin-app-storybook', import.meta.url)),
  use: {
    baseURL: origin,
    browserName: 'chromium',
    headless: true,
    serviceWorkers: 'allow',
    // Times in the stories (a PIN blocked until 09:01:50) read the same on every machine.
    timezoneId: 'UTC',
    launchOptions: {
      // An installed Chromium (Debian: apt-get install chromium); nothing is downloaded.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Any host but the loopback address resolves to nothing: a request that escaped the service
        // worker would fail rather than reach the internet.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  webServer: {
    command: `vite preview --outDir storybook-static --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `${origin}/index.json`,
    // Never someone else's server on the port: a test run starts and stops its own.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
