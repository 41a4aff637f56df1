// A CI step's CPU seconds (user and system), every process it started included (`scripts/ci/lanes.mjs`).
//
// Bash's `times` at a step's exit counts only the processes that were waited for, all the way up: Playwright starts
// Chromium in a session of its own, and a browser whose launcher exits before it is reaped by init, so its CPU
// reached no step (a fresh clone's run: the table gave the example apps' end-to-end step 87 s where its processes
// took 195, Chromium 137 of them). On Linux, as root, each step gets a control group of its own, which its shell
// joins first: its processes and theirs stay in it, whatever session they start, and the group's CPU counter is
// the step's. Where no group can be made (another system, no permission, no cgroup file system), the step's row
// falls back to bash's `times`, and says so with a `~` before the figure; `CI_STEP_CPU=times` asks for that
// fallback everywhere.
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** cgroup hierarchies that count CPU, in the order tried: v2 (unified, or hybrid under `unified/`), then v1. */
const HIERARCHIES = [
  { base: '/sys/fs/cgroup', v2: true },
  { base: '/sys/fs/cgroup/unified', v2: true },
  { base: '/sys/fs/cgroup/cpuacct', v2: false },
]

/**
 * Accounting for one step: `prologue` goes first in the step's script (it joins the group, or does nothing where
 * there is none), `env` into its environment; `seconds()` after the step ended gives its CPU seconds as text
 * (`'~12.3'` from bash's `times`; `''` when neither was recorded), and removes what it made.
 *
 * @example
 * ```js
 * const cpu = stepCpu('npm test', '/tmp')
 * spawn('bash', ['-c', `${cpu.prologue}\n${command}`], { env: { ...process.env, ...cpu.env } })
 * // once it exited:
 * const seconds = cpu.seconds()
 * ```
 */
export function stepCpu(name, scratch) {
  const id = `merchant-gateway-ci-${process.pid}-${name.replace(/[^\w-]/g, '_')}`
  const timesFile = join(scratch, `${id}.times`)
  const joined = `${timesFile}.joined`
  const group = process.env.CI_STEP_CPU === 'times' ? undefined : makeGroup(id)
  const trap = `trap 'times >"$CI_STEP_CPU_FILE"' EXIT`
  // `echo` is bash's own: the shell joins the group before it starts any process of the step.
  const joinGroup = group ? `echo $$ 2>/dev/null >"$CI_STEP_CGROUP/cgroup.procs" && : >"$CI_STEP_CPU_FILE.joined"` : ''
  return {
    env: { CI_STEP_CPU_FILE: timesFile, ...(group ? { CI_STEP_CGROUP: group.dir } : {}) },
    prologue: [trap, joinGroup].filter(Boolean).join('\n'),
    seconds() {
      const fromTimes = timesSeconds(timesFile)
      let figure = fromTimes === undefined ? '' : `~${fromTimes.toFixed(1)}`
      if (group) {
        if (existsSync(joined)) figure = group.read().toFixed(1)
        rmSync(joined, { force: true })
        try {
          rmdirSync(group.dir)
        } catch {
          // A process still in it (the lanes kill what a step leaves; the group goes with the machine).
        }
      }
      return figure
    },
  }
}

/** A new control group that counts CPU, with its reader; undefined where none can be made. */
function makeGroup(id) {
  for (const { base, v2 } of HIERARCHIES) {
    // The root of a hierarchy of that kind; a group made in it has the counter.
    if (!existsSync(join(base, v2 ? 'cgroup.controllers' : 'cpuacct.usage'))) continue
    const counter = v2 ? 'cpu.stat' : 'cpuacct.usage'
    const dir = join(base, id)
    try {
      mkdirSync(dir)
    } catch {
      continue
    }
    if (!existsSync(join(dir, counter))) {
      rmdirSync(dir)
      continue
    }
    const read = v2
      ? () => Number(/^usage_usec (\d+)$/m.exec(readFileSync(join(dir, counter), 'utf8'))?.[1] ?? 0) / 1e6
      : () => Number(readFileSync(join(dir, counter), 'utf8')) / 1e9
    return { dir, read }
  }
  return undefined
}

/** The children's CPU seconds from what bash's `times` wrote (its second line); undefined when it wrote nothing. */
function timesSeconds(file) {
  let text
  try {
    text = readFileSync(file, 'utf8')
    rmSync(file)
  } catch {
    return undefined
  }
  const children = text.split('\n')[1] ?? ''
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s))
  return seconds.length === 2 ? seconds[0] + seconds[1] : undefined
}
