/**
 * @module mock/ui/app
 * The mock inspector: one page, served at `/__mock/ui/` by the mock's HTTP server, that shows the mock's
 * state and drives it, through the control API only (the same routes any client can call).
 *
 * Live updates: the page asks `GET /__mock/version` once a second and reloads what it shows only when the
 * number moved: a glance at the state (`GET /__mock/snapshot?limit=50`) and the last requests answered
 * (`GET /__mock/requests?limit=50`). "Save state" downloads the complete state (`GET /__mock/snapshot`), the
 * file `POST /__mock/snapshot`, `createMockGateway({ state })` and the CLI's `--state` load. Polling rather
 * than server-sent events: one tiny request a second costs the server nothing measurable, goes through the
 * control API's checks like every other call, survives restarts of the server without reconnection logic,
 * and needs no change notifications from the mock.
 *
 * A server with a control token answers 401 until the page sends it: the page then asks for it (a form
 * that says where the server printed it) instead of showing the refusal.
 *
 * The page works where it is served: at the server's root (`/__mock/ui/`) or in a session
 * (`/s/<id>/__mock/ui/`), whose mock it then shows and drives: every call and image goes under that base.
 *
 * Built with Preact and htm (tagged templates, no JSX step) into `ui/app.js` by `scripts/build-ui.mjs`.
 */
import { html } from 'htm/preact'
import { render } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { parseIsoInstant } from '../../src/clock/clock.js'
import type { MockSnapshot } from '../../src/control/control-api.js'
import type { RequestLogEntry } from '../../src/http/request-log.js'

const POLL_MS = 1000
const HOUR = 3_600_000

/**
 * The base of the mock the page belongs to: `''` at the server's root, `/s/<id>` in a session (the page is
 * `<base>/__mock/ui/`). Its control calls go to `<base>/__mock/...` and its QR images to `<base>/qr/...`: an
 * absolute `/__mock/...` would show and drive the root's mock from a session's page.
 */
const BASE = location.pathname.replace(/\/__mock\/ui(?:\/.*)?$/, '')

// --- The control token ----------------------------------------------------------------------------

const TOKEN_KEY = 'mock-control-token'

/*
 * The token is kept in the tab's sessionStorage: a reload, or the page opened again in the same tab,
 * needs no second paste, and it is gone when the tab closes. Not localStorage: that would keep a secret on
 * disk for every later visit and hand it to every tab, long after the server that made it up is gone (a
 * server off loopback makes up a new token at each start). Storage may be switched off: then the token
 * lives as long as the page.
 */
function keepToken(value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(TOKEN_KEY)
    else sessionStorage.setItem(TOKEN_KEY, value)
  } catch {
    // No storage for this page: the token is used, not kept.
  }
}

function keptToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

/**
 * The token the page starts with: the address's fragment (`#token=...`, as the banner's inspector line
 * prints it), else the one this tab kept. The fragment is taken out of the address at once, so the token
 * stays out of the address bar, bookmarks and screen shares (a fragment never reaches a server or a log).
 */
function startToken(): string | null {
  const fromAddress = new URLSearchParams(location.hash.slice(1)).get('token')
  if (fromAddress) {
    keepToken(fromAddress)
    history.replaceState(null, '', location.pathname + location.search)
    return fromAddress
  }
  return keptToken()
}

/** The token sent with every control call; null while the page has none. */
let token = startToken()

// --- The control API ------------------------------------------------------------------------------

/**
 * A control call that did not succeed: the message to show, and the status of the control API's refusal (0
 * when the answer was not the control API's: none came, or a proxy's page, which no token would get past).
 */
class ControlError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))
const unauthorized = (e: unknown) => e instanceof ControlError && e.status === 401

/**
 * What came back when it was not the control API's JSON (an HTML error page or a plain-text 502 of a
 * proxy, an empty body), said in words: its status, its type and the gist of its text, tags left out.
 */
function notJson(call: string, res: Response, text: string): ControlError {
  const type = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim()
  const gist = text
    .replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const shown = gist.length > 160 ? `${gist.slice(0, 160)}...` : gist
  const what =
    text.trim() === '' ? 'an empty body' : `${type || 'no Content-Type'}, not JSON${shown ? `: "${shown}"` : ''}`
  return new ControlError(`the server answered ${res.status} with ${what} (${call})`, 0)
}

