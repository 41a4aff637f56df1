/**
 * End-to-end tests of the page in Debian's Chromium, against the dev server (`vite`), which Playwright
 * starts on 127.0.0.1 before the tests and stops after them. The mock runs in each test's page, in MSW's
 * service worker (src/mocks/browser.ts): a test's browser context is its own, so is its mock.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { DEV_PORT } from './vite.config.js'

const origin = `http://127.0.0.1:${DEV_PORT}`

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 20_000,
  reporter: 'list',
  // Traces and failure artefacts under the repository's node_modules, not in this folder.
  outputDir: fileURLToPath(new URL('../../node_modules/.playwright/example-pin-app', import.meta.url)),
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
    command: 'vite',
    url: `${origin}/`,
    // Never someone else's server on the port: a test run starts and stops its own.
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
