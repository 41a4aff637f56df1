/**
 * @module test/browser/worker
 * Shared setup of the browser suites (`*.browser.test.ts`, project `browser`): the mock gateway runs in
 * the page, MSW's service worker (served by the `msw/vite` plugin, see vitest.workspace.ts) intercepts
 * the page's own `fetch`, and the clients are built with no `fetch` option, so every request leaves the
 * page for real and comes back through the worker.
 *
 * The helpers here also give a test the means to show that the worker, and nothing in the page, answered:
 * the worker that controls the page, the requests MSW received from it, and the browser's own timing
 * entry for a request (Resource Timing sets `workerStart` only when a service worker handled the fetch).
 */
import type { MockGateway } from '@merchant-gateway/mock'
import { setupWorker, type SetupWorker } from 'msw/browser'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

/** A Monday 09:00 UTC, after the enforcement dates of both releases; the mocks' clocks are frozen there. */
export const NOW = '2026-11-02T09:00:00.000Z'

/** Where the `msw/vite` plugin serves MSW's worker script. */
export const WORKER_SCRIPT_URL = new URL('/mockServiceWorker.js', location.origin).href

/** A started worker and the requests MSW received through it, as `"<METHOD> <url>"`, oldest first. */
interface MockWorker {
  readonly worker: SetupWorker
  readonly requests: string[]
}

/**
 * Registers MSW's service worker for `mock.handlers` and waits until it controls the page.
 * `onUnhandledFrame: 'bypass'`: once the page is controlled, the test runner's own module and
 * websocket traffic passes the worker too; the gateway's requests are all handled (the mock answers
 * a 404 or 405 for unknown routes under its `baseUrl`), so nothing of the gateway is bypassed.
 */
async function startMockWorker(mock: MockGateway, requests: string[] = []): Promise<MockWorker> {
  const worker = setupWorker(...mock.handlers)
  worker.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(mock.baseUrl)) requests.push(`${request.method} ${request.url}`)
  })
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
  return { worker, requests }
}

/**
 * The hooks of a browser suite: the worker starts once for the file, the mock goes back to its seed
 * (clock at its start) and the request log is emptied after each test, the worker stops at the end.
 * Returns the live request log.
 */
export function useMockWorker(mock: MockGateway): { readonly requests: string[] } {
  const requests: string[] = []
  let worker: SetupWorker | undefined
  beforeAll(async () => {
    ;({ worker } = await startMockWorker(mock, requests))
  })
  beforeEach(() => {
    // The browser keeps 250 Resource Timing entries and then drops new ones; the dev server's module loads
    // alone can fill them, so each test starts with room for the fetches it reads back with timingsOf.
    performance.clearResourceTimings()
  })
  afterEach(async () => {
    await mock.reset({ clock: 'start' })
    requests.length = 0
  })
  afterAll(async () => {
    await worker?.stop()
  })
  return { requests }
}

/**
 * The browser's Resource Timing entries for `url` (the page's fetches, as the network stack saw them).
 * `workerStart` is above 0 only for a fetch that a service worker handled.
 */
export function timingsOf(url: string): PerformanceResourceTiming[] {
  return performance
    .getEntriesByType('resource')
    .filter((entry): entry is PerformanceResourceTiming => entry.name === url)
}

/** The error a call ends with; fails the test when the call succeeds. */
// biome-ignore lint/suspicious/noExplicitAny: the caught error is read field by field by each test's assertions
export async function failure(call: () => Promise<unknown>): Promise<any> {
  let result: unknown
  try {
    result = await call()
  } catch (error) {
    return error
  }
  throw new Error(`expected the call to fail, it returned ${JSON.stringify(result)}`)
}
