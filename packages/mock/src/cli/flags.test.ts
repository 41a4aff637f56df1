/**
 * @module cli/flags.test
 * A command's flags declared once: from one table of declarations come the usage's lines, the parser, the
 * did-you-mean, the defaults, the checks and the parsed command, so a flag added to the table is a flag of
 * the command everywhere at once.
 */
import { describe, expect, it } from 'vitest'
import {
  flagLines,
  givenFlags,
  matching,
  missingFlags,
  optionsOf,
  parseFlags,
  readFlags,
  unknownWord,
  UsageError,
  wholeNumber,
  type Flag,
} from './flags.js'

interface Checked {
  command: 'check'
  target: string | undefined
  strict: boolean
  retries: number
  limits: { depth?: number } | undefined
}

const TABLE: readonly Flag<Checked>[] = [
  {
    name: 'target',
    kind: 'string',
    value: '<url>',
    example: 'https://sandbox.example.com',
    help: ['what to check'],
    required: true,
    to: 'target',
    option: 'baseUrl',
  },
  {
    name: 'retries',
    short: 'r',
    kind: 'string',
    value: '<n>',
    help: ['attempts', 'after the first'],
    to: 'retries',
    default: 2,
    read: wholeNumber('retries', 0),
    option: 'retry.limit',
  },
  {
    name: 'depth',
    kind: 'string',
    value: '<n>',
    section: 'deep',
    help: ['how deep'],
    to: 'limits.depth',
    read: wholeNumber('depth', 1),
  },
]

/** The table with one more flag: all it takes to add `--strict` to the command. */
const WITH_STRICT: readonly Flag<Checked>[] = [
  ...TABLE,
  { name: 'strict', kind: 'boolean', help: ['a field the target adds is drift'], to: 'strict', option: 'strict' },
]

function parse(table: readonly Flag<Checked>[], argv: string[]) {
  const { values, positionals } = parseFlags(table, argv)
  return { args: readFlags(table, values, { command: 'check' }), given: givenFlags(values), positionals }
}

describe('one declaration per flag', () => {
  it('the parsed command has every declared field: the value given, read by its flag, or the default', () => {
    expect(parse(TABLE, ['--target', 'https://a.test', '-r', '5', '--depth', '3', 'extra'])).toEqual({
      args: { command: 'check', target: 'https://a.test', retries: 5, limits: { depth: 3 } },
      given: new Set(['target', 'retries', 'depth']),
      positionals: ['extra'],
    })
    const defaults = parse(TABLE, []).args
    expect(defaults).toEqual({ command: 'check', target: undefined, retries: 2, limits: undefined })
    expect(Object.keys(defaults)).toEqual(['command', 'target', 'retries', 'limits'])
  })

  it('a flag added to the table is parsed, listed, guessed and mapped with no other change', () => {
    expect(() => parse(TABLE, ['--strict'])).toThrow(new UsageError('unknown option --strict'))
    expect(parse(WITH_STRICT, ['--strict']).args.strict).toBe(true)
    expect(parse(WITH_STRICT, []).args.strict).toBe(false)
    expect(() => parse(WITH_STRICT, ['--strikt'])).toThrow('unknown option --strikt; did you mean --strict?')
    expect(flagLines(WITH_STRICT, { '': { column: 20 } }).at(-1)).toBe(
      '      --strict      a field the target adds is drift',
    )
    expect(optionsOf(WITH_STRICT, parse(WITH_STRICT, ['--strict']).args)).toEqual({ strict: true })
  })

  it('the usage lists each flag with its value and help (below a long one), sections with headings', () => {
    expect(flagLines(TABLE, { '': { column: 20 }, deep: { column: 22, heading: ['  Deep:'] } })).toEqual([
      '      --target <url>',
      '                    what to check',
      '  -r, --retries <n> attempts',
      '                    after the first',
      '  Deep:',
      '      --depth <n>     how deep',
    ])
  })

  it('a value refused by its flag, and a flag without its value, say what the flag takes', () => {
    expect(() => parse(TABLE, ['--retries', 'many'])).toThrow('--retries must be a whole number >= 0, got "many"')
    expect(() => parse(TABLE, ['--depth', '0'])).toThrow('--depth must be a whole number >= 1, got "0"')
    expect(() => parse(TABLE, ['--target'])).toThrow(
      '--target needs a value, e.g. --target https://sandbox.example.com',
    )
    expect(() => parse(TABLE, ['-r'])).toThrow('-r needs a value, e.g. -r <value>')
    expect(() => parse(TABLE, ['-r', '-1'])).toThrow('--retries must be a whole number >= 0, got "-1"')
    expect(matching(/^\d+$/, (v) => `bad ${v}`)('12')).toBe('12')
  })

  it('the required flags not given are named; the options are those of flags given, at their paths', () => {
    expect(missingFlags(TABLE, new Set(['retries']))).toEqual(['--target'])
    expect(optionsOf(TABLE, parse(TABLE, ['--target', 'https://a.test', '-r', '4']).args)).toEqual({
      baseUrl: 'https://a.test',
      retry: { limit: 4 },
    })
    // A flag left at its default sets nothing: the server's own default is the same.
    expect(optionsOf(TABLE, parse(TABLE, ['--retries', '2']).args)).toEqual({})
  })
})

describe('did you mean', () => {
  it.each([
    ['option', '--prot', ['--port', '--host'], 'unknown option --prot; did you mean --port?'],
    ['option', '--colour', ['--port', '--host'], 'unknown option --colour'],
    ['option', '-P', ['-p', '-q'], 'unknown option -P; did you mean -p?'],
    ['option', '-x', ['-p', '-q'], 'unknown option -x'],
    ['command', 'serv', ['serve', 'verify'], 'unknown command serv; did you mean serve?'],
    ['command', 'verfy', ['serve', 'verify'], 'unknown command verfy; did you mean verify?'],
    ['command', 'start', ['serve', 'verify'], 'unknown command start'],
  ])('an unknown %s %s is named, with the known one it likely misspells', (kind, word, known, message) => {
    expect(unknownWord(kind, word, known)).toBe(message)
  })
})
