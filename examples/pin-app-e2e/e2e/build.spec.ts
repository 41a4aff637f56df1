/**
 * The production build has no mock: `vite build` into a temporary folder, then the same check that
 * the app's `npm run build` runs (../pin-app/scripts/check-bundle.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { mockTraces } from '../../pin-app/scripts/check-bundle.js'
import { expect, test } from './fixtures.js'

test('the production bundle holds no mock, no MSW worker and no mock panel', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'pin-app-build-'))
  try {
    await build({
      root: new URL('../../pin-app/', import.meta.url).pathname,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    })
    expect(mockTraces(outDir)).toEqual([])
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
})