/**
 * Calls a control route and returns its JSON (undefined for a 204). Throws a {@link ControlError} with
 * the server's own message on a refusal, and with a readable description when the answer is not the
 * control API's JSON: something between the page and the mock (a proxy, a server restarting) answered.
 */
async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const call = `${method} ${BASE}/__mock${path}`
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  // The polling, once a second: marked, so that the server does not log it (its log is the user's requests).
  // Saving the state (the snapshot without a limit) is the user's own request, and is logged.
  if (method === 'GET' && (path === '/version' || /^\/(snapshot|requests)\?limit=/.test(path)))
    headers['X-Mock-Inspector'] = 'poll'
  let res: Response
  try {
    res = await fetch(`${BASE}/__mock${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (e) {
    throw new ControlError(`no answer from the server (${messageOf(e)}; ${call}): is it still running?`, 0)
  }
  const text = await res.text()
  if (res.status === 204 && text === '') return undefined as T
  let parsed: unknown
  try {
    // Only a JSON type is read as JSON: a proxy's plain-text "502" would parse as a number.
    if (!/\bjson\b/i.test(res.headers.get('Content-Type') ?? '')) throw new Error('not JSON')
    parsed = JSON.parse(text)
  } catch {
    throw notJson(call, res, text)
  }
  if (!res.ok) {
    const message = (parsed as { message?: unknown } | null)?.message
    throw new ControlError(
      typeof message === 'string' ? message : `the server answered ${res.status} (${call})`,
      res.status,
    )
  }
  return parsed as T
}

/**
 * Downloads the mock's complete state as a file named after the mock clock's time: the snapshot without a
 * limit, which `POST /__mock/snapshot`, `createMockGateway({ state })` and the CLI's `--state` load back.
 * Returns the file's name.
 */
async function saveState(): Promise<string> {
  const saved = await api<MockSnapshot>('GET', '/snapshot')
  const name = `mock-state-${saved.clock.now.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.json`
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(saved, null, 2)}\n`], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return name
}

// --- Formatting -------------------------------------------------------------------------------------

const time = (iso: string | number | null | undefined) =>
  iso === null || iso === undefined
    ? ''
    : new Date(iso)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z')

/** A time as the date field takes it: ISO 8601 in UTC, to the second (`2026-11-06T09:00:00Z`). */
const isoSeconds = (at: string | number) => new Date(at).toISOString().replace(/\.\d+Z$/, 'Z')

/** Decimals per currency, as the gateway counts money: USD in cents, KHR in whole riel. */
const DECIMALS: Readonly<Record<string, number>> = { USD: 2, KHR: 0 }

/**
 * Every amount the page shows (balances, orders, refunds, payouts, webhooks) goes through here, so both
 * currencies read one way everywhere: the currency, then the amount with thousands separators and the
 * currency's decimals (`USD 1,000.00`, `KHR 4,000,000`). Always en-US grouping, whatever the browser's
 * language, so a screen reads the same as the docs and a colleague's screenshot.
 */
function money(amount: number, currency: string): string {
  const code = currency.toUpperCase()
  const decimals = DECIMALS[code] ?? 2
  const figure = amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
  return `${code} ${figure}`
}

/** A UTC date as the clock field takes it: the day, then optionally the time ending in `Z`. */
const UTC_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?Z)?$/i

/**
 * The instant a typed date means, as ISO 8601, or undefined when it is not a UTC date: `2026-11-06`
 * (midnight), `2026-11-06T09:00Z`, `2026-11-06T09:00:00Z`, with or without milliseconds, and with a space
 * for the `T` as the clock shows it. A time without `Z` is refused rather than read as local time, and a
 * day the calendar does not have (2026-02-30) rather than moved to another one: the field's text, in the
 * form the server's clock takes, is read by the clock's own parser.
 */
