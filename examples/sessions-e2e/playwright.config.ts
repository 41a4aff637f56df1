/**
 * Playwright tests in parallel, 4 workers, against ONE mock server that Playwright starts before the tests and
 * stops after them: each test makes a session of that server (e2e/fixtures.ts), so its clock, PIN users,
 * mailbox and faults are its own while other tests run beside it. The page (src/main.ts) is served by its
 * dev server, a second `webServer`.
 *
 * The settings this repository's example projects share (Debian's Chromium and its flags, no host but
 * 127.0.0.1, the UTC time zone, no retries, servers each run starts and stops) are written once, in
 * tools/chromium (`exampleConfig`). In your project, write them out: tools/chromium/src/index.ts has each
 * with its reason.
 */
import { fileURLToPath } from 'node:url'
import { exampleConfig } from '@merchant-gateway/chromium'
import { defineConfig } from '@playwright/test'
import { MOCK_PORT, MOCK_URL } from './e2e/mock-server.js'
import { PAGE_PORT } from './vite.config.js'

export default defineConfig(
  exampleConfig({
    name: 'example-sessions-e2e',
    origin: `http://127.0.0.1:${PAGE_PORT}`,
    // In your project: `npx merchant-gateway-mock serve --port 4019 --quiet`. This repository runs the CLI from
    // its TypeScript source. Sessions left behind by a test that crashed end after 5 idle minutes.
    before: [
      {
        command:
          'npx tsx --conditions=@merchant-gateway/source packages/mock/src/cli/main.ts serve ' +
          `--port ${MOCK_PORT} --session-idle-seconds 300 --quiet`,
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        url: `${MOCK_URL}/__mock/sessions`,
      },
    ],
    webServer: { command: 'npm run dev', url: '/' },
  }),
  {
    // Tests run at the same time, file by file and test by test (`fullyParallel`): sessions keep them apart.
    workers: 4,
    // Four Chromium pages at once, each test a dozen PIN checks: on a busy two-core machine a test took 16 s
    // alone and 80 s beside three others. Generous limits, so that a slow machine is no failure; a wrong answer
    // still fails at once.
    timeout: 300_000,
    expect: { timeout: 60_000 },
  },
)
