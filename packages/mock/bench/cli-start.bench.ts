/**
 * @module cli-start.bench
 * Benchmark: what one start of the CLI costs, whole process, as the e2e suites pay it 60-80 times a run and a
 * user each `npx merchant-gateway-mock serve`. Each figure is one `node` process started from nothing: an empty
 * `node -e 1`; `merchant-gateway-mock --help` (spawn to exit); `serve --port 0 --quiet` until its banner, then
 * SIGTERM, to its exit. Each CLI row also runs with msw loaded ahead of it (`node --import msw`): what every
 * start paid while the CLI's import graph reached msw, so the ratio CLI / CLI + msw shows what leaving msw out
 * saves on this machine today. `--compile-cache` adds the same rows with Node's compile cache on, warm (a
 * folder of the run's own, filled by the warm-up round), to judge `module.enableCompileCache()`.
 *
 * Method: one warm-up round (not counted), then rounds in which every row runs once, in the same order, so
 * drift on a shared machine hits all alike. Figures: medians of the rounds' wall time and CPU time (user +
 * system of the finished process, from this process's children's times in /proc, 10 ms ticks); "net": the
 * median of the per-round differences to the empty node; ratios: medians of the per-round ratios. No goal:
 * figures only.
 *
 * Run: `npm run bench:cli-start -w @merchant-gateway/mock` (the built dist/cli.js: `npm run build` it first), or
 * `-- --cli <file>` (repeatable: e.g. the e2e suites' bundle, packages/mock/node_modules/.e2e-cli.mjs, or an
 * older build, side by side), `ROUNDS=20` for more rounds. A measurement, not a test: it exits 0 unless it
 * cannot run.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join, relative, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const ROOT = join(PACKAGE, '../..')
const ROUNDS = Number(process.env.ROUNDS ?? 10)
const TICKS = 100 // USER_HZ: /proc reports CPU time in 1/100 s
/** A serve that prints no banner in this time on a loaded machine has failed. */
const BANNER_TIMEOUT_MS = 120_000

/** CPU seconds (user + system) of this process's reaped children so far, from /proc/self/stat. */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[13]) + Number(fields[14])) / TICKS
}

/** One row: a command line of `node`, and whether it is a server to stop at its banner. */
interface Row {
  name: string
  args: string[]
  serve: boolean
  env: NodeJS.ProcessEnv
}

interface Sample {
  wall: number
  cpu: number
}

/** The environment of the measured processes: this one's, without anything that changes how Node starts. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' }
  for (const name of ['NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE', 'TSX_TSCONFIG_PATH'])
    delete env[name]
  return env
}

/** A process that exits by itself: wall ms from spawn to exit, and its CPU ms. Throws if it failed. */
function runToExit(row: Row): Sample {
  const cpuStart = childrenCpuSeconds()
  const start = performance.now()
  const result = spawnSync(process.execPath, row.args, { cwd: ROOT, env: row.env, encoding: 'utf8' })
  const wall = performance.now() - start
  const cpu = (childrenCpuSeconds() - cpuStart) * 1000
  if (result.status !== 0) throw new Error(`${row.name} exited ${result.status ?? result.signal}: ${result.stderr}`)
  return { wall, cpu }
}

/**
 * A server: spawned, stopped with SIGTERM once its banner's last line is out, reaped. Wall ms from spawn to the
 * banner; CPU ms of the whole process (start, banner, and its clean stop).
 */
function runToBanner(row: Row): Promise<Sample> {
  const cpuStart = childrenCpuSeconds()
  const start = performance.now()
  const child = spawn(process.execPath, row.args, { cwd: ROOT, env: row.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let wall = 0
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), BANNER_TIMEOUT_MS)
    const onData = (chunk: string) => {
      out += chunk
      if (wall === 0 && out.includes('Ctrl-C stops the server.')) {
        wall = performance.now() - start
        child.kill('SIGTERM')
      }
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      // 'exit' fires once the child is reaped: its times are in this process's children's times now.
      const cpu = (childrenCpuSeconds() - cpuStart) * 1000
      if (wall === 0) reject(new Error(`${row.name} exited (${code ?? signal}) before its banner:\n${out}`))
      else resolve({ wall, cpu })
    })
  })
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low)
}
const median = (values: number[]) => quantile(values, 0.5)
const pad = (text: string, width: number) => text.padEnd(width)
const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8)

/** The CLIs to time: `--cli <file>` as given, else the built dist/cli.js. */
function clis(): string[] {
  const given: string[] = []
  process.argv.forEach((arg, i) => {
    if (arg === '--cli' && process.argv[i + 1]) given.push(resolve(process.argv[i + 1]!))
  })
  const files = given.length > 0 ? given : [join(PACKAGE, 'dist/cli.js')]
  for (const file of files)
    if (!existsSync(file))
      throw new Error(`no ${file}: build the package first (npm run build -w @merchant-gateway/mock), or give --cli`)
  return files
}

