/**
 * A fresh clone's `npm install`, run by the machine's Node 20 as the README says, prints no warning a user
 * would read as trouble. npm checks every package's `engines` against the Node that runs npm, while every
 * script of the repository runs on the Node 24 the install brings: the repository's `.npmrc` keeps npm to
 * errors, so the check's some 135 EBADENGINE lines (this project's three packages, which need Node 22.12,
 * and the tools that need 22 or 24) are not printed. `npm install --loglevel=warn` still shows them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** The machine's own Node and its npm, older than 24 (a fresh machine has Node 20). */
const MACHINE = ['/usr/bin', '/usr/local/bin'].find((dir) => {
  if (!existsSync(`${dir}/node`) || !existsSync(`${dir}/npm`)) return false
  const major = Number(/^v(\d+)/.exec(spawnSync(`${dir}/node`, ['--version'], { encoding: 'utf8' }).stdout)?.[1])
  return major < 24
})

/** `npm install --dry-run` in the repository as the machine's npm runs it: what it printed, and its status. */
function dryRun(...extra: string[]) {
  // A user's shell: the machine's Node first, none of the npm_* variables of an npm that may run this test.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$)/i.test(name)))
  const result = spawnSync(
    `${MACHINE}/npm`,
    ['install', '--dry-run', '--prefer-offline', '--no-audit', '--no-fund', ...extra],
    { cwd: ROOT, encoding: 'utf8', env: { ...env, PATH: `${MACHINE}:/usr/bin:/bin` } },
  )
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe.runIf(MACHINE !== undefined)("npm install on the machine's Node", () => {
  it('prints no EBADENGINE warning, nor any other warning', () => {
    const { status, output } = dryRun()
    expect(status, output).toBe(0)
    expect(output.split('\n').filter((line) => /EBADENGINE|npm warn/i.test(line))).toEqual([])
  }, 120_000)

  it("--loglevel=warn still shows the engine warnings, this project's packages among them", () => {
    const { status, output } = dryRun('--loglevel=warn')
    expect(status, output).toBe(0)
    for (const name of ['contract', 'sdk', 'mock'])
      expect(output).toMatch(new RegExp(`EBADENGINE\\s+package: '@merchant-gateway/${name}@`))
  }, 120_000)
})
