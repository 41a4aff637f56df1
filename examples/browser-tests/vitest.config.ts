/**
 * The example's own test set-up: Vitest's browser mode in an installed Chromium, MSW's service worker
 * served by msw's Vite plugin. Copy this file and `src/checkout.test.ts` into a frontend project: the only
 * line that belongs to this repository is marked below.
 */
import { playwright } from '@vitest/browser-playwright'
import { msw } from 'msw/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Serves /mockServiceWorker.js from the test server (Vitest 5 no longer does by itself).
  // 'worker-only': the tests start the worker themselves (src/checkout.test.ts).
  plugins: [msw({ mode: 'worker-only' })],
  // This repository only: its packages resolve to their TypeScript source. Delete in your project.
  resolve: { conditions: ['@merchant-gateway/source', 'browser', 'module', 'development|production'] },
  test: {
    name: 'example-browser-tests',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    browser: {
      enabled: true,
      provider: playwright({
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
          ],
        },
      }),
      headless: true,
      screenshotFailures: false,
      instances: [{ browser: 'chromium', name: 'example-browser-tests' }],
    },
  },
})
