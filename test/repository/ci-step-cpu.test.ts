/**
 * CI's step table gives each step's CPU seconds. A browser that Playwright starts runs in a session of its own, and
 * its CPU reached no step when its launcher exited first: bash's `times` counts only the processes that were waited
 * for. A step's processes now stay in a control group of the step's (scripts/ci/step-cpu.mjs), whose counter is the
 * figure; where none can be made, the figure is `times`', marked `~`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'ci-step-cpu-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A child that spends `ms` of CPU (not of wall time: a busy machine gives it less CPU per second) and exits. */
const busy = (ms: number) => `node -e 'const u = () => process.cpuUsage().user / 1000; while (u() < ${ms});'`

/** Runs lanes.mjs with one step; the step's row of the times file: [name, start, seconds, outcome, cpu]. */
function runStep(name: string, command: string, env: Record<string, string> = {}): string[] {
  const times = join(work, `${name}.tsv`)
  const run = spawnSync(process.execPath, ['scripts/ci/lanes.mjs', '--lane', '--step', name, name, command], {
    cwd: ROOT,
    env: { ...process.env, CI_STEP_TIMES: times, CI_STARTED_AT: String(Date.now()), ...env },
    encoding: 'utf8',
  })
  expect(run.status, run.stdout + run.stderr).toBe(0)
  return readFileSync(times, 'utf8').trim().split('\t')
}

/** Whether this machine lets a step have a control group (Linux, as root, a cgroup file system). */
const groups =
  process.getuid?.() === 0 &&
  [
    '/sys/fs/cgroup/cgroup.controllers',
    '/sys/fs/cgroup/unified/cgroup.controllers',
    '/sys/fs/cgroup/cpuacct/cpuacct.usage',
  ].some((file) => existsSync(file))

describe("CI's step table: a step's CPU", () => {
  it.runIf(groups)('counts a process the step started in a session of its own and did not wait for', () => {
    // The step starts the child in a new session and exits; the child goes on spending 600 ms of CPU.
    const [, , , outcome, cpu] = runStep('detached', `setsid ${busy(600)} & sleep 0.1`)
    expect(outcome).toBe('passed')
    expect(cpu).toMatch(/^\d+\.\d$/)
    expect(Number(cpu)).toBeGreaterThanOrEqual(0.6)
  })

  it.runIf(groups)('counts what the step waited for as well', () => {
    const [, , , , cpu] = runStep('waited', busy(400))
    expect(Number(cpu)).toBeGreaterThanOrEqual(0.4)
  })

  it("falls back to bash's times where no control group is made, and marks the figure with ~", () => {
    const [, , , , cpu] = runStep('fallback', busy(400), { CI_STEP_CPU: 'times' })
    expect(cpu).toMatch(/^~\d+\.\d$/)
    expect(Number(cpu?.slice(1))).toBeGreaterThanOrEqual(0.4)
  })
})
