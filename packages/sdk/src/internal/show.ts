/**
 * @module show
 * How a refused value is shown in a validation message (`amount must be greater than 0, got -5`): short
 * strings quoted, numbers as written, long strings and objects by their kind. Credentials (API key,
 * tokens, PINs) are never passed here: their messages use {@link kindOf}, which reveals nothing.
 */

/** A refused value as a message shows it. */
export function show(value: unknown): string {
  if (typeof value === 'string') return value.length > 100 ? kindOf(value) : JSON.stringify(value)
  return typeof value === 'object' || typeof value === 'function' ? kindOf(value) : String(value)
}

/** What kind of value a credential was, without any of its content (other values: as written). */
export function kindOf(value: unknown): string {
  if (value === '') return 'an empty string'
  if (typeof value === 'string') return `a string of ${value.length} characters`
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object'
  return typeof value === 'function' ? 'a function' : value == null ? String(value) : `a ${typeof value}`
}
