// Before the toolchain runs (npm test, start, build, typecheck, docs...): is this the Node it needs?
// The repository brings Node 24 itself (root devDependency `node`, installed by its install script), and
// npm puts it first on PATH for every script. When it is missing, because `npm install --ignore-scripts`
// skipped that script or npm was never run, the machine's own Node runs the tools, and an older one
// crashes deep inside them (`Map.groupBy is not a function`). This says what to do instead.
// Written for every Node from 14 on: no syntax or API newer than the message needs.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const NEEDED = 24
const major = Number(process.versions.node.split('.')[0])
if (major >= NEEDED) process.exit(0)

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const installed = existsSync(join(root, 'node_modules'))
const brought = existsSync(join(root, 'node_modules', '.bin', 'node'))
const lines = [
  `merchant-gateway: the toolchain runs on Node ${NEEDED} or later; this is Node ${process.versions.node}.`,
  !installed
    ? 'Run `npm install` first: it brings Node 24 into node_modules (devDependency `node`), and npm scripts use it.'
    : !brought
      ? 'node_modules has no Node 24: it was installed with --ignore-scripts, ' +
        'which skips the script of the `node` package. Run `npm install` again ' +
        'without --ignore-scripts (or `npm rebuild node`).'
      : 'Run the tools through npm (`npm test`, `npm start`, `npm run ' +
        '<script>`), which puts node_modules/.bin (Node 24) first on PATH.',
  `Or install Node ${NEEDED} or later yourself (.nvmrc says ${NEEDED}).`,
]
console.error(lines.join('\n'))
process.exit(1)
