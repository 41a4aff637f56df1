import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
const [entry, name, out] = process.argv.slice(2)
const r = await build({
  stdin: { contents: `export { ${name} } from '${entry}'`, resolveDir: process.cwd(), loader: 'js' },
  bundle: true, minify: process.env.NOMIN ? false : true, minifySyntax: true, treeShaking: true, write: false, metafile: true, platform: 'browser', format: 'esm', target: 'es2022',
})
const code = r.outputFiles[0].contents
console.log(name, 'min', code.length, 'gzip', gzipSync(code, { level: 9 }).length)
writeFileSync(out, code)
const inputs = r.metafile.outputs[Object.keys(r.metafile.outputs)[0]].inputs
const rows = Object.entries(inputs).map(([k, v]) => [v.bytesInOutput, k]).sort((a, b) => b[0] - a[0])
for (const [b, k] of rows.slice(0, 45)) console.log(String(b).padStart(7), k)
