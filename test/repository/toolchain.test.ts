/**
 * The toolchain runs on Node 24, which `npm install` brings (devDependency `node`). Run by an older Node
 * (the machine's own, when node_modules has no Node 24), every npm script stops first with a message that
 * says what to do, instead of crashing inside a tool.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
const SCRIPT = new URL('scripts/check-node.mjs', ROOT).pathname
const PACKAGE = (await import('../../package.json', { with: { type: 'json' } })).default as {
  scripts: Record<string, string>
  engines: Record<string, string>
}
/** The machine's own Node when it is older than 24 (a fresh machine has Node 20), to run the preflight with. */
const OLD_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  if (!existsSync(path)) return false
  const major = Number(/^v(\d+)/.exec(spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout)?.[1])
  return major < 24
})

describe('the Node preflight of the toolchain', () => {
  it('passes on the Node the repository brings', () => {
    const result = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' })
    expect(process.versions.node.split('.')[0]).toBe('24')
    expect(result.status).toBe(0)
  })

  it.runIf(OLD_NODE !== undefined)('on an older Node, exits 1 with what to do (not a crash inside a tool)', () => {
    const result = spawnSync(OLD_NODE!, [SCRIPT], { encoding: 'utf8' })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /^merchant-gateway: the toolchain runs on Node 24 or later; this is Node \d+\.\d+\.\d+\.\n/,
    )
    expect(result.stderr).toMatch(/npm install|--ignore-scripts|node_modules\/\.bin/)
  })

  it('runs before every script that starts the toolchain, and the root states the Node that installs it', () => {
    for (const script of [
      'test',
      'start',
      'build',
      'typecheck',
      'docs',
      'bench',
      'fuzz',
      'test:deep',
      'check:packages',
      'check:tarballs',
      'release',
    ]) {
      expect(PACKAGE.scripts[`pre${script}`], script).toBe('node scripts/check-node.mjs')
    }
    expect(PACKAGE.engines.node).toBe('>=20')
  })
})
