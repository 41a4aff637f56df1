/**
 * @module test/e2e/verify-targets
 * Targets for the `verify` tests, on 127.0.0.1 only: a plain server for the test to shape (one that never
 * answers, resets connections, answers a web page), and an altered server in front of the mock's that passes
 * every request on and changes what comes back, one alteration at a time, the way a real service could differ
 * from the mock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { freePort } from './cli-process.js'

/** A server on 127.0.0.1 for the test to shape; `close` ends its connections too. */
export async function plainServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(handler)
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** What an altered server answers instead: its status, its body (JSON, or `text` as it is) and its headers. */
export interface Altered {
  status: number
  body?: unknown
  /** The body as sent, instead of `body` as JSON. */
  text?: string
  /** The headers passed on, changed; the upstream's (less framing) when absent. */
  headers?: Record<string, string>
}

/** One request as the altered server passed it on, and the upstream's answer. */
export interface Exchange {
  method: string
  /** The service path, without the `under` prefix and the query. */
  path: string
  /** The request body, parsed (undefined when there was none or it was not JSON). */
  request: unknown
  requestHeaders: Record<string, string>
  status: number
  /** The answer's body, parsed (undefined when it was not JSON). */
  body: unknown
  /** The answer's headers, lower-case names, less framing. */
  headers: Record<string, string>
}

/** How an altered server changes what it passes on. */
export interface Alteration {
  /** The path whose success `alter` changes. */
  path?: string
  alter?: (answer: { status: number; body: Record<string, unknown>; headers: Record<string, string> }) => Altered
  /** Changes any answer (a refusal too), seeing the request: undefined passes it as it is. */
  rewrite?: (exchange: Exchange) => Altered | undefined
  /** Serve the upstream under this path only (`/gateway`): anything else is a 404. */
  under?: string
  /**
   * Answers a request itself, before it is passed on (a reset, a web page, an answer that comes late): true
   * when it did. Sees the service path.
   */
  intercept?: (path: string, res: ServerResponse) => boolean
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A server on 127.0.0.1 in front of `upstream` that passes every request on and lets the alteration change
 * the answer: `alter` the success of one path (its status, JSON body and headers), `rewrite` any answer;
 * `intercept` answers a request itself. A failure here is a 502.
 */
export function alteredServer(upstream: string, { path, alter, rewrite, under = '', intercept }: Alteration) {
  return plainServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => void pass().catch(() => res.writeHead(502).end()))
    const pass = async () => {
      const url = req.url ?? '/'
      if (!url.startsWith(`${under}/`)) return void res.writeHead(404).end()
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      const target = new URL(url.slice(under.length), upstream)
      if (intercept?.(target.pathname, res)) return
      const answer = await fetch(target, { method: req.method, headers, body })
      const text = await answer.text()
      let altered: Altered | undefined
      const passed: Record<string, string> = Object.fromEntries(
        [...answer.headers].filter(([name]) => !['content-length', 'connection', 'date', 'keep-alive'].includes(name)),
      )
      if (alter && target.pathname === path && answer.status >= 200 && answer.status < 300) {
        altered = alter({ status: answer.status, body: JSON.parse(text) as Record<string, unknown>, headers: passed })
      }
      altered ??= rewrite?.({
        method: req.method ?? 'GET',
        path: target.pathname,
        request: body === undefined ? undefined : parsed(body.toString('utf8')),
        requestHeaders: headers,
        status: answer.status,
        body: parsed(text),
        headers: passed,
      })
      const out = altered === undefined ? text : (altered.text ?? JSON.stringify(altered.body))
      res.writeHead(altered?.status ?? answer.status, {
        ...(altered?.headers ?? passed),
        'content-length': Buffer.byteLength(out),
      })
      res.end(out)
    }
  })
}
