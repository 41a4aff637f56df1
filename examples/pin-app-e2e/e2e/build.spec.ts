/**
 * The production build has no mock: `vite build` into a temporary folder, then the same check that
 * the app's `npm run build` runs (../pin-app/scripts/check-bundle.ts). Also with MSW's worker script put in
 * the public folder, as `npx msw init public` (the guide's other way) puts it there.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
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

test('with the worker script in public/ (npx msw init public), the production build still holds none', async () => {
  const app = new URL('../../pin-app/', import.meta.url).pathname
  const work = mkdtempSync(join(tmpdir(), 'pin-app-public-'))
  const publicDir = join(work, 'public')
  const outDir = join(work, 'dist')
  try {
    // The app's public folder with the worker script added, as `npx msw init public` adds it.
    if (existsSync(join(app, 'public'))) cpSync(join(app, 'public'), publicDir, { recursive: true })
    execFileSync('npx', ['msw', 'init', publicDir, '--no-save'], { cwd: app, stdio: 'ignore' })
    expect(existsSync(join(publicDir, 'mockServiceWorker.js'))).toBe(true)
    await build({ root: app, publicDir, logLevel: 'silent', build: { outDir, emptyOutDir: true } })
    expect(existsSync(join(outDir, 'mockServiceWorker.js'))).toBe(false)
    expect(mockTraces(outDir)).toEqual([])
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
})
