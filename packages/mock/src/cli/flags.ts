/**
 * @module cli/flags
 * A command's flags, each declared once: its name (and short name), whether it takes a value, what the usage
 * shows and its help text, an example value, its default, how its value is checked and read, where the value
 * goes in the parsed command, and the server option it sets. The usage's options, the parser (Node's
 * `util.parseArgs` under it), the did-you-mean of a mistyped flag or command and the parsed result are
 * derived from the declarations, so adding a flag is adding one.
 */
import { parseArgs } from 'node:util'
import { isoInstantRefusal } from '../clock/clock.js'
import { editDistance } from '../nearest-word.js'

/**
 * The dotted paths of an object's fields, nested objects' fields too (`retention.webhooks.max`).
 *
 * @example
 * ```ts
 * const path: Path<{ retention?: { webhooks?: { max?: number } } }> = 'retention.webhooks.max'
 * ```
 */
type Path<T> = {
  [K in keyof T & string]: NonNullable<T[K]> extends readonly unknown[] | string | number | boolean
    ? K
    : K | `${K}.${Path<NonNullable<T[K]>>}`
}[keyof T & string]

/**
 * One flag of a command whose parsed form is `A`.
 *
 * @example
 * ```ts
 * const quiet: Flag<ServeArgs> = { name: 'quiet', short: 'q', kind: 'boolean', to: 'quiet',
 *   help: ['no log line per request'] }
 * ```
 */
export interface Flag<A> {
  /** The long name, without `--`. */
  readonly name: string
  /** The one-letter name, without `-`. */
  readonly short?: string
  /** `boolean`: no value; `string`: one value; `strings`: one value each time it is given (repeatable). */
  readonly kind: 'boolean' | 'string' | 'strings'
  /** What the usage shows after the name (`<n>`). */
  readonly value?: string
  /** A value for the message of the flag given without one (`--port needs a value, e.g. --port 4010`). */
  readonly example?: string
  /** The help text, one entry a line of the usage. */
  readonly help: readonly string[]
  /** The usage's section it is listed in (the default section when absent). */
  readonly section?: string
  /** Where its value goes in the parsed command; none: the command reads it itself (`--help`). */
  readonly to?: Path<A>
  /** Its value when not given (a boolean: false; repeatable: none). */
  readonly default?: unknown
  /** A flag the command cannot run without. */
  readonly required?: boolean
  /**
   * Checks a value as given and reads it (a number from its digits, say); throws a {@link UsageError} that
   * names the flag, what it takes and what it got. A repeatable flag's values are read one by one.
   */
  readonly read?: (value: string) => unknown
  /** The server option (a dotted path) its value sets unchanged; none: the command uses it in its own way. */
  readonly option?: string
  /**
   * The field of a session's options (`POST /__mock/sessions`, a dotted path) that sets the same for one session,
   * when it makes sense per session; none: a server-wide flag.
   */
  readonly session?: string
}

/**
 * A wrong command line: its message is shown in one line, with the hint to run `--help`, and the process
 * exits 2.
 *
 * @example
 * ```ts
 * throw new UsageError('--port must be an integer from 0 to 65535, got "abc"')
 * ```
 */
export class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * A rule between flags, checked once each flag's value is read: the message when the command line breaks it.
 *
 * @example
 * ```ts
 * const rule: FlagRule<VerifyArgs> = (args, given) =>
 *   given.has('payout-account') && !args.money ? '--payout-account goes with --money' : undefined
 * ```
 */
export type FlagRule<A> = (args: A, given: ReadonlySet<string>) => string | undefined

/**
 * The command line parsed against the flags (Node's `util.parseArgs`, strict): the values of the flags given,
 * by name, and the arguments that are not flags. A flag the command does not know, or one given without its
 * value, throws a {@link UsageError}.
 *
 * @example
 * ```ts
 * const { values, positionals } = parseFlags(SERVE_FLAGS, ['serve', '--port', '0'])
 * values.port // '0'
 * ```
 */