function parseUtcDate(typed: string): string | undefined {
  const parts = UTC_DATE.exec(typed.trim())
  if (!parts) return undefined
  const [, day, hourMinute = '00:00', seconds = ':00'] = parts
  const at = parseIsoInstant(`${day}T${hourMinute}${seconds}Z`)
  return Number.isNaN(at) ? undefined : new Date(at).toISOString()
}

/** The value of the input or select an event came from. */
const inputValue = (e: Event) => (e.target as HTMLInputElement | HTMLSelectElement).value
const badge = (status: string) => html`<span class=${`badge badge-${status}`}>${status}</span>`

// --- Views --------------------------------------------------------------------------------------------

/** What the page shows: a glance at the state (the newest 50 of each list), and the last 50 requests answered. */
type Snapshot = MockSnapshot & { requests: RequestLogEntry[] }
type Act = (label: string, action: () => Promise<unknown>) => void

/** One row of a {@link ListTable}: its cells in the order of the columns. */
interface Row {
  key: string | number
  testId?: string
  cells: readonly unknown[]
}

/**
 * A table of records. Every cell carries its column's name (`data-label`): on a narrow screen the rows
 * stack and each cell is led by that name (app.css), so a wide table never makes the page scroll sideways.
 */
function ListTable({ columns, rows }: { columns: readonly string[]; rows: readonly Row[] }) {
  return html`<table class="list">
    <thead>
      <tr>${columns.map((c) => html`<th scope="col">${c}</th>`)}</tr>
    </thead>
    <tbody>
      ${rows.map(
        (r) => html`<tr key=${r.key} data-testid=${r.testId}>
          ${r.cells.map((cell, i) => html`<td data-label=${columns[i]}><div class="cell">${cell}</div></td>`)}
        </tr>`,
      )}
    </tbody>
  </table>`
}

