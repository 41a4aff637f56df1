/**
 * The example's own test set-up: Vitest's browser mode in an installed Chromium, MSW's service worker
 * served by msw's Vite plugin. Copy this file and `src/checkout.test.ts` into a frontend project: the lines
 * that belong to this repository are marked below.
 */
import { chromiumLaunchOptions } from '@merchant-gateway/chromium'
import { playwright } from '@vitest/browser-playwright'
import { msw } from 'msw/vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Serves /mockServiceWorker.js from the test server (Vitest 5 no longer does by itself).
  // 'worker-only': the tests start the worker themselves (src/checkout.test.ts).
  plugins: [msw({ mode: 'worker-only' })],
  // This repository only: its packages resolve to their TypeScript source. Delete in your project.
  resolve: { conditions: ['@merchant-gateway/source', 'browser', 'module', 'development|production'] },
  // This repository only: its packages are workspace links, which Vite serves file by file; listed, each is
  // bundled once, as an installed package is. Delete in your project (installed packages are bundled anyway).
  optimizeDeps: { include: ['@merchant-gateway/mock', '@merchant-gateway/sdk'] },
  test: {
    name: 'example-browser-tests',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    browser: {
      enabled: true,
      // This repository only: Debian's Chromium and its flags (tools/chromium), nothing downloaded. In your
      // project, `playwright()` runs Playwright's own Chromium, or pass your own `launchOptions`.
      provider: playwright({ launchOptions: chromiumLaunchOptions() }),
      headless: true,
      screenshotFailures: false,
      instances: [{ browser: 'chromium', name: 'example-browser-tests' }],
    },
  },
})
