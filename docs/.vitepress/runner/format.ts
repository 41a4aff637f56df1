/**
 * @module docs/runner/format
 * What an example's `console.log(...)` prints, in the page as in a terminal: the guides' comments show
 * Node's output (`// [ { storeId: 101, storeName: 'Demo Store', ... } ]`), so the runner prints values the
 * way Node's `util.format` and `util.inspect` do, closely enough for a reader to compare: strings bare at
 * the top level and quoted inside, objects as `{ key: value }`, class instances with their class's name,
 * errors as `Name: message`, nesting beyond two levels as `[Object]`, long values over several lines.
 */

/** Node's default line width for an inspected value (`breakLength` 80, less the indentation it allows). */
const WIDTH = 72
const MAX_ITEMS = 100
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * The text of one console call's arguments, as Node's `util.format` writes it (`%s`, `%d`, `%i`, `%f`,
 * `%j`, `%o`, `%O`, `%c` and `%%` in a first string argument; the other arguments inspected).
 *
 * @example
 * ```ts
 * formatArgs(['order %d paid', 1001, { amount: 12.5 }]) // 'order 1001 paid { amount: 12.5 }'
 * ```
 */
export function formatArgs(args: readonly unknown[]): string {
  const rest = [...args]
  const parts: string[] = []
  const first = rest[0]
  if (typeof first === 'string' && first.includes('%')) {
    rest.shift()
    parts.push(
      first.replace(/%([sdifjoOc%])/g, (match, letter: string) => {
        if (letter === '%') return '%'
        if (rest.length === 0) return match
        const value = rest.shift()
        switch (letter) {
          case 's':
            return typeof value === 'string' ? value : inspect(value, 1)
          case 'd':
          case 'i': {
            const n = typeof value === 'bigint' ? value : Number(value)
            return typeof n === 'bigint' ? `${n}n` : String(letter === 'i' ? Math.trunc(n) : n)
          }
          case 'f':
            return String(Number.parseFloat(String(value)))
          case 'j':
            return JSON.stringify(value) ?? 'undefined'
          case 'c':
            return ''
          default:
            return inspect(value, 4)
        }
      }),
    )
  }
  for (const value of rest) parts.push(typeof value === 'string' ? value : inspect(value))
  return parts.join(' ')
}

/**
 * A value as Node's `util.inspect` shows it (default options: depth 2, strings single-quoted).
 *
 * @example
 * ```ts
 * inspect({ usd: { balance: 105, freeze: 0 }, tags: ['a'] }) // "{ usd: { balance: 105, freeze: 0 }, tags: [ 'a' ] }"
 * ```
 */
function inspect(value: unknown, depth = 2): string {
  return show(value, depth, new Set(), 0)
}

function quote(text: string): string {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'"
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(new RegExp(q, 'g'), `\\${q}`)
  return `${q}${escaped}${q}`
}

/** The class a value was made by, when it is not a plain object or array. */
function className(value: object): string | undefined {
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null
  if (proto === null) return '[Object: null prototype]'
  const name = proto.constructor?.name
  return name === undefined || name === 'Object' || name === 'Array' ? undefined : name
}

function show(value: unknown, depth: number, seen: Set<object>, indent: number): string {
  switch (typeof value) {
    case 'string':
      return quote(value)
    case 'bigint':
      return `${value}n`
    case 'symbol':
      return value.toString()
    case 'undefined':
      return 'undefined'
    case 'function': {
      const source = Function.prototype.toString.call(value)
      const kind = source.startsWith('class') ? 'class' : 'Function'
      const name = (value as { name?: string }).name
      return kind === 'class' ? `[class ${name || '(anonymous)'}]` : `[Function: ${name || '(anonymous)'}]`
    }
    case 'object':
      break
    default:
      return Object.is(value, -0) ? '-0' : String(value)
  }
  if (value === null) return 'null'
  if (seen.has(value)) return '[Circular]'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
  if (value instanceof RegExp) return String(value)
  if (value instanceof Error) return showError(value, depth, seen, indent)
  const name = className(value)
  if (depth < 0) return Array.isArray(value) ? '[Array]' : `[${name ?? 'Object'}]`
  seen.add(value)
  try {
    const inner = (v: unknown) => show(v, depth - 1, seen, indent + 2)
    if (Array.isArray(value) || ArrayBuffer.isView(value)) {
      const list = Array.from(value as ArrayLike<unknown>)
      const items = list.slice(0, MAX_ITEMS).map(inner)
      if (list.length > MAX_ITEMS) items.push(`... ${list.length - MAX_ITEMS} more items`)
      const prefix = name === undefined ? '' : `${name}(${list.length}) `
      return wrap(prefix, '[', items, ']', indent)
    }
    if (value instanceof Map) {
      const items = [...value].map(([k, v]) => `${inner(k)} => ${inner(v)}`)
      return wrap(`Map(${value.size}) `, '{', items, '}', indent)
    }
    if (value instanceof Set) return wrap(`Set(${value.size}) `, '{', [...value].map(inner), '}', indent)
    if (typeof Headers !== 'undefined' && value instanceof Headers) {
      const items = [...value].map(([k, v]) => `${quote(k)} => ${quote(v)}`)
      return wrap('Headers ', '{', items, '}', indent)
    }
    const items = Object.keys(value).map((key) => {
      const label = IDENTIFIER.test(key) ? key : quote(key)
      return `${label}: ${inner((value as Record<string, unknown>)[key])}`
    })
    return wrap(name === undefined ? '' : `${name} `, '{', items, '}', indent)
  } finally {
    seen.delete(value)
  }
}

/** An error as Node shows it inside a value: its first stack line (name and message), then its own fields. */
function showError(error: Error, depth: number, seen: Set<object>, indent: number): string {
  const head = `${error.name}: ${error.message}`
  const keys = Object.keys(error).filter((k) => k !== 'stack' && k !== 'message')
  if (keys.length === 0 || depth < 0) return keys.length === 0 ? head : `[${head}]`
  seen.add(error)
  try {
    const items = keys.map(
      (k) => `${k}: ${show((error as unknown as Record<string, unknown>)[k], depth - 1, seen, indent + 2)}`,
    )
    return wrap(`${head} `, '{', items, '}', indent)
  } finally {
    seen.delete(error)
  }
}

/** `prefix{ a, b }` on one line when it fits and holds no line break, else one item a line. */
function wrap(prefix: string, open: string, items: string[], close: string, indent: number): string {
  if (items.length === 0) return `${prefix}${open}${close}`
  const line = `${prefix}${open} ${items.join(', ')} ${close}`
  if (line.length + indent <= WIDTH && !line.includes('\n')) return line
  const pad = ' '.repeat(indent + 2)
  return `${prefix}${open}\n${items.map((item) => `${pad}${item}`).join(',\n')}\n${' '.repeat(indent)}${close}`
}
