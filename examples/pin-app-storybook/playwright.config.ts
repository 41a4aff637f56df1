/**
 * The smoke test of the built Storybook (`npm test`, after `npm run build-storybook`): `storybook-static/`,
 * served by `vite preview` on 127.0.0.1, and every story opened in Debian's Chromium (e2e/stories.spec.ts).
 * Build first; the test does not build.
 *
 * The settings this repository's example projects share (Debian's Chromium and its flags, no host but
 * 127.0.0.1, the UTC time zone, no retries, a server each run starts and stops) are written once, in
 * tools/chromium (`exampleConfig`). In your project, write them out: tools/chromium/src/index.ts has
 * each with its reason.
 */
import { exampleConfig } from '@merchant-gateway/chromium'
import { defineConfig } from '@playwright/test'

/** The port the built Storybook is served on for the test. */
const PORT = Number(process.env.STORYBOOK_TEST_PORT ?? 6107)

export default defineConfig(
  exampleConfig({
    name: 'example-pin-app-storybook',
    origin: `http://127.0.0.1:${PORT}`,
    webServer: {
      command: `vite preview --outDir storybook-static --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: '/index.json',
    },
  }),
)
