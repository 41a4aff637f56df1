/**
 * @module config
 * What the page needs to know: who is signed in, where the PIN service is, where the merchant's backend
 * is. A production build reads it from its build-time environment and from the session the sign-in page
 * stored; in the dev server the mock supplies it (src/mocks/browser.ts).
 */

/** The signed-in user and the services the page talks to. */
export interface AppConfig {
  /**
   * The user's name, verified e-mail address (forgot-PIN sends the code there) and whether the user has a
   * payment PIN (the page offers to set one only to a user who has none).
   */
  user: { name: string; email: string; hasPin: boolean }
  /** The user's access token, as the sign-in gave it; sent to the PIN service as a bearer token. */
  accessToken: string
  /** The gateway's base URL: the PIN service answers under it. */
  gatewayUrl: string
  /** The merchant backend's base URL (`''`: this page's own origin), which serves `/api/orders`. */
  backendUrl: string
}

/** The key under which the sign-in page stores the session (`{ name, email, hasPin, accessToken }`). */
const SESSION_KEY = 'session'

/**
 * The configuration of a production build: the gateway from `VITE_GATEWAY_URL`, the backend from
 * `VITE_BACKEND_URL` (default: the page's origin), the user from the session in `sessionStorage`.
 *
 * @throws Error when the build has no gateway URL or nobody is signed in.
 */
export function loadConfig(): AppConfig {
  const gatewayUrl = import.meta.env.VITE_GATEWAY_URL
  if (!gatewayUrl) throw new Error('This build has no VITE_GATEWAY_URL: set it when building the app.')
  const stored = sessionStorage.getItem(SESSION_KEY)
  if (!stored) throw new Error('Nobody is signed in: sign in first.')
  const session = JSON.parse(stored) as { name: string; email: string; hasPin: boolean; accessToken: string }
  return {
    user: { name: session.name, email: session.email, hasPin: session.hasPin },
    accessToken: session.accessToken,
    gatewayUrl,
    backendUrl: import.meta.env.VITE_BACKEND_URL ?? '',
  }
}
