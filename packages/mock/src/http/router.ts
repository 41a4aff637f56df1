/**
 * @module router
 * The mock's one router: a table of routes compiled once into lookups, which every part of the mock routes
 * through (the service's routes, the control API's, the parts of the HTTP server's app). A route is a method
 * (or `ALL`) and a path: an exact path, a path with `{name}` segments (the control API's ids), `{ prefix }`
 * for every path under one, or `'*'` for anything left under the base. A path is looked up in that order:
 * exact paths (a map), paths with segments, prefixes in the table's order, the catch-all.
 *
 * How a path is read is the table's choice: as written, and with one trailing slash left off
 * (`trailingSlash`), and percent-decoded (`decoded`). The service's table takes all three, as msw's matching
 * does (its two compilations must answer alike); a table that mounts parts reads paths as written only, so
 * that an encoded slash or dot can never reach another part than the one it names.
 */

/**
 * What the router needs of a route; the rest of the route is the table's own.
 *
 * @example
 * ```ts
 * const route: RouteShape = { method: 'GET', path: '/merchants/{merchantId}' }
 * ```
 */
export interface RouteShape {
  /** An HTTP method, or `ALL` for any. */
  readonly method: string
  /** An exact path (`{name}` marks a segment), `{ prefix }`, or `'*'` for anything under the base. */
  readonly path: string | { readonly prefix: string }
}

/**
 * How a table reads paths.
 *
 * @example
 * ```ts
 * const options: RouterOptions = { base: '/__mock', trailingSlash: true }
 * ```
 */
export interface RouterOptions {
  /** The path every route of the table is under (a base URL's path, where a part is mounted); default none. */
  base?: string
  /** A path with one trailing slash is also read without it. */
  trailingSlash?: boolean
  /** A path with percent-escapes is also read decoded. */
  decoded?: boolean
}

/**
 * A compiled table.
 *
 * @example
 * ```ts
 * const router = createRouter(routes, { base: '/__mock', trailingSlash: true })
 * router.match('POST', '/__mock/clock') // { route, params: {} }
 * router.allowed('/__mock/faults') // 'GET, POST, DELETE'
 * ```
 */
export interface Router<R> {
  /** The route that takes `method` on `path`, with the values of its `{name}` segments as written; or undefined. */
  match(method: string, path: string): RouteHit<R> | undefined
  /**
   * The methods of the exact routes and the routes with segments whose path is `path`, as an `Allow` value
   * (in the table's order), or undefined when none has it.
   */
  allowed(path: string): string | undefined
}

/**
 * A route matched, with the values of its `{name}` segments. A route without segments is matched by the same
 * frozen hit every time: a lookup on a request's path makes no object.
 */
type RouteHit<R> = Readonly<{ route: R; params: Readonly<Record<string, string>> }>

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({})

/** The hit of a route without segments. */
const hitOf = <R>(route: R): RouteHit<R> => Object.freeze({ route, params: NO_PARAMS })

interface Segmented<R> {
  route: R
  pattern: RegExp
  names: readonly string[]
}

/**
 * Compiles a table of routes.
 *
 * @example
 * ```ts
 * const router = createRouter([{ method: 'GET', path: '/clock' }, { method: 'ALL', path: '*' }], { base: '/__mock' })
 * router.match('GET', '/__mock/clock')?.route.path // '/clock'
 * ```
 */