export function parseFlags<A>(
  flags: readonly Flag<A>[],
  argv: readonly string[],
): { values: Readonly<Record<string, string | boolean | string[] | undefined>>; positionals: string[] } {
  const table = optionTable(flags)
  const { values, positionals } = parseArgs({
    args: lenientPass(argv, flags, table),
    allowPositionals: true,
    strict: true,
    options: table,
  })
  return { values: values as Record<string, string | boolean | string[] | undefined>, positionals }
}

/**
 * The command's fields filled from the flags' values (their defaults for those not given), each value read by
 * its flag, in the flags' order: the first value refused throws its {@link UsageError}.
 *
 * @example
 * ```ts
 * const args = readFlags(SERVE_FLAGS, values, { command: 'serve' })
 * ```
 */
export function readFlags<A extends object>(
  flags: readonly Flag<A>[],
  values: Readonly<Record<string, string | boolean | string[] | undefined>>,
  base: Partial<A>,
): A {
  const args = structuredClone(base) as A
  for (const flag of flags) {
    if (flag.to === undefined) continue
    const raw = values[flag.name]
    const value =
      raw === undefined
        ? (flag.default ?? (flag.kind === 'boolean' ? false : flag.kind === 'strings' ? [] : undefined))
        : typeof raw === 'boolean' || flag.read === undefined
          ? raw
          : Array.isArray(raw)
            ? raw.map((one) => flag.read!(one))
            : flag.read(raw)
    if (value !== undefined) setPath(args, flag.to, value)
    else {
      // A field is there, undefined, when no flag gave it a value (a nested one only at its top).
      const top = flag.to.split('.')[0]!
      if (!(top in args)) (args as Record<string, unknown>)[top] = undefined
    }
  }
  return args
}

/**
 * The names of the flags given.
 *
 * @example
 * ```ts
 * givenFlags({ port: '0', frozen: undefined }) // Set { 'port' }
 * ```
 */
export function givenFlags(values: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  return new Set(Object.keys(values).filter((name) => values[name] !== undefined))
}

/**
 * The flags that are missing among the required ones, as the command line writes them.
 *
 * @example
 * ```ts
 * missingFlags(VERIFY_FLAGS, new Set(['api-key'])) // ['--base-url', '--api-secret']
 * ```
 */
export function missingFlags<A>(flags: readonly Flag<A>[], given: ReadonlySet<string>): string[] {
  return flags.filter((flag) => flag.required && !given.has(flag.name)).map((flag) => `--${flag.name}`)
}

/**
 * The server options the flags set, from a parsed command: each flag's value at its option's path, unless
 * the flag was left at its default (the server's default is then the same) or has none.
 *
 * @example
 * ```ts
 * optionsOf(SERVE_FLAGS, parseCli(['--keep-codes', '5']) as ServeArgs) // { retention: { outbox: { max: 5 } } }
 * ```
 */
export function optionsOf<A extends object>(flags: readonly Flag<A>[], args: A): Record<string, unknown> {
  const options: Record<string, unknown> = {}
  for (const flag of flags) {
    if (flag.option === undefined || flag.to === undefined) continue
    const value = getPath(args, flag.to)
    const unset = flag.default ?? (flag.kind === 'boolean' ? false : undefined)
    if (value === undefined || value === unset || (Array.isArray(value) && value.length === 0)) continue
    setPath(options, flag.option, value)
  }
  return options
}

/**
 * The usage's lines of the flags: each flag's names and value, and its help in a column (on the next line
 * when the names fill the column); a section's heading before its flags.
 *
 * @example
 * ```ts
 * flagLines(SERVE_FLAGS, { '': { column: 25 }, history: { column: 35, heading: ['  History:'] } })
 * ```
 */
