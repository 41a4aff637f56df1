/**
 * @module issues
 * Turns zod validation issues into one sentence a developer can act on, for the `message`
 * of 400 responses and for client-side validation errors.
 */
import type * as z from 'zod/mini'
import { config } from 'zod/mini'

type Issue = z.core.$ZodIssue

/**
 * The least an issue must carry: a message and where it is. Matches Standard Schema issues
 * (`schema['~standard'].validate(...)`), whose path segments may be `{ key }` objects.
 *
 * @example
 * ```ts
 * const issue: IssueLike = { message: 'must be a string of digits', path: ['order_id'] }
 * ```
 */
export interface IssueLike {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
  readonly code?: string | undefined
}

/**
 * Anything carrying issues: a `ZodError`, the `error` of a failed `safeParse`, or the
 * result of a Standard Schema `validate`.
 *
 * @example
 * ```ts
 * const source: IssueSource = { issues: [] }
 * ```
 */
export type IssueSource = z.core.$ZodError | { readonly issues: ReadonlyArray<z.core.$ZodIssue | IssueLike> }

const ZOD_CODES: ReadonlySet<string> = new Set([
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
])

// zod/mini without a locale gives every issue this message; anything else was written by a
// schema author (regex, refine) and is worth showing as is.
const DEFAULT_MESSAGE = 'Invalid input'

/**
 * The message a schema gave a validation issue (a `regex`, `refine` or check with its own message), or
 * `undefined` when zod wrote it: 'Invalid input', or the text of the locale in zod's global config. An app that
 * imports classic `zod` anywhere loads zod's English messages ('Invalid ISO datetime') for every zod of the process,
 * this package's schemas included; those are zod's words, not a schema's.
 */
function schemaMessage(issue: Issue | IssueLike): string | undefined {
  if (issue.message === DEFAULT_MESSAGE) return undefined
  const made = issue.code === undefined ? undefined : config().localeError?.(issue as unknown as z.core.$ZodRawIssue)
  return issue.message === (typeof made === 'string' ? made : made?.message) ? undefined : issue.message
}
const MAX_ISSUES = 10
const NO_VALUE: unique symbol = Symbol('no value')
type Lookup = unknown | typeof NO_VALUE

/**
 * Describes validation issues as one sentence: `path: problem` parts joined by `; `.
 *
 * zod/mini issues carry no readable message by default and usually not the offending
 * value, so the text is built from each issue's `code` and details. Pass the validated
 * `input` as the second argument to get "received ..." details and "is required" for
 * missing fields (or parse with `{ reportInput: true }`). Issues without a zod `code` are
 * shown by their message. At most 10 issues are listed.
 *
 * @example
 * ```ts
 * const result = createOrderRequestSchema.safeParse(body)
 * if (!result.success) {
 *   describeIssues(result.error, body)
 *   // 'amount: expected number, received string; currency: expected one of USD|KHR, received "EUR"'
 * }
 * ```
 */
export function describeIssues(error: IssueSource, ...given: [input?: unknown]): string {
  // An explicit `undefined` is a real input (a missing body), unlike no second argument.
  const root: Lookup = given.length >= 1 ? given[0] : NO_VALUE
  const parts: string[] = []
  for (const issue of error.issues) {
    for (const part of describeIssue(issue, [], root)) if (!parts.includes(part)) parts.push(part)
  }
  if (parts.length === 0) return 'invalid input'
  const shown = parts.slice(0, MAX_ISSUES)
  const more = parts.length - shown.length
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ')
}

function describeIssue(issue: Issue | IssueLike, prefix: readonly PropertyKey[], root: Lookup): string[] {
  const path = [
    ...prefix,
    ...(issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)),
  ]
  if (issue.code === 'invalid_union') {
    const best = closestUnionBranch(issue as Extract<Issue, { code: 'invalid_union' }>)
    // The caller most likely meant the closest shape; its own issues say what to fix.
    if (best !== undefined) return best.flatMap((inner) => describeIssue(inner, path, root))
  }
  const where = formatPath(path)
  const text =
    typeof issue.code === 'string' && ZOD_CODES.has(issue.code)
      ? describeProblem(issue as Issue, path, root)
      : issue.message || 'is invalid'
  if (where === '') return [text]
  // Messages such as "amount must be greater than 0" already name the field.
  if (text.startsWith(`${where} `)) return [text]
  return [`${where}: ${text}`]
}

