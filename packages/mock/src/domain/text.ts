/**
 * @module text
 * What a name or an address the control API sets may hold: one line of printable text. Control
 * characters (NUL, newlines, escapes), unpaired UTF-16 surrogates (not text: invalid once encoded as
 * UTF-8) and blank values are refused with a 400 naming the field, so every name the mock shows in its
 * answers, logs and pages is safe to print.
 */
import { RuleError } from './rule-error.js'

// C0 and C1 control characters, DEL, line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Refuses anything but a non-blank line of printable text of at most `max` characters.
 *
 * @example
 * ```ts
 * checkDisplayText('storeName', 'Riverside', 200) // ok
 * checkDisplayText('storeName', 'Bad\u0000name', 200) // RuleError 400: storeName must not contain control characters
 * ```
 */
export function checkDisplayText(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RuleError(400, `${field} must be a non-empty string`)
  if (value.length > max) throw new RuleError(400, `${field} must be at most ${max} characters`)
  if (CONTROL.test(value))
    throw new RuleError(400, `${field} must not contain control characters (one line of printable text)`)
  if (LONE_SURROGATE.test(value))
    throw new RuleError(400, `${field} must be valid Unicode text (it has an unpaired surrogate)`)
  return value
}
