// Rewrites the `sources` of every source map under a dist/ folder to paths relative to the map, as a
// published package must ship them: the CJS build of tsup writes the absolute path of the generated file
// on the build machine, which would leak into tarballs and point nowhere on a user's machine.
//
//   import { relativeSourceMaps } from '../../scripts/relative-sourcemaps.mjs'
//   defineConfig({ ..., onSuccess: () => relativeSourceMaps('dist') })
//
// Two builds writing into one dist/ at once (the mock's ESM and CJS builds) each pass the suffix of their own
// maps (`.js.map`, `.cjs.map`), so that neither reads a map the other is still writing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

/** Rewrites the maps under `dir` whose names end in `suffix`; returns how many sources were made relative. */
export async function relativeSourceMaps(dir, suffix = '.map') {
  let rewritten = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix)) continue
    const file = resolve(join(entry.parentPath, entry.name))
    const map = JSON.parse(readFileSync(file, 'utf8'))
    let changed = false
    map.sources = (map.sources ?? []).map((source) => {
      if (!isAbsolute(source)) return source
      changed = true
      rewritten++
      return relative(dirname(file), source).split(sep).join('/')
    })
    if (typeof map.file === 'string' && isAbsolute(map.file)) {
      map.file = relative(dirname(file), map.file).split(sep).join('/')
      changed = true
    }
    if (map.sourceRoot && isAbsolute(map.sourceRoot)) {
      map.sourceRoot = ''
      changed = true
    }
    if (changed) writeFileSync(file, JSON.stringify(map))
  }
  return rewritten
}
