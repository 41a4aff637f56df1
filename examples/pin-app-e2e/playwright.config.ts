/**
 * End-to-end tests of the pin-app example's page in Debian's Chromium, against the app's dev server
 * (`npm run dev` in ../pin-app, which runs `vite`), which Playwright starts on 127.0.0.1 before the tests and
 * stops after them. The mock runs in each test's page, in MSW's service worker (the app's
 * src/mocks/browser.ts): a test's browser context is its own, so is its mock.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { DEV_PORT } from '../pin-app/vite.config.js'

const origin = `http://127.0.0.1:${DEV_PORT}`

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
  outputDir: fileURLToPath(new URL('../../node_modules/.playwright/example-pin-app-e2e', import.meta.url)),
  use: {
    baseURL: origin,
    browserName: 'chromium',
    headless: true,
    serviceWorkers: 'allow',
    // Times on the page (a PIN blocked until 09:01:50) read the same on every machine.
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
    // The app's dev server, started in the app's folder (its vite.config.ts: 127.0.0.1, DEV_PORT, strictPort).
    command: 'npm run dev',
    cwd: fileURLToPath(new URL('../pin-app/', import.meta.url)),
    url: `${origin}/`,
    // Never someone else's server on the port: a test run starts and stops its own.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