function describeProblem(issue: Issue, path: readonly PropertyKey[], root: Lookup): string {
  const received = receivedValue(issue, path, root)
  switch (issue.code) {
    case 'invalid_type': {
      const expected = typeName(issue.expected)
      if (received === NO_VALUE) {
        const special = 'received' in issue && typeof issue.received === 'string' ? issue.received : undefined
        return special === undefined ? `expected ${expected}` : `expected ${expected}, received ${special}`
      }
      if (received === undefined) return `is required (expected ${expected})`
      return `expected ${expected}, received ${describeReceived(received, issue.expected === 'int')}`
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => String(v)).join('|')
      const head = issue.values.length === 1 ? `expected ${allowed}` : `expected one of ${allowed}`
      if (received === NO_VALUE) return head
      if (received === undefined) return `is required (${head})`
      return `${head}, received ${showValue(received)}`
    }
    case 'too_small':
      return describeSize('small', issue.origin, issue.minimum, issue.inclusive, issue.exact, received)
    case 'too_big':
      return describeSize('big', issue.origin, issue.maximum, issue.inclusive, issue.exact, received)
    case 'invalid_format':
      return schemaMessage(issue) ?? describeFormat(issue.format, issue.pattern)
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
    case 'invalid_union':
      return describeUnion(issue, received)
    case 'invalid_key':
    case 'invalid_element':
      return issue.issues.length > 0
        ? `has an invalid ${issue.code === 'invalid_key' ? 'key' : 'element'}: ` +
            issue.issues.flatMap((i) => describeIssue(i, [], NO_VALUE)).join(', ')
        : `has an invalid ${issue.code === 'invalid_key' ? 'key' : 'element'}`
    case 'custom':
      return schemaMessage(issue) ?? 'is invalid'
  }
}

function describeSize(
  direction: 'small' | 'big',
  origin: string,
  limit: number | bigint,
  inclusive: boolean | undefined,
  exact: boolean | undefined,
  received: Lookup,
): string {
  if (origin === 'string') {
    const got = typeof received === 'string' ? ` (received ${received.length})` : ''
    if (exact) return `must be exactly ${limit} characters${got}`
    if (direction === 'small' && Number(limit) === 1) return 'must not be empty'
    return `must be at ${direction === 'small' ? 'least' : 'most'} ${limit} characters${got}`
  }
  if (origin === 'array' || origin === 'set') {
    const got = Array.isArray(received) ? ` (received ${received.length})` : ''
    if (exact) return `must have exactly ${limit} items${got}`
    return `must have at ${direction === 'small' ? 'least' : 'most'} ${limit} items${got}`
  }
  if (direction === 'small') return inclusive === false ? `must be greater than ${limit}` : `must be at least ${limit}`
  return inclusive === false ? `must be less than ${limit}` : `must be at most ${limit}`
}

function describeFormat(format: string, pattern: string | undefined): string {
  switch (format) {
    case 'regex':
      return pattern === undefined ? 'has an invalid format' : `must match ${pattern}`
    case 'datetime':
      return 'must be an ISO 8601 date-time with time zone, e.g. 2026-03-02T09:00:00Z'
    case 'date':
      return 'must be an ISO 8601 date, e.g. 2026-03-02'
    case 'uuid':
      return 'must be a UUID'
    case 'email':
      return 'must be an e-mail address'
    case 'url':
      return 'must be a URL'
    default:
      return `must be a valid ${format}`
  }
}

// A branch whose only problem is a type mismatch at the union itself did not get anywhere;
// among branches that got past the type check, the one with the fewest issues is closest.
function closestUnionBranch(issue: Extract<Issue, { code: 'invalid_union' }>): Issue[] | undefined {
  const isRootTypeMiss = (i: Issue) => i.code === 'invalid_type' && i.path.length === 0
  const closer = issue.errors.filter((branch) => branch.length > 0 && !branch.every(isRootTypeMiss))
  if (closer.length === 0) return undefined
  return closer.reduce((a, b) => (b.length < a.length ? b : a))
}

function describeUnion(issue: Extract<Issue, { code: 'invalid_union' }>, received: Lookup): string {
  if (issue.errors.length === 0) return 'matches more than one allowed shape'
  const expected = [
    ...new Set(issue.errors.flat().map((i) => (i.code === 'invalid_type' ? typeName(i.expected) : 'another shape'))),
  ].join(' or ')
  if (received === NO_VALUE) return `expected ${expected}`
  if (received === undefined) return `is required (expected ${expected})`
  return `expected ${expected}, received ${describeReceived(received, expected.includes('integer'))}`
}

function receivedValue(issue: Issue, path: readonly PropertyKey[], root: Lookup): Lookup {
  if ('input' in issue) return issue.input
  return lookup(root, path)
}

function lookup(root: Lookup, path: readonly PropertyKey[]): Lookup {
  if (root === NO_VALUE) return NO_VALUE
  let value: unknown = root
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

function typeName(expected: string): string {
  if (expected === 'int') return 'integer'
  return expected
}

// For a number of the wrong kind (1.5 where an integer goes) the value itself is the clue.
function describeReceived(value: unknown, integerExpected: boolean): string {
  return integerExpected && typeof value === 'number' ? String(value) : kindOf(value)
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  return typeof value
}

function showValue(value: unknown): string {
  if (typeof value === 'string') {
    const clipped = value.length > 40 ? `${value.slice(0, 40)}…` : value
    return JSON.stringify(clipped)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return kindOf(value)
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}