function ClockBar({ snapshot, act }: { snapshot: Snapshot; act: Act }) {
  const { clock } = snapshot
  const [, tick] = useState(0)
  const fetched = useRef({ at: Date.now(), now: clock.now })
  if (fetched.current.now !== clock.now) fetched.current = { at: Date.now(), now: clock.now }
  useEffect(() => {
    if (clock.frozen) return
    const timer = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [clock.frozen])
  const shown = clock.frozen ? Date.parse(clock.now) : Date.parse(fetched.current.now) + Date.now() - fetched.current.at
  const [date, setDate] = useState('')
  /** The text the field held when it was refused (null: no refusal shown). */
  const [refused, setRefused] = useState<string | null>(null)
  const move = (label: string, body: unknown) => act(label, () => api('POST', '/clock', body))
  const example = isoSeconds(clock.now)
  const setTo = (e: Event) => {
    e.preventDefault()
    const typed = date.trim()
    const now = parseUtcDate(typed)
    if (now === undefined) return setRefused(typed)
    setRefused(null)
    move(`set the clock to ${isoSeconds(now)}`, { now })
  }
  return html`<section class="clock" aria-label="Clock">
    <div class="clock-now">
      <strong data-testid="clock-now">${time(shown)}</strong>
      <span class="muted">${clock.frozen ? 'frozen' : 'running'}</span>
      <span class="era" title=${clock.era.summary}>era ${clock.era.name}</span>
    </div>
    <div class="clock-actions">
      <button onClick=${() => move('+1 hour', { advanceMs: HOUR })}>+1 hour</button>
      <button onClick=${() => move('+1 day', { advanceMs: 24 * HOUR })}>+1 day</button>
      <button onClick=${() => move('+1 business day', { businessDays: 1 })}>+1 business day</button>
      <form class="set-date" onSubmit=${setTo}>
        <label for="clock-set">Set the clock to (UTC)</label>
        <input
          id="clock-set"
          type="text"
          autocomplete="off"
          spellcheck=${false}
          placeholder=${example}
          aria-invalid=${refused !== null}
          aria-describedby=${refused === null ? undefined : 'clock-set-error'}
          value=${date}
          onInput=${(e: Event) => {
            setDate(inputValue(e))
            setRefused(null)
          }}
        />
        <button type="submit">Set</button>
      </form>
    </div>
    ${
      refused === null
        ? ''
        : html`<p id="clock-set-error" class="error clock-error" role="alert" data-testid="clock-set-error">
            ${
              refused === ''
                ? 'Type a UTC date, such as '
                : UTC_DATE.test(refused.trim())
                  ? // Written as it should be, but the calendar has no such day or time (2026-02-30, 24:00).
                    `"${refused}" is no day or time of the calendar: write a real one, such as `
                  : `"${refused}" is not a UTC date: write it as `
            }
            <span class="nowrap">${example}</span>${refused === '' ? '.' : ' (ISO 8601, ending in Z for UTC).'}
          </p>`
    }
  </section>`
}

function Merchants({ snapshot }: { snapshot: Snapshot }) {
  const [shown, setShown] = useState<Record<number, boolean>>({})
  if (snapshot.merchants.length === 0) return html`<p class="muted">No merchants yet.</p>`
  return html`<div class="cards">
    ${snapshot.merchants.map(
      (m) => html`<article class="card" data-testid=${`merchant-${m.merchantId}`}>
        <h3>${m.name} <span class="muted">#${m.merchantId}</span></h3>
        <dl>
          <dt>API key</dt>
          <dd><code>${m.apiKey}</code></dd>
          <dt>API secret</dt>
          <dd>
            ${shown[m.merchantId] ? html`<code>${m.apiSecret}</code>` : html`<span class="muted">hidden</span>`}
            <button class="link" onClick=${() => setShown({ ...shown, [m.merchantId]: !shown[m.merchantId] })}>
              ${shown[m.merchantId] ? 'hide' : 'show'}
            </button>
          </dd>
          <dt>Webhook URL</dt>
          <dd>${m.webhookUrl ?? html`<span class="muted">none: webhooks are only recorded</span>`}</dd>
          <dt>Stores</dt>
          <dd>${m.stores.map((s) => html`<div>#${s.storeId} ${s.storeName}</div>`)}</dd>
        </dl>
        <table class="balances">
          <thead><tr><th scope="col">balance</th><th scope="col">freeze</th><th scope="col">usable</th></tr></thead>
          <tbody>
            ${(['usd', 'khr'] as const).map((c) => {
              const b = m.balances[c]
              const code = c.toUpperCase()
              return html`<tr data-testid=${`balance-${m.merchantId}-${c}`}>
                <td>${money(b.balance, code)}</td><td>${money(b.freeze, code)}</td><td>${money(b.usable, code)}</td>
              </tr>`
            })}
          </tbody>
        </table>
      </article>`,
    )}
  </div>`
}

function Orders({ snapshot, act }: { snapshot: Snapshot; act: Act }) {
  if (snapshot.orders.length === 0) return html`<p class="muted">No orders yet.</p>`
  const payments = (orderId: number) =>
    snapshot.transactions.filter((t) => t.kind === 'payment' && t.orderId === orderId)
  const pay = (orderId: number, status: 'SUCCESS' | 'FAILED') =>
    act(`payment ${status} for order ${orderId}`, () => api('POST', '/payments', { orderId, status }))
  return html`<${ListTable}
    columns=${['order', 'status', 'amount', 'QR code', 'payments', '']}
    rows=${snapshot.orders.map((o) => ({
      key: o.orderId,
      testId: `order-${o.orderId}`,
      cells: [
        html`#${o.orderId}<div class="muted">merchant #${o.merchantId}, ${time(o.createdAt)}</div>`,
        badge(o.status),
        money(o.amount, o.currency),
        html`<img
          class="qr"
          alt=${`QR code of order ${o.orderId}`}
          src=${`${BASE}/qr/${encodeURIComponent(o.qrData)}.png`}
        />`,
        payments(o.orderId).map((t) => html`<div>#${t.transactionId} ${badge(t.status)} ${time(t.updatedAt)}</div>`),
        o.status === 'pending' || o.status === 'processing'
          ? html`<button onClick=${() => pay(o.orderId, 'SUCCESS')}>Simulate payment</button>
              <button class="secondary" onClick=${() => pay(o.orderId, 'FAILED')}>Simulate failure</button>`
          : '',
      ],
    }))}
  />`
}

function Money({ snapshot }: { snapshot: Snapshot }) {
  const moves = snapshot.transactions.filter((t) => t.kind === 'refund' || t.kind === 'payout')
  if (moves.length === 0) return html`<p class="muted">No refunds or payouts yet.</p>`
  return html`<${ListTable}
    columns=${['transaction', 'kind', 'amount', 'status', 'requested', 'settles']}
    rows=${moves.map((t) => ({
      key: t.transactionId,
      testId: `${t.kind}-${t.transactionId}`,
      cells: [
        html`#${t.transactionId}
          <div class="muted">${t.kind === 'refund' ? `order #${t.orderId}` : t.accountNumber}</div>`,
        t.kind,
        money(t.amount, t.currency),
        html`${badge(t.status)}${t.failureReason ? html`<div class="muted">${t.failureReason}</div>` : ''}`,
        time(t.createdAt),
        time(t.dueAt),
      ],
    }))}
  />`
}

function Webhooks({ snapshot, act }: { snapshot: Snapshot; act: Act }) {
  return html`<div>
    <div class="toolbar">
      <button onClick=${() => act('duplicate next', () => api('POST', '/webhooks/duplicate-next', {}))}>
        Duplicate the next
      </button>
      <button onClick=${() => act('hold next', () => api('POST', '/webhooks/hold-next', {}))}>Hold the next</button>
      <button onClick=${() => act('stale next', () => api('POST', '/webhooks/stale-next', { seconds: 600 }))}>
        Next one 10 min stale
      </button>
    </div>
    ${
      snapshot.webhooks.length === 0
        ? html`<p class="muted">No webhooks yet.</p>`
        : snapshot.webhooks.map(
            (w) => html`<details class="webhook" data-testid=${`webhook-${w.id}`}>
            <summary>
              #${w.id} ${badge(w.status)} ${w.payload.status} for order #${w.payload.orderId},${' '}
              ${money(w.payload.amount, w.payload.currency)}${' '}
              <span class="muted">
                ${w.attempts.length} attempt(s)${w.nextAttemptAt ? `, next ${time(w.nextAttemptAt)}` : ''}
              </span>
            </summary>
            <ol>
              ${w.attempts.map((a) => html`<li>${time(a.at)} ${badge(a.outcome)} ${a.detail}</li>`)}
            </ol>
            <h4>Headers</h4>
            <pre>${JSON.stringify(w.headers, null, 2)}</pre>
            <h4>Body</h4>
            <pre>${w.rawBody}</pre>
            ${
              w.url
                ? html`<button
                    onClick=${() => act(`redeliver ${w.id}`, () => api('POST', `/webhooks/${w.id}/redeliver`, {}))}
                  >
                  Redeliver
                </button>`
                : html`<p class="muted">Recorded only: the merchant has no webhook URL.</p>`
            }
          </details>`,
          )
    }
  </div>`
}

function Pin({ snapshot }: { snapshot: Snapshot }) {
  return html`<div>
    ${snapshot.users.length === 0 ? html`<p class="muted">No PIN users yet.</p>` : ''}
    <${ListTable}
      columns=${['user', 'PIN', 'wrong attempts', 'blocked until', 'reset sessions']}
      rows=${snapshot.users.map((u) => ({
        key: u.userId,
        cells: [
          html`#${u.userId}
            <div class="muted">${u.email ?? ''} ${u.phone ? `+${u.phone.phoneCode} ${u.phone.phoneNumber}` : ''}</div>`,
          u.hasPin ? 'set' : 'not set',
          u.wrongAttempts,
          time(u.blockedUntil),
          u.resetSessions.map((s) => html`<div>${badge(s.state)} ${s.to}, until ${time(s.expiresAt)}</div>`),
        ],
      }))}
    />
    <h3>One-time codes sent</h3>
    ${snapshot.otp.length === 0 ? html`<p class="muted">None yet.</p>` : ''}
    <${ListTable}
      columns=${['code', 'to', 'sent']}
      rows=${snapshot.otp.map((m) => ({
        key: `${m.sessionId}-${m.sentAt}`,
        cells: [html`<code>${m.code}</code>`, m.to, time(m.sentAt)],
      }))}
    />
  </div>`
}

function Faults({ snapshot, act }: { snapshot: Snapshot; act: Act }) {
  const [route, setRoute] = useState('POST /api/v1/payment-gateway/order/create')
  const [kind, setKind] = useState('error')
  const [status, setStatus] = useState('503')
  const [delay, setDelay] = useState('2000')
  const add = (e: Event) => {
    e.preventDefault()
    const spec: Record<string, unknown> = { route, kind }
    if (kind === 'error') spec.status = Number(status)
    if (kind === 'latency') spec.delayMs = Number(delay)
    act(`fault on ${route}`, () => api('POST', '/faults', spec))
  }
  // Each field has a visible label tied to it (for/id): read aloud with the field, and a click on it focuses it.
  return html`<div>
    <form class="toolbar fault-form" onSubmit=${add}>
      <div class="field field-wide">
        <label for="fault-route">Route</label>
        <input id="fault-route" value=${route} spellcheck=${false} onInput=${(e: Event) => setRoute(inputValue(e))} />
      </div>
      <div class="field">
        <label for="fault-kind">Kind</label>
        <select id="fault-kind" value=${kind} onChange=${(e: Event) => setKind(inputValue(e))}>
          ${['error', 'latency', 'network', 'drop-response'].map((k) => html`<option value=${k}>${k}</option>`)}
        </select>
      </div>
      ${
        kind === 'error'
          ? html`<div class="field">
              <label for="fault-status">Status</label>
              <input
                id="fault-status"
                inputmode="numeric"
                size="4"
                value=${status}
                onInput=${(e: Event) => setStatus(inputValue(e))}
              />
            </div>`
          : ''
      }
      ${
        kind === 'latency'
          ? html`<div class="field">
              <label for="fault-delay">Delay (ms)</label>
              <input
                id="fault-delay"
                inputmode="numeric"
                size="6"
                value=${delay}
                onInput=${(e: Event) => setDelay(inputValue(e))}
              />
            </div>`
          : ''
      }
      <div class="field-buttons">
        <button type="submit">Add fault</button>
        <button type="button" class="secondary" onClick=${() => act('clear faults', () => api('DELETE', '/faults'))}>
          Clear
        </button>
      </div>
    </form>
    ${
      snapshot.faults.length === 0
        ? html`<p class="muted">No active faults.</p>`
        : html`<ul class="faults">
          ${snapshot.faults.map(
            (f) =>
              html`<li>
                ${f.route}: ${f.kind}${f.kind === 'error' ? ` ${f.status}` : ''}${
                  f.kind === 'latency' ? ` ${f.delayMs} ms` : ''
                }, ${f.remaining === 'always' ? 'every time' : `${f.remaining} left`}
              </li>`,
          )}
        </ul>`
    }
  </div>`
}

function Requests({ snapshot }: { snapshot: Snapshot }) {
  const [filter, setFilter] = useState('')
  const [status, setStatus] = useState('all')
  const shown = snapshot.requests.filter(
    (r) =>
      r.path.includes(filter) &&
      (status === 'all' ||
        (r.status !== null && String(r.status)[0] === status[0]) ||
        (status === 'cut' && r.status === null)),
  )
  return html`<div>
    <div class="toolbar">
      <input
        aria-label="Path filter"
        placeholder="path contains"
        value=${filter}
        onInput=${(e: Event) => setFilter(inputValue(e))}
      />
      <select aria-label="Status filter" value=${status} onChange=${(e: Event) => setStatus(inputValue(e))}>
        ${['all', '2xx', '4xx', '5xx', 'cut'].map((s) => html`<option value=${s}>${s}</option>`)}
      </select>
    </div>
    <${ListTable}
      columns=${['#', 'request', 'status', 'ms', 'idempotency key']}
      rows=${shown.map((r) => ({
        key: r.seq,
        cells: [
          r.seq,
          html`${r.method} ${r.path}
            ${r.warnings.length ? html`<div class="warning">${r.warnings.join('; ')}</div>` : ''}`,
          r.status ?? 'cut',
          r.durationMs.toFixed(1),
          r.idempotencyKey === null ? '' : html`<code>${r.idempotencyKey}</code>`,
        ],
      }))}
    />
  </div>`
}

const TABS = [
  ['merchants', 'Merchants', Merchants],
  ['orders', 'Orders', Orders],
  ['money', 'Refunds and payouts', Money],
  ['webhooks', 'Webhooks', Webhooks],
  ['pin', 'PIN users', Pin],
  ['faults', 'Faults', Faults],
  ['requests', 'Requests', Requests],
] as const

/** Why the page asks for the token: the server wants one and none was sent, or it refused the one sent. */
type TokenNeed = 'missing' | 'refused-pasted' | 'refused-kept'

const REFUSED: Record<Exclude<TokenNeed, 'missing'>, string> = {
  'refused-pasted':
    'The server refused this token. Copy it again from the banner\u2019s control token line (the token alone, ' +
    'without the spaces around it) and try again.',
  'refused-kept':
    'The server refused the token this tab had: the server may have been started again with another one (off ' +
    'loopback it makes up a new one at each start). Paste the one its banner prints now.',
}

/**
 * The page of a server that wants its control token: where to find it, a field to paste it into, and,
 * after a refusal, why, with the field still there to try again.
 */
function TokenForm({
  need,
  attempt,
  checking,
  problem,
  onToken,
}: {
  need: TokenNeed
  attempt: number
  checking: boolean
  problem: string | null
  onToken: (value: string) => void
}) {
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    field.current?.focus()
    field.current?.select()
  }, [attempt])
  const submit = (e: Event) => {
    e.preventDefault()
    const value = field.current?.value.trim() ?? ''
    if (value !== '') onToken(value)
  }
  return html`<form class="token-form" aria-labelledby="token-title" onSubmit=${submit}>
    <h2 id="token-title">This server needs its control token</h2>
    <p>
      Its control API (API secrets, one-time codes, money and time) answers only calls that carry its control
      token: the one it was started with (<code>--control-token</code>), or one it made up because it listens on
      another address than loopback (<code>--host</code>).
    </p>
    <p>
      Where you started the server, its banner prints the token on the line <code>control token <i>token</i></code>.
      The banner's <code>inspector:</code> line carries it too, as <code>/__mock/ui/#token=<i>token</i></code>:
      opening that address skips this form.
    </p>
    ${need === 'missing' ? '' : html`<p class="error" role="alert" key=${attempt}>${REFUSED[need]}</p>`}
    ${problem === null ? '' : html`<p class="error" role="alert">${problem}</p>`}
    <div class="token-field">
      <label for="control-token">Control token</label>
      <input
        id="control-token"
        ref=${field}
        autocomplete="off"
        autocapitalize="off"
        spellcheck=${false}
        required
      />
      <button type="submit" disabled=${checking}>Open the inspector</button>
    </div>
    <p class="muted">The page keeps it for this tab until the tab closes, and sends it to this server only.</p>
  </form>`
}

/**
 * The control token the page sends: asked for when the server refuses the calls for want of it (`need`), and
 * tried when the user gives one (`tryToken`); `onAccepted` runs once the server takes it.
 */
function useControlToken(onAccepted: () => void) {
  const [need, setNeed] = useState<TokenNeed | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [checking, setChecking] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  /** Where the token being sent came from: the address or the tab's storage, or the form. */
  const pasted = useRef(false)

  /** The server refused the call for want of the right token: ask for it (polling stops meanwhile). */
  const askForToken = useCallback(() => {
    const why: TokenNeed = token === null ? 'missing' : pasted.current ? 'refused-pasted' : 'refused-kept'
    // A second refusal of the same calls (a poll and an action at once) finds no token: keep the first reason.
    setNeed((shown) => (shown !== null && why === 'missing' ? shown : why))
    token = null
    keepToken(null)
  }, [])

  const tryToken = async (value: string) => {
    token = value
    pasted.current = true
    setChecking(true)
    setProblem(null)
    try {
      await api('GET', '/version')
      keepToken(value)
      // From now on it is the tab's token: refused later, it is the server that changed, not a typo.
      pasted.current = false
      onAccepted()
      setNeed(null)
    } catch (e) {
      if (unauthorized(e)) askForToken()
      else setProblem(messageOf(e))
      setAttempt((n) => n + 1)
    } finally {
      setChecking(false)
    }
  }
  return { need, attempt, checking, problem, askForToken, tryToken }
}

/**
 * The mock's state, live: `GET /__mock/version` polled (not while a token is needed), and the glance and the
 * last requests loaded again when it moved. `forget` makes the next poll load whatever the number.
 */
function useLiveState(polling: boolean, askForToken: () => void) {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null)
  const [error, setError] = useState<string | null>(null)
  const version = useRef<number | null>(null)

  const reload = useCallback(async () => {
    const [glance, requests] = await Promise.all([
      api<MockSnapshot>('GET', '/snapshot?limit=50'),
      api<RequestLogEntry[]>('GET', '/requests?limit=50'),
    ])
    // The log lists the oldest first; the page shows the newest first, as the snapshot's lists.
    setSnapshot({ ...glance, requests: requests.reverse() })
  }, [])

  useEffect(() => {
    if (!polling) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const { version: now } = await api<{ version: number }>('GET', '/version')
        if (now !== version.current) {
          await reload()
          version.current = now
        }
        setError(null)
      } catch (e) {
        if (unauthorized(e)) return askForToken()
        setError(messageOf(e))
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [reload, polling, askForToken])

  const forget = () => {
    version.current = null
  }
  return { snapshot, error, reload, forget }
}

function App() {
  const [notice, setNotice] = useState<string | null>(null)
  // Another server may be answering once a token is taken: load its snapshot whatever the number.
  const forget = useRef(() => {})
  const { need, attempt, checking, problem, askForToken, tryToken } = useControlToken(() => forget.current())
  const { snapshot, error, reload, forget: forgetVersion } = useLiveState(need === null, askForToken)
  forget.current = forgetVersion

  const save = () => {
    saveState().then(
      (name) => setNotice(`Saved the state as ${name}`),
      (e: unknown) => {
        if (unauthorized(e)) askForToken()
        setNotice(`Save state: ${messageOf(e)}`)
      },
    )
  }

  const act: Act = (label, action) => {
    action()
      .then(() => setNotice(`${label}: done`))
      .catch((e: unknown) => {
        if (unauthorized(e)) askForToken()
        setNotice(`${label}: ${messageOf(e)}`)
      })
      .finally(() => void reload().catch(() => {}))
  }

  if (need !== null) {
    return html`<main>
      <header><h1>Mock inspector</h1></header>
      <${TokenForm} need=${need} attempt=${attempt} checking=${checking} problem=${problem} onToken=${tryToken} />
    </main>`
  }
  if (!snapshot) {
    return html`<main>
      <p role=${error ? 'alert' : undefined}>${error ?? 'Loading the mock\u2019s state...'}</p>
    </main>`
  }
  return html`<${Inspector} snapshot=${snapshot} error=${error} notice=${notice} act=${act} save=${save} />`
}

/** The page once the state is loaded: the header, the clock, the last notice and the tabs. */
function Inspector({
  snapshot,
  error,
  notice,
  act,
  save,
}: {
  snapshot: Snapshot
  error: string | null
  notice: string | null
  act: Act
  save: () => void
}) {
  const [tab, setTab] = useState<string>(location.hash.replace('#', '') || 'merchants')
  const Active = (TABS.find(([id]) => id === tab) ?? TABS[0])[2]
  return html`<main>
    <header>
      <h1>Mock inspector</h1>
      ${error ? html`<span class="error" role="alert">${error}</span>` : html`<span class="live">live</span>`}
      <button
        class="secondary header-action"
        title="Download the complete state, to load with --state, mock.load() or POST /__mock/snapshot"
        onClick=${save}
      >
        Save state
      </button>
    </header>
    <${ClockBar} snapshot=${snapshot} act=${act} />
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <nav role="tablist">
      ${TABS.map(
        ([id, label]) => html`<button
          role="tab"
          aria-selected=${tab === id}
          onClick=${() => {
            setTab(id)
            history.replaceState(null, '', `#${id}`)
          }}
        >
          ${label}
        </button>`,
      )}
    </nav>
    <section role="tabpanel"><${Active} snapshot=${snapshot} act=${act} /></section>
  </main>`
}

render(html`<${App} />`, document.getElementById('app')!)