export function flagLines<A>(
  flags: readonly Flag<A>[],
  sections: Readonly<Record<string, { column: number; heading?: readonly string[] }>>,
): string[] {
  const lines: string[] = []
  let section: string | undefined
  for (const flag of flags) {
    const name = flag.section ?? ''
    const { column, heading = [] } = sections[name] ?? { column: 25 }
    if (name !== section) lines.push(...heading)
    section = name
    const label = `  ${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`
    const [first = '', ...rest] = flag.help
    const indent = ' '.repeat(column)
    if (label.length < column) lines.push(`${label.padEnd(column)}${first}`)
    else lines.push(label, `${indent}${first}`)
    for (const line of rest) lines.push(`${indent}${line}`)
  }
  return lines
}

/**
 * The message for a word the command line does not know, with the nearest known one when one is close enough
 * to be a typo: two edits in a long word, one in a short one (a swap counts as one); a one-letter flag only in
 * the other case (`-P`), since every letter is one edit from every other.
 *
 * @example
 * ```ts
 * unknownWord('option', '--prot', ['--port', '--host']) // 'unknown option --prot; did you mean --port?'
 * unknownWord('command', '"serv"', ['serve', 'verify'], 'serv') // 'unknown command "serv"; did you mean serve?'
 * ```
 */
export function unknownWord(kind: string, shown: string, known: readonly string[], word = shown): string {
  let nearest: string | undefined
  let best = Number.POSITIVE_INFINITY
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate)
    if (distance < best) [nearest, best] = [candidate, distance]
  }
  const short = /^-[^-]$/.test(word)
  const close = nearest !== undefined && nearest !== word && best <= (short ? 0 : word.length > 7 ? 2 : 1)
  return `unknown ${kind} ${shown}${close ? `; did you mean ${nearest}?` : ''}`
}

// The readers of values the commands share.

/**
 * Refuses a value: the message names the flag, what it takes and what it got.
 *
 * @example
 * ```ts
 * refuse('--pin must be 6 digits')
 * ```
 */
export function refuse(message: string): never {
  throw new UsageError(message)
}

/**
 * A reader of a value that must match `pattern`, kept as given.
 *
 * @example
 * ```ts
 * matching(/^\\d{6}$/, () => '--pin must be 6 digits')('123456') // '123456'
 * ```
 */
export const matching =
  (pattern: RegExp, message: (value: string) => string) =>
  (value: string): string =>
    pattern.test(value) ? value : refuse(message(value))

/**
 * A reader of a whole number from `min` (digits only), and up to `max` when given, as a number.
 *
 * @example
 * ```ts
 * wholeNumber('keep-codes', 0)('5') // 5
 * wholeNumber('keep-alive-seconds', 1, 86_400)('0') // throws: ... must be a whole number from 1 to 86400
 * ```
 */
export const wholeNumber =
  (flag: string, min: 0 | 1, max?: number) =>
  (value: string): number =>
    /^\d+$/.test(value) &&
    Number.isSafeInteger(Number(value)) &&
    Number(value) >= min &&
    (max === undefined || Number(value) <= max)
      ? Number(value)
      : refuse(
          `--${flag} must be a whole number ${max === undefined ? `>= ${min}` : `from ${min} to ${max}`}, ` +
            `got ${JSON.stringify(value)}`,
        )

/**
 * A reader of an ISO 8601 date as the mock clock takes one (`parseIsoInstant`): a time with its zone (`Z` or
 * `±hh:mm`), or a date alone for UTC midnight; a day or time the calendar lacks is refused.
 *
 * @example
 * ```ts
 * isoDate('now')('2026-11-02T09:00:00Z') // '2026-11-02T09:00:00Z'
 * isoDate('now')('2026-11-02T09:00:00') // throws: --now must be an ISO 8601 date ...: a time needs its zone ...
 * ```
 */
export const isoDate = (flag: string) => (value: string) => {
  const refused = isoInstantRefusal(`--${flag}`, value)
  return refused === undefined ? value : refuse(refused)
}

