// The CommonJS declarations of the `./vitest` entry (dist/vitest.d.cts) rewritten, after tsup, as a reference to its
// ES module declarations (dist/vitest.d.ts): the package's `postbuild` runs it.
//
// What the entry declares is an augmentation, `declare module 'vitest' { interface Matchers ... }`, and TypeScript
// resolves the name of an augmented module as the file holding the augmentation imports it. From a .d.cts that is
// with the `require` condition: vitest's CommonJS declarations, `vitest/index.d.cts`, whose `export * from
// './dist/index.js'` such an augmentation does not reach through for files that import vitest as an ES module
// (`vitest/dist/index.d.ts`), as vitest runs test and setup files. Under `module: node16` and `nodenext` a
// `"types": ["@merchant-gateway/mock/vitest"]` entry of a tsconfig.json is resolved with the `require` condition
// whatever the project's type, so an ES module project read the .d.cts and its test files lost the matchers. The
// .d.ts is an ES module (the package's `type` is `module`): its `vitest` is vitest's ES module declarations, which
// CommonJS files reach too through that `export *`. Referenced from the .d.cts, it is the one augmentation either
// way. check-tarballs type-checks a test file with the `types` entry under nodenext, node16 and bundler resolution.
//
//   node scripts/vitest-declarations.mjs [dist]
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const AUGMENTATION = "declare module 'vitest'"
const dir = process.argv[2] ?? 'dist'
const esm = join(dir, 'vitest.d.ts')
// A reference is only worth writing while the ES module declarations hold the augmentation.
if (!readFileSync(esm, 'utf8').includes(AUGMENTATION)) throw new Error(`${esm} holds no ${AUGMENTATION}`)
writeFileSync(
  join(dir, 'vitest.d.cts'),
  `// The matchers' types: the ES module declarations' augmentation of vitest, as vitest runs test files.
/// <reference path="./vitest.d.ts" />
export {};
`,
)
console.log(`vitest-declarations: ${join(dir, 'vitest.d.cts')} refers to vitest.d.ts`)
