/**
 * The page's dev server, which the tests' Playwright config starts on 127.0.0.1 beside the mock server. The
 * page holds no mock: it calls the gateway at the base URL its address names (src/main.ts).
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/** The page's port; playwright.config.ts points Chromium at it. */
export const PAGE_PORT = Number(process.env.SESSIONS_PAGE_PORT ?? 5191)

export default defineConfig({
  // This repository only: its packages resolve to their TypeScript source. Delete in your project.
  resolve: { conditions: ['@merchant-gateway/source', 'browser', 'module', 'development|production'] },
  // Vite's pre-bundled dependencies under the repository's node_modules, not a new folder here.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/example-sessions-e2e', import.meta.url)),
  server: { host: '127.0.0.1', port: PAGE_PORT, strictPort: true },
})