/**
 * A reader of an http(s) URL.
 *
 * @example
 * ```ts
 * httpUrl('webhook-url')('http://127.0.0.1:3000/webhooks')
 * ```
 */
export const httpUrl = (flag: string) =>
  matching(/^https?:\/\/[^\s]+$/, (value) => `--${flag} must be an http(s) URL, got ${JSON.stringify(value)}`)

/**
 * `-h, --help` and `-v, --version`, which every command takes (it reads them itself).
 *
 * @example
 * ```ts
 * const flags: Flag<ServeArgs>[] = [...ownFlags, ...helpAndVersion()]
 * ```
 */
export function helpAndVersion<A>(): Flag<A>[] {
  return [
    { name: 'help', short: 'h', kind: 'boolean', help: ['this text'] },
    { name: 'version', short: 'v', kind: 'boolean', help: ['the version'] },
  ]
}

/** An option table as `parseArgs` takes it. */
type OptionTable = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>

function optionTable<A>(flags: readonly Flag<A>[]): OptionTable {
  const table: OptionTable = {}
  for (const { name, short, kind } of flags) {
    table[name] = {
      type: kind === 'boolean' ? 'boolean' : 'string',
      ...(short !== undefined ? { short } : {}),
      ...(kind === 'strings' ? { multiple: true } : {}),
    }
  }
  return table
}

/**
 * A first, lenient pass over the arguments: an option the command does not know is named, with the nearest
 * known one (`unknown option --prot; did you mean --port?`), rather than in `parseArgs`' own words; and a
 * negative number after an option, such as `-p -1`, is kept as the option's value (`--port=-1`), so that the
 * option's own check says what it takes instead of `parseArgs` calling the value ambiguous. Returns the
 * arguments for the strict pass; throws a {@link UsageError} for an unknown option or a missing value.
 */
function lenientPass<A>(argv: readonly string[], flags: readonly Flag<A>[], table: OptionTable): string[] {
  const { tokens } = parseArgs({ args: [...argv], allowPositionals: true, strict: false, tokens: true, options: table })
  const args = [...argv]
  // From the end, so that joining an option and its value does not move the indexes still to visit.
  for (const token of [...tokens].reverse()) {
    if (token.kind !== 'option') continue
    const flag = flags.find((f) => f.name === token.name)
    if (flag === undefined) {
      const known = token.rawName.startsWith('--')
        ? flags.map((f) => `--${f.name}`)
        : flags.flatMap((f) => (f.short !== undefined ? [`-${f.short}`] : []))
      throw new UsageError(unknownWord('option', token.rawName, known))
    }
    const value = token.value
    // An option that takes a value, given none (`-p` at the end, `--now --frozen`): said in the CLI's words,
    // with an example. A negative number is a value (`-p -1`), refused later by its own check.
    const missing = value === undefined || (!token.inlineValue && value.startsWith('-') && !/^-\d/.test(value))
    if (flag.kind !== 'boolean' && missing)
      throw new UsageError(`${token.rawName} needs a value, e.g. ${token.rawName} ${flag.example ?? '<value>'}`)
    // A lone option only (`-p -1`, `--port -1`): in a group of short flags (`-qp -1`) the value stays ambiguous.
    const lone = args[token.index] === token.rawName
    if (lone && token.inlineValue === false && value !== undefined && /^-\d/.test(value)) {
      args.splice(token.index, 2, `--${token.name}=${value}`)
    }
  }
  return args
}

function setPath(target: object, path: string, value: unknown): void {
  const keys = path.split('.')
  let at = target as Record<string, unknown>
  for (const key of keys.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {}
    at = at[key] as Record<string, unknown>
  }
  at[keys.at(-1)!] = value
}

function getPath(source: object, path: string): unknown {
  let at: unknown = source
  for (const key of path.split('.'))
    at = at === undefined || at === null ? undefined : (at as Record<string, unknown>)[key]
  return at
}
