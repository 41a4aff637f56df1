/**
 * @module matchers/closest
 * How near a logged call's body comes to what a test expected of it: the number of the expected body's
 * leaves it matches (compared with the test runner's own `equals`, so asymmetric matchers count), and the
 * part of the body a diff shows (the fields the expected body names, as `toMatchObject`'s diff shows them).
 */

/** `equals` of the test runner's matcher context (vitest's and jest's take the same arguments). */
export type Equals = (a: unknown, b: unknown, customTesters?: never[]) => boolean

/** A value written as `{...}` in a test: not an array, a date, a class instance or an asymmetric matcher. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * How many leaves of `expected` (its values that are not plain objects, at any depth) `actual` matches.
 *
 * @example
 * ```ts
 * matchedLeaves({ orderId: 1001, refundAmount: 5 }, { orderId: 1001, refundAmount: 2.5 }, equals) // 1
 * ```
 */
export function matchedLeaves(actual: unknown, expected: unknown, equals: Equals): number {
  if (!isPlainObject(expected)) return equals(actual, expected) ? 1 : 0
  if (!isPlainObject(actual)) return 0
  let matched = 0
  for (const [key, value] of Object.entries(expected))
    if (Object.hasOwn(actual, key)) matched += matchedLeaves(actual[key], value, equals)
  return matched
}

/**
 * The part of `actual` that a diff against `expected` shows: for plain objects, the fields `expected` names
 * (a field it names that `actual` lacks is left out, so the diff shows it missing); anything else as it is.
 *
 * @example
 * ```ts
 * subsetFor({ orderId: 1001, refundAmount: 2.5, note: 'x' }, { refundAmount: 5 }) // { refundAmount: 2.5 }
 * ```
 */
export function subsetFor(actual: unknown, expected: unknown): unknown {
  if (!isPlainObject(actual) || !isPlainObject(expected)) return actual
  const subset: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(expected))
    if (Object.hasOwn(actual, key)) subset[key] = subsetFor(actual[key], value)
  return subset
}

/**
 * The paths (`pin`, `contact.email`) where `actual` holds the log's `'[redacted]'` and `expected` another
 * string: a secret the log never keeps, which no expected value can match.
 *
 * @example
 * ```ts
 * redactedPaths({ pin: '[redacted]' }, { pin: '123456' }) // ['pin']
 * ```
 */
export function redactedPaths(actual: unknown, expected: unknown, at = ''): string[] {
  if (!isPlainObject(actual) || !isPlainObject(expected)) return []
  const paths: string[] = []
  for (const [key, value] of Object.entries(expected)) {
    const path = at === '' ? key : `${at}.${key}`
    const held = actual[key]
    if (held === '[redacted]' && typeof value === 'string' && value !== '[redacted]') paths.push(path)
    else paths.push(...redactedPaths(held, value, path))
  }
  return paths
}
