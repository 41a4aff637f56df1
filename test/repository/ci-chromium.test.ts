/**
 * CI installs Debian's chromium beside `npm ci` when the machine has none (scripts/ci/chromium.sh): `start` returns
 * at once and leaves the install running; the lanes' `chromium` step runs `wait`, which the steps that start the
 * browser wait for. Here the browser is a script of the test's and the install a command that waits for the test's
 * word, so that what `start` left running can be seen before it ends.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'ci-chromium-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A stand-in for the browser: prints its version. */
const browser = join(work, 'fake-chromium')
writeFileSync(browser, '#!/bin/sh\necho "Chromium 1.2.3 (a stand-in)"\n')
chmodSync(browser, 0o755)

/** One case's folder, times file and environment: where the whole browser and the headless shell are looked for. */
function setUp(name: string, bins: { browser: string; shell: string }, install: string) {
  const dir = join(work, name)
  const times = join(work, `${name}.tsv`)
  const env = {
    ...process.env,
    CI_CHROMIUM: dir,
    CI_CHROMIUM_BIN: bins.browser,
    CI_CHROMIUM_SHELL: bins.shell,
    CI_CHROMIUM_INSTALL: install,
    CI_STEP_TIMES: times,
    CI_STARTED_AT: String(Date.now()),
  }
  const run = (verb: string) =>
    spawnSync('bash', ['scripts/ci/chromium.sh', verb], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 })
  return { dir, times, run }
}

describe("CI's chromium: installed beside npm ci", () => {
  it('does nothing where both browsers are installed, and `wait` prints their versions', () => {
    const shell = join(work, 'fake-shell')
    writeFileSync(shell, '#!/bin/sh\necho "Chromium 1.2.3 (a stand-in shell)"\n')
    chmodSync(shell, 0o755)
    const { dir, times, run } = setUp('present', { browser, shell }, 'echo must not run; exit 1')
    expect(run('start').status).toBe(0)
    expect(readFileSync(join(dir, 'status'), 'utf8').trim()).toBe('0')
    const waited = run('wait')
    expect(waited.status, waited.stdout + waited.stderr).toBe(0)
    expect(waited.stdout).toContain(`${browser}, ${shell}: installed`)
    expect(waited.stdout).toContain(`${browser}: Chromium 1.2.3 (a stand-in)`)
    expect(waited.stdout).toContain(`${shell}: Chromium 1.2.3 (a stand-in shell)`)
    expect(existsSync(times)).toBe(false) // no install, no row of its own
  })

  it('returns before a missing browser is installed; `wait` waits for the install, prints it and the versions', () => {
    // The whole browser there, the shell missing: the install runs (apt-get installs what is missing of its list).
    const bin = join(work, 'installed-shell')
    const go = join(work, 'go')
    // At most some 20 s, so that a failed assertion before the word leaves nothing running for long.
    const wait = `for _ in $(seq 400); do [ -f '${go}' ] && break; sleep 0.05; done`
    // Then 300 ms of CPU (not of wall time), which the install's row must count.
    const busy = `node -e 'const u = () => process.cpuUsage().user / 1000; while (u() < 300);'`
    const install = `${wait}; echo unpacking chromium; ${busy}; cp '${browser}' '${bin}'`
    const { dir, times, run } = setUp('missing', { browser, shell: bin }, install)
    const started = run('start')
    expect(started.status).toBe(0)
    expect(started.stdout).toContain(`${browser} or ${bin} missing`)
    // The install is running, waiting for the word: no status yet, no browser yet.
    expect(existsSync(join(dir, 'status'))).toBe(false)
    expect(existsSync(bin)).toBe(false)
    writeFileSync(go, '')
    const waited = run('wait')
    expect(waited.status, waited.stdout + waited.stderr).toBe(0)
    expect(waited.stdout).toContain('unpacking chromium')
    expect(waited.stdout).toContain(`${browser}: Chromium 1.2.3`)
    expect(waited.stdout).toContain(`${bin}: Chromium 1.2.3`)
    const [name, start, seconds, outcome, cpu] = readFileSync(times, 'utf8').trim().split('\t')
    expect({ name, outcome }).toEqual({ name: 'chromium (apt-get)', outcome: 'passed' })
    expect(Number(start)).toBeGreaterThanOrEqual(0)
    expect(Number(seconds)).toBeGreaterThan(0)
    expect(cpu).toMatch(/^\d+\.\d$/)
    expect(Number(cpu)).toBeGreaterThanOrEqual(0.3)
  })

  it('passes `wait` where the headless shell could not be installed, and says the tests run the whole browser', () => {
    const shell = join(work, 'absent-shell')
    const { run } = setUp('no-shell', { browser, shell }, 'echo "without chromium-headless-shell:"')
    expect(run('start').status).toBe(0)
    const waited = run('wait')
    expect(waited.status, waited.stdout + waited.stderr).toBe(0)
    expect(waited.stdout).toContain(`${browser}: Chromium 1.2.3`)
    expect(waited.stdout).toContain(`${shell}: missing; the tests run ${browser}`)
  })

  it('fails `wait` where the whole browser is missing after an install that passed', () => {
    const { run } = setUp('no-browser', { browser: join(work, 'no-browser'), shell: browser }, 'true')
    expect(run('start').status).toBe(0)
    expect(run('wait').status).not.toBe(0)
  })

  it('fails `wait` with the exit status of an install that failed, its output printed', () => {
    const { times, run } = setUp(
      'failed',
      { browser: join(work, 'never-installed'), shell: join(work, 'never-installed-shell') },
      'echo "E: Unable to locate package"; exit 100',
    )
    expect(run('start').status).toBe(0)
    const waited = run('wait')
    expect(waited.status).toBe(1)
    expect(waited.stdout).toContain('E: Unable to locate package')
    expect(waited.stdout).toContain('apt-get install chromium failed (exit 100)')
    expect(readFileSync(times, 'utf8').split('\t')[3]).toBe('FAILED')
  })
})
