/**
 * @module bench/cpu-profile
 * Reads a V8 CPU profile (`node --cpu-prof` writes one as `*.cpuprofile`) and sums it: per function and per
 * module, its self time (samples whose top frame it is) and its total time (samples with it anywhere on the
 * stack, each sample counted once however often it recurs). A module is a package under node_modules, a
 * folder of this repository's sources (`mock: http`, `contract`), a part of Node's own library (`node:http`,
 * `node:streams`, ...), or V8's own (`(garbage collector)`, `(program)`, the builtins such as JSON and native
 * calls such as a socket's `writev`, whose time holds the system call's).
 *
 *   node --import tsx packages/mock/bench/cpu-profile.ts server.cpuprofile [rows]
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
/** The JSON of a `.cpuprofile` file, the parts read here. */
export interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

/** One row of a summary: a function or a module, its self and total time in ms and as a share of the busy time. */
export interface Row {
  name: string
  module: string
  selfMs: number
  totalMs: number
  selfShare: number
  totalShare: number
}

/** What a profile's busy samples went to. */
export interface Summary {
  /** Sampled time, idle excluded (ms). */
  busyMs: number
  /** Idle time (the event loop waiting), ms. */
  idleMs: number
  functions: Row[]
  modules: Row[]
}

const NODE_PARTS: [RegExp, string][] = [
  [/^node:(_http_|http$|https$|internal\/http)/, 'node:http'],
  [/^node:(internal\/)?(streams?|stream\/)/, 'node:streams'],
  [/^node:(net|internal\/net|internal\/stream_base|_tls|tls|internal\/tls|dns)/, 'node:net'],
  [
    /^node:(internal\/)?(timers|process\/task_queues|async_hooks|internal\/async_hooks|events|internal\/event_target)/,
    'node:events+timers',
  ],
  [/^node:internal\/deps\/undici|^node:internal\/webstreams|^node:internal\/fetch/, 'node:fetch (undici, web streams)'],
  [/^node:internal\/(modules|vm|bootstrap|main|process\/(pre_execution|execution))/, 'node:module loader'],
  [/^node:(internal\/)?(url|querystring|util|buffer|crypto|internal\/crypto)/, 'node:util/url/buffer/crypto'],
]

/** The module a frame belongs to (see the module's note). */
export function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame
  if (url === '') {
    if (functionName.startsWith('(')) return functionName
    return 'V8 builtins and native calls'
  }
  if (url.startsWith('node:')) {
    for (const [pattern, name] of NODE_PARTS) if (pattern.test(url)) return name
    return 'node:other'
  }
  const path = url.startsWith('file:') ? fileURLToPath(url) : url
  const inModules = path.lastIndexOf('/node_modules/')
  if (inModules >= 0) {
    const rest = path.slice(inModules + '/node_modules/'.length).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  const source = /\/packages\/(contract|sdk|mock)\/(src|dist|bench)\/(?:([^/]+)\/)?/.exec(path)
  if (source) {
    if (source[1] === 'contract' || source[2] !== 'src' || !source[3]) return `${source[1]} ${source[2]}`
    return `${source[1]}: ${source[3]}`
  }
  return path
}

/** The summary of `profile` (see the module's note). */
export function summarise(profile: CpuProfile): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  // Code compiled by tsx (the benches run the sources) is one line to V8: its line numbers say nothing.
  const fnKey = (f: CallFrame) =>
    `${f.functionName || '(anonymous)'} ${f.url ? shortUrl(f.url) : ''}` +
    (f.lineNumber > 0 ? `:${f.lineNumber + 1}` : '')
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const moduleSelf = new Map<string, number>()
  const moduleTotal = new Map<string, number>()
  const moduleOfKey = new Map<string, string>()
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v)
  let busy = 0
  let idle = 0
  // The sample i's time is the delta to the next one (V8's own reading of timeDeltas).
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const leaf = byId.get(profile.samples[i]!)!
    if (leaf.callFrame.functionName === '(idle)') {
      idle += dt
      continue
    }
    busy += dt
    const leafKey = fnKey(leaf.callFrame)
    add(self, leafKey, dt)
    add(moduleSelf, moduleOf(leaf.callFrame), dt)
    const seen = new Set<string>()
    const seenModules = new Set<string>()
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame
      if (frame.functionName === '(root)') break
      const key = fnKey(frame)
      moduleOfKey.set(key, moduleOf(frame))
      if (!seen.has(key)) {
        seen.add(key)
        add(total, key, dt)
      }
      const module = moduleOf(frame)
      if (!seenModules.has(module)) {
        seenModules.add(module)
        add(moduleTotal, module, dt)
      }
    }
  }
  const rows = (selfs: Map<string, number>, totals: Map<string, number>, moduleFor: (k: string) => string) =>
    [...new Set([...selfs.keys(), ...totals.keys()])].map((name) => {
      const selfMs = selfs.get(name) ?? 0
      const totalMs = totals.get(name) ?? 0
      return { name, module: moduleFor(name), selfMs, totalMs, selfShare: selfMs / busy, totalShare: totalMs / busy }
    })
  return {
    busyMs: busy,
    idleMs: idle,
    functions: rows(self, total, (k) => moduleOfKey.get(k) ?? ''),
    modules: rows(moduleSelf, moduleTotal, (k) => k),
  }
}

function shortUrl(url: string): string {
  const path = url.startsWith('file:') ? fileURLToPath(url) : url
  const inModules = path.lastIndexOf('/node_modules/')
  if (inModules >= 0) return path.slice(inModules + '/node_modules/'.length)
  const packages = path.indexOf('/packages/')
  return packages >= 0 ? path.slice(packages + 1) : path
}

const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`

/** The summary as text: modules by self time, then the top `rows` functions by self time and by total time. */
export function formatSummary(summary: Summary, rows = 25): string {
  const lines: string[] = []
  lines.push(`busy ${summary.busyMs.toFixed(0)} ms sampled (idle ${summary.idleMs.toFixed(0)} ms left out)`)
  lines.push('', 'by module (self, total: share of the busy time)')
  for (const r of [...summary.modules].sort((a, b) => b.selfMs - a.selfMs))
    lines.push(`  ${pct(r.selfShare)} ${pct(r.totalShare)}  ${r.name}`)
  lines.push('', `top ${rows} functions by self time (self, total)`)
  for (const r of [...summary.functions].sort((a, b) => b.selfMs - a.selfMs).slice(0, rows))
    lines.push(`  ${pct(r.selfShare)} ${pct(r.totalShare)}  ${r.name}  [${r.module}]`)
  lines.push('', `top ${rows} functions by total time (self, total)`)
  for (const r of [...summary.functions].sort((a, b) => b.totalMs - a.totalMs).slice(0, rows))
    lines.push(`  ${pct(r.selfShare)} ${pct(r.totalShare)}  ${r.name}  [${r.module}]`)
  return lines.join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, rows] = process.argv.slice(2)
  if (!file) {
    console.error('usage: cpu-profile.ts <file.cpuprofile> [rows]')
    process.exit(2)
  }
  console.log(formatSummary(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile), Number(rows ?? 25)))
}
