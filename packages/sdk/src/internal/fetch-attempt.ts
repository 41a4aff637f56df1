/**
 * @module fetch-attempt
 * One HTTP attempt shared by the gateway and PIN transports: fetch and read the body within a time
 * budget, the caller's signal aborting it, and every way it can end told apart. No zod, no signing:
 * the PIN client's small browser bundle uses it too.
 */

/** How an attempt ended. */
export type AttemptOutcome =
  | { kind: 'answer'; answer: { status: number; headers: Headers; text: string } }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'network'; error: unknown }
  | { kind: 'broken'; error: unknown }

/**
 * Fetches `url` and reads the body within `budgetMs`. Relies on fetch honouring its signal, as every
 * platform fetch (and msw's) does.
 */
export async function fetchAttempt(fetchFn: typeof fetch, url: string, init: RequestInit, budgetMs: number, userSignal: AbortSignal | undefined): Promise<AttemptOutcome> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, budgetMs)
  const onAbort = () => controller.abort(userSignal?.reason)
  userSignal?.addEventListener('abort', onAbort, { once: true })
  try {
    init.signal = controller.signal
    const response = await fetchFn(url, init)
    const text = await response.text()
    return { kind: 'answer', answer: { status: response.status, headers: response.headers, text } }
  } catch (error) {
    if (userSignal?.aborted) return { kind: 'aborted' }
    if (timedOut) return { kind: 'timeout' }
    // fetch rejects with a TypeError when no answer arrives; anything else is a bug in a custom fetch.
    return error instanceof TypeError ? { kind: 'network', error } : { kind: 'broken', error }
  } finally {
    clearTimeout(timer)
    userSignal?.removeEventListener('abort', onAbort)
  }
}

/** A body as JSON when it parses, else the text (undefined when empty). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text === '' ? undefined : text
  }
}

/** An error's message with its cause's, for error messages. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
  return String(error)
}
