/**
 * @module bench/profile-hook
 * Preloaded into a bench server (`node --import ./profile-hook.ts server.ts`) so that a CPU profile covers
 * exactly the span the bench chooses, not the server's start-up: V8's sampling profiler, driven by lines on
 * the server's standard input. `start <interval us>` starts it; `stop <file>` stops it, writes the profile
 * (`.cpuprofile` JSON, as `node --cpu-prof` writes and Chrome's DevTools read) and prints `profiled <file>`
 * on standard error.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { createInterface } from 'node:readline'

const session = new Session()
session.connect()

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, argument] = line.trim().split(/\s+/)
  if (command === 'start') {
    void (async () => {
      await session.post('Profiler.enable')
      await session.post('Profiler.setSamplingInterval', { interval: Number(argument ?? 100) })
      await session.post('Profiler.start')
      process.stderr.write('profiling\n')
    })()
  } else if (command === 'stop' && argument) {
    void session.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(argument, JSON.stringify(profile))
      process.stderr.write(`profiled ${argument}\n`)
    })
  }
})
