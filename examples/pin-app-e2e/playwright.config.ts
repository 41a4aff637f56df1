/**
 * End-to-end tests of the pin-app example's page in Debian's Chromium, against the app's dev server
 * (`npm run dev` in ../pin-app, which runs `vite`), which Playwright starts on 127.0.0.1 before the tests and
 * stops after them. The mock runs in each test's page, in MSW's service worker (the app's
 * src/mocks/browser.ts): a test's browser context is its own, so is its mock.
 *
 * The settings this repository's example projects share (Debian's Chromium and its flags, no host but
 * 127.0.0.1, the UTC time zone, no retries, a server each run starts and stops) are written once, in
 * tools/chromium (`exampleConfig`). In your project, write them out: tools/chromium/src/index.ts has
 * each with its reason.
 */
import { fileURLToPath } from 'node:url'
import { exampleConfig } from '@merchant-gateway/chromium'
import { defineConfig } from '@playwright/test'
import { DEV_PORT } from '../pin-app/vite.config.js'

export default defineConfig(
  exampleConfig({
    name: 'example-pin-app-e2e',
    origin: `http://127.0.0.1:${DEV_PORT}`,
    // The app's dev server, started in the app's folder (its vite.config.ts: 127.0.0.1, DEV_PORT, strictPort).
    webServer: { command: 'npm run dev', cwd: fileURLToPath(new URL('../pin-app/', import.meta.url)), url: '/' },
  }),
)
