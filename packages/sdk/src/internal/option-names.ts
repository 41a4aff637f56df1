/**
 * @module option-names
 * Option names checked as a compiler checks them for TypeScript callers: an option a client or a call does
 * not take (a JavaScript caller's `retries` for `maxRetries`, a ky user's `retry`) is refused, naming the
 * nearest one it does take, instead of being ignored while the default applies.
 */
import { ClientValidationError } from '../errors/classes.js'

/**
 * The option of `known` that `name` most likely meant, or undefined when none is close. Case aside, two names
 * are as far apart as the letters left between what they start and end with alike (one slip of the keys,
 * `timout`, `tiemout`, `base_url`, is one or two): close when that is at most a third of the longer, or when
 * one holds the other (`url` and `baseUrl`, `abortSignal` and `signal`); the closest wins. `retry`, ky's
 * name for the number of retries, means `maxRetries`.
 *
 * @example
 * ```ts
 * nearestOption('retries', ['timeout', 'maxRetries']) // 'maxRetries'
 * nearestOption('colour', ['timeout', 'maxRetries']) // undefined
 * ```
 */
export function nearestOption(name: string, known: readonly string[]): string | undefined {
  if (name === 'retry' && known.includes('maxRetries')) return 'maxRetries'
  const a = name.toLowerCase()
  let nearest: string | undefined
  let best = 99
  for (const option of known) {
    const b = option.toLowerCase()
    const short = Math.min(a.length, b.length)
    const long = Math.max(a.length, b.length)
    let alike = 0
    while (alike < short && a[alike] === b[alike]) alike++
    for (let end = 1; alike < short && a.at(-end) === b.at(-end); end++) alike++
    const apart = long - alike
    if ((apart <= Math.max(1, long / 3) || (short > 2 && (a.includes(b) || b.includes(a)))) && apart < best) {
      nearest = option
      best = apart
    }
  }
  return nearest
}

/**
 * Refuses the first own key of `given` that `known` does not have: a {@link ClientValidationError} naming
 * it and the nearest option of `known`, or listing them all. `owner` says who takes the options
 * (`GatewayClient`, `a call`). The value is never shown (a misspelt `apikey` holds a credential).
 *
 * @example
 * ```ts
 * checkOptionNames({ retries: 3 }, { timeout: 1, maxRetries: 1 }, 'GatewayClient')
 * // throws: GatewayClient has no option retries: did you mean maxRetries?
 * ```
 */
export function checkOptionNames(given: object, known: object, owner: string): void {
  for (const name of Object.keys(given)) {
    if (Object.hasOwn(known, name)) continue
    const names = Object.keys(known)
    const near = nearestOption(name, names)
    throw new ClientValidationError(
      `${owner} has no option ${name}${near ? `: did you mean ${near}?` : `; it takes ${names.join(', ')}`}`,
    )
  }
}