export function createRouter<R extends RouteShape>(routes: readonly R[], options: RouterOptions = {}): Router<R> {
  const base = (options.base ?? '').replace(/\/+$/, '')
  // By method, then path: a lookup per request makes no key string of the two.
  const exact = new Map<string, Map<string, RouteHit<R>>>()
  const methodsByPath = new Map<string, string[]>()
  const segmented: Segmented<R>[] = []
  const prefixed: Array<{ prefix: string; hit: RouteHit<R> }> = []
  let fallback: RouteHit<R> | undefined
  for (const route of routes) {
    const { path } = route
    if (path === '*') fallback ??= hitOf(route)
    else if (typeof path !== 'string') prefixed.push({ prefix: `${base}${path.prefix}`, hit: hitOf(route) })
    else if (path.includes('{')) segmented.push(compileSegments(route, `${base}${path}`))
    else {
      let byPath = exact.get(route.method)
      if (!byPath) exact.set(route.method, (byPath = new Map()))
      if (!byPath.has(`${base}${path}`)) byPath.set(`${base}${path}`, hitOf(route))
      const methods = methodsByPath.get(`${base}${path}`) ?? []
      if (!methods.includes(route.method)) methods.push(route.method)
      methodsByPath.set(`${base}${path}`, methods)
    }
  }
  const fallbackPrefix = `${base}/`
  const anyMethod = exact.get('ALL')
  const formsOf = options.decoded
    ? (path: string) => decodedForms(path, options.trailingSlash === true)
    : options.trailingSlash
      ? slashForms
      : (path: string) => [path]
  return {
    match(method, path) {
      // The path as written first (every table reads it so, and most requests name an exact path): no forms made.
      const byMethod = exact.get(method)
      const direct = byMethod?.get(path) ?? anyMethod?.get(path)
      if (direct) return direct
      const forms = formsOf(path)
      for (let i = 1; i < forms.length; i++) {
        const hit = byMethod?.get(forms[i]!) ?? anyMethod?.get(forms[i]!)
        if (hit) return hit
      }
      for (const { route, pattern, names } of segmented) {
        if (route.method !== method && route.method !== 'ALL') continue
        for (const form of forms) {
          const values = pattern.exec(form)
          if (values) return { route, params: Object.fromEntries(names.map((name, i) => [name, values[i + 1]!])) }
        }
      }
      for (const { prefix, hit } of prefixed) {
        const routeMethod = hit.route.method
        if ((routeMethod === 'ALL' || routeMethod === method) && someStartsWith(forms, prefix)) return hit
      }
      if (fallback && someStartsWith(forms, fallbackPrefix)) return fallback
      return undefined
    },
    allowed(path) {
      const methods: string[] = []
      const add = (method: string) => {
        if (!methods.includes(method)) methods.push(method)
      }
      const forms = formsOf(path)
      for (const form of forms) methodsByPath.get(form)?.forEach(add)
      for (const { route, pattern } of segmented) if (forms.some((form) => pattern.test(form))) add(route.method)
      return methods.length > 0 ? methods.join(', ') : undefined
    },
  }
}

/** True when one of the forms starts with `prefix` (a loop: no closure per lookup). */
function someStartsWith(forms: readonly string[], prefix: string): boolean {
  for (const form of forms) if (form.startsWith(prefix)) return true
  return false
}

/** A path with `{name}` segments as a pattern: each segment is one or more characters other than `/`. */
function compileSegments<R extends RouteShape>(route: R, path: string): Segmented<R> {
  const names: string[] = []
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      names.push(name)
      return '([^/]+)'
    })
    .join('')
  return { route, names, pattern: new RegExp(`^${source}$`) }
}

/** The path, and without its one trailing slash. */
function slashForms(path: string): string[] {
  return path.length > 1 && path.endsWith('/') ? [path, path.slice(0, -1)] : [path]
}

/**
 * The forms of a path msw's matching accepts: as written and percent-decoded, each with and without one
 * trailing slash (when `trailingSlash`).
 */
function decodedForms(path: string, trailingSlash: boolean): string[] {
  const forms = [path]
  const decoded = decode(path)
  if (decoded !== path) forms.push(decoded)
  if (trailingSlash && path.length > 1 && path.endsWith('/')) {
    const stripped = path.slice(0, -1)
    forms.push(stripped)
    const strippedDecoded = decode(stripped)
    if (strippedDecoded !== stripped) forms.push(strippedDecoded)
  }
  return forms
}

function decode(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The path of an absolute URL string, without query or fragment, as it was written (not decoded); no URL
 * is parsed.
 *
 * @example
 * ```ts
 * pathOf('https://gateway.mock/api/v1/auth/set-pin?x=1') // '/api/v1/auth/set-pin'
 * ```
 */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  let end = url.length
  const query = url.indexOf('?', start)
  if (query !== -1) end = query
  const hash = url.indexOf('#', start)
  if (hash !== -1 && hash < end) end = hash
  return url.slice(start, end)
}