/** The rows of a run, in the order each round runs them. */
function rows(files: string[], cacheDir: string | undefined): Row[] {
  const env = baseEnv()
  const list: Row[] = [{ name: 'node -e 1', args: ['-e', '1'], serve: false, env }]
  const variants: Array<{ label: string; env: NodeJS.ProcessEnv }> = [{ label: '', env }]
  if (cacheDir) variants.push({ label: ' [compile cache]', env: { ...env, NODE_COMPILE_CACHE: cacheDir } })
  for (const file of files) {
    const cli = relative(ROOT, file)
    for (const { label, env: rowEnv } of variants) {
      for (const [what, args, serve] of [
        ['--help', ['--help'], false],
        ['serve', ['serve', '--port', '0', '--quiet'], true],
      ] as const) {
        list.push({ name: `${cli} ${what}${label}`, args: [file, ...args], serve, env: rowEnv })
        list.push({
          name: `${cli} ${what} + msw${label}`,
          args: ['--import', 'msw', file, ...args],
          serve,
          env: rowEnv,
        })
      }
    }
  }
  return list
}

async function main(): Promise<void> {
  const cacheDir = process.argv.includes('--compile-cache')
    ? mkdtempSync(join(os.tmpdir(), 'merchant-gateway-cli-cache-'))
    : undefined
  try {
    const files = clis()
    const list = rows(files, cacheDir)
    const sample = (row: Row) => (row.serve ? runToBanner(row) : Promise.resolve(runToExit(row)))
    for (const row of list) await sample(row) // warm-up: the file system's cache, and the compile cache filled
    const samples = new Map(list.map((row) => [row.name, [] as Sample[]]))
    for (let round = 0; round < ROUNDS; round++) for (const row of list) samples.get(row.name)!.push(await sample(row))

    const empty = samples.get('node -e 1')!
    const [load] = os.loadavg()
    console.log(
      `\nCLI start, whole process: Node ${process.version}, ${ROUNDS} rounds, ${os.cpus().length} cores, ` +
        `load ${load!.toFixed(2)} at the end`,
    )
    console.log(`${pad('row', 58)} ${'wall'.padStart(8)} ${'CPU'.padStart(8)} ${'net CPU'.padStart(8)}`)
    for (const row of list) {
      const got = samples.get(row.name)!
      const net = median(got.map((s, i) => s.cpu - empty[i]!.cpu))
      console.log(
        `${pad(row.name, 58)} ${ms(median(got.map((s) => s.wall)))} ${ms(median(got.map((s) => s.cpu)))} ${ms(net)}`,
      )
    }
    console.log('\nratios (medians of per-round ratios; below 1: the first row costs less)')
    for (const row of list) {
      if (!row.name.includes(' + msw')) continue
      const plain = samples.get(row.name.replace(' + msw', ''))!
      const withMsw = samples.get(row.name)!
      const cpu = median(plain.map((s, i) => s.cpu / withMsw[i]!.cpu))
      const wall = median(plain.map((s, i) => s.wall / withMsw[i]!.wall))
      console.log(
        `  ${pad(`${row.name.replace(' + msw', '')} / with msw`, 64)} CPU ${cpu.toFixed(2)}  wall ${wall.toFixed(2)}`,
      )
    }
    // With more than one CLI (an older build, or the e2e bundle beside dist/): each row against the first CLI's.
    const [first, ...others] = files.map((file) => relative(ROOT, file))
    for (const other of others)
      for (const row of list) {
        if (!row.name.startsWith(`${other} `)) continue
        const base = samples.get(`${first}${row.name.slice(other!.length)}`)!
        const got = samples.get(row.name)!
        const cpu = median(got.map((s, i) => s.cpu / base[i]!.cpu))
        const wall = median(got.map((s, i) => s.wall / base[i]!.wall))
        console.log(`  ${pad(`${row.name} / ${first}`, 64)} CPU ${cpu.toFixed(2)}  wall ${wall.toFixed(2)}`)
      }
    if (cacheDir)
      for (const row of list) {
        if (!row.name.endsWith(' [compile cache]')) continue
        const cached = samples.get(row.name)!
        const plain = samples.get(row.name.replace(' [compile cache]', ''))!
        const cpu = median(cached.map((s, i) => s.cpu / plain[i]!.cpu))
        console.log(`  ${pad(`${row.name} / without`, 64)} CPU ${cpu.toFixed(2)}`)
      }
  } finally {
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true })
  }
}

await main()
