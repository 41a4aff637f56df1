/**
 * Checks that a production build holds no mock: no MSW worker script, and none of the strings only the
 * mock, MSW or the dev server's panel contain. `npm run build` runs it after `vite build`; the
 * end-to-end suite runs it on a fresh build (e2e/build.spec.ts).
 * Usage: node scripts/check-bundle.ts [dist]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Strings that only the mock, MSW or the mock panel put into a bundle. */
export const MOCK_ONLY = [
  'mockServiceWorker', // MSW's worker script and its registration
  'gateway.mock', // the mock gateway's base URL
  'createMockGateway',
  'Mock state', // the panel of src/mocks/panel.ts
  '__mock',
]

/** Every place in the built files under `dir` where a mock-only string occurs, as `file: string`. */
export function mockTraces(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    // MSW's worker script itself, whose text does not name it (Vite copies public/ into every build).
    if (entry.name === 'mockServiceWorker.js') found.push(`${relative(dir, file)}: MSW's worker script`)
    const text = readFileSync(file, 'utf8')
    for (const needle of MOCK_ONLY) if (text.includes(needle)) found.push(`${relative(dir, file)}: ${needle}`)
  }
  return found
}

if (import.meta.main) {
  const dir = process.argv[2] ?? 'dist'
  const traces = mockTraces(dir)
  for (const trace of traces) console.error(`mock in the production bundle: ${trace}`)
  console.log(`check-bundle: ${dir}: ${traces.length ? `${traces.length} mock trace(s)` : 'no mock'}`)
  process.exit(traces.length ? 1 : 0)
}
