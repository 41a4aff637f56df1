/**
 * @module cli/launcher-watch.test
 * Which processes the server watches, and that it is told when one is gone, on a process table given by
 * the test (no process is started) and fake timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { launchers, type ProcessInfo, type ProcessTable, watchLaunchers } from './launcher-watch.js'

/** The shell npm runs the bin through (200), npm itself (100), the harness that spawned npx (50). */
function npxTable(): Map<number, ProcessInfo> {
  return new Map([
    [200, { ppid: 100, command: "sh -c 'merchant-gateway-mock' serve --port 4010", start: '9200' }],
    [100, { ppid: 50, command: 'npm exec merchant-gateway-mock serve --port 4010', start: '9100' }],
    [50, { ppid: 1, command: 'node harness.mjs', start: '9050' }],
  ])
}
const tableOf =
  (processes: Map<number, ProcessInfo>): ProcessTable =>
  (pid) =>
    processes.get(pid)
const NPX = { npm_lifecycle_event: 'npx' }

afterEach(() => {
  vi.useRealTimers()
})

describe('the processes the server watches', () => {
  it('started by npx: the shell npm ran it through and npm, not the harness above npm', () => {
    expect(launchers(200, NPX, tableOf(npxTable()))).toEqual([200, 100])
  })

  it('started by npm start (npm, then tsx): tsx and npm', () => {
    const table = new Map<number, ProcessInfo>([
      [300, { ppid: 100, command: 'node /repo/node_modules/tsx/dist/cli.mjs packages/mock/src/cli/main.ts serve' }],
      [100, { ppid: 50, command: 'npm start' }],
    ])
    expect(launchers(300, { npm_lifecycle_event: 'start' }, tableOf(table))).toEqual([300, 100])
  })

  it('started without a package manager, or when none is found above: the parent alone; under init: none', () => {
    expect(launchers(200, {}, tableOf(npxTable()))).toEqual([200])
    const noNpm = new Map([[200, { ppid: 50, command: 'sh -c x' }]])
    expect(launchers(200, NPX, tableOf(noNpm))).toEqual([200])
    expect(launchers(1, NPX, tableOf(npxTable()))).toEqual([])
  })
})

describe('the watch', () => {
  function watch(processes: Map<number, ProcessInfo>, ppid: { value: number }) {
    vi.useFakeTimers()
    const gone: string[] = []
    const stop = watchLaunchers((reason) => gone.push(reason), {
      table: tableOf(processes),
      env: NPX,
      ppid: () => ppid.value,
    })
    return { gone, stop }
  }

  it('npm killed outright (SIGKILL) while the shell it ran lives on: the server is told npm is gone', () => {
    const processes = npxTable()
    const { gone } = watch(processes, { value: 200 })
    vi.advanceTimersByTime(2_000)
    expect(gone).toEqual([])
    processes.delete(100)
    vi.advanceTimersByTime(500)
    expect(gone).toEqual([
      'the process that started it, 100 (npm exec merchant-gateway-mock serve --port 4010), is gone',
    ])
    vi.advanceTimersByTime(5_000)
    expect(gone).toHaveLength(1)
  })

  it('its parent gone (the shell died of a SIGTERM npm passed on): the parent pid changes, the server is told', () => {
    const ppid = { value: 200 }
    const { gone } = watch(npxTable(), ppid)
    ppid.value = 1
    vi.advanceTimersByTime(500)
    expect(gone).toEqual([
      "the process that started it, 200 (sh -c 'merchant-gateway-mock' serve --port 4010), is gone",
    ])
  })

  it('npm ended but not yet reaped (a zombie), or its pid now another process: gone as well', () => {
    const zombie = npxTable()
    const first = watch(zombie, { value: 200 })
    zombie.set(100, { ...zombie.get(100)!, zombie: true })
    vi.advanceTimersByTime(500)
    expect(first.gone).toHaveLength(1)
    first.stop()

    const reused = npxTable()
    const second = watch(reused, { value: 200 })
    reused.set(100, { ppid: 1, command: 'cron', start: '9999' })
    vi.advanceTimersByTime(500)
    expect(second.gone).toHaveLength(1)
  })
})
