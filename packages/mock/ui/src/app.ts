/**
 * The mock inspector: one page, served at `/__mock/ui/` by the mock's HTTP server, that shows the mock's
 * state and drives it, through the control API only (the same routes any client can call).
 *
 * Live updates: the page asks `GET /__mock/version` once a second and reloads `GET /__mock/snapshot` only
 * when the number moved. Polling rather than server-sent events: one tiny request a second costs the
 * server nothing measurable, goes through the control API's checks like every other call, survives
 * restarts of the server without reconnection logic, and needs no change notifications from the mock.
 *
 * Built with Preact and htm (tagged templates, no JSX step) into `ui/app.js` by `scripts/build-ui.mjs`.
 */
import { html } from 'htm/preact'
import { render } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import type { MockSnapshot } from '../../src/control/control-api.js'

const POLL_MS = 1000
const HOUR = 3_600_000

// --- The control API ------------------------------------------------------------------------------

/** The control token, when the server has one: given once in the URL fragment (`#token=...`), then kept. */
function controlToken(): string | null {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token')
  if (fromHash) {
    sessionStorage.setItem('mock-control-token', fromHash)
    history.replaceState(null, '', location.pathname + location.search)
  }
  return sessionStorage.getItem('mock-control-token')
}

const token = controlToken()

/** Calls a control route; throws with the server's message on a refusal. */
async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`/__mock${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  const parsed = text === '' ? undefined : JSON.parse(text)
  if (!res.ok) throw new Error(parsed?.message ?? `${method} ${path}: HTTP ${res.status}`)
  return parsed as T
}

// --- Formatting -------------------------------------------------------------------------------------

const time = (iso: string | number | null | undefined) =>
  iso === null || iso === undefined
    ? ''
    : new Date(iso)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z')
const money = (amount: number, currency: string) =>
  `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: currency === 'KHR' ? 0 : 2 })}`
/** The value of the input or select an event came from. */
const inputValue = (e: Event) => (e.target as HTMLInputElement | HTMLSelectElement).value
const badge = (status: string) => html`<span class=${`badge badge-${status}`}>${status}</span>`

// --- Views --------------------------------------------------------------------------------------------

type Snapshot = MockSnapshot
type Act = (label: string, action: () => Promise<unknown>) => void

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
  const move = (label: string, body: unknown) => act(label, () => api('POST', '/clock', body))
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
      <form
        onSubmit=${(e: Event) => {
          e.preventDefault()
          if (date) move('set the date', { now: new Date(`${date}Z`).toISOString() })
        }}
      >
        <input
          type="datetime-local"
          aria-label="Date to set"
          value=${date}
          onInput=${(e: Event) => setDate((e.target as HTMLInputElement).value)}
        />
        <button type="submit">Set</button>
      </form>
    </div>
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
          <thead><tr><th></th><th>balance</th><th>freeze</th><th>usable</th></tr></thead>
          <tbody>
            ${(['usd', 'khr'] as const).map((c) => {
              const b = m.balances[c]
              return html`<tr data-testid=${`balance-${m.merchantId}-${c}`}>
                <th>${c.toUpperCase()}</th><td>${b.balance}</td><td>${b.freeze}</td><td>${b.usable}</td>
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
  return html`<table class="list">
    <thead><tr><th>order</th><th>status</th><th>amount</th><th>QR code</th><th>payments</th><th></th></tr></thead>
    <tbody>
      ${snapshot.orders.map(
        (o) => html`<tr data-testid=${`order-${o.orderId}`}>
          <td>#${o.orderId}<div class="muted">merchant #${o.merchantId}, ${time(o.createdAt)}</div></td>
          <td>${badge(o.status)}</td>
          <td>${money(o.amount, o.currency)}</td>
          <td>
            <img class="qr" alt=${`QR code of order ${o.orderId}`} src=${`/qr/${encodeURIComponent(o.qrData)}.png`} />
          </td>
          <td>
            ${payments(o.orderId).map(
              (t) => html`<div>#${t.transactionId} ${badge(t.status)} ${time(t.updatedAt)}</div>`,
            )}
          </td>
          <td>
            ${
              o.status === 'pending' || o.status === 'processing'
                ? html`<button onClick=${() => pay(o.orderId, 'SUCCESS')}>Simulate payment</button>
                  <button class="secondary" onClick=${() => pay(o.orderId, 'FAILED')}>Simulate failure</button>`
                : ''
            }
          </td>
        </tr>`,
      )}
    </tbody>
  </table>`
}

function Money({ snapshot }: { snapshot: Snapshot }) {
  const moves = snapshot.transactions.filter((t) => t.kind === 'refund' || t.kind === 'payout')
  if (moves.length === 0) return html`<p class="muted">No refunds or payouts yet.</p>`
  return html`<table class="list">
    <thead>
      <tr><th>transaction</th><th>kind</th><th>amount</th><th>status</th><th>requested</th><th>settles</th></tr>
    </thead>
    <tbody>
      ${moves.map(
        (t) => html`<tr data-testid=${`${t.kind}-${t.transactionId}`}>
          <td>
            #${t.transactionId}
            <div class="muted">${t.kind === 'refund' ? `order #${t.orderId}` : t.accountNumber}</div>
          </td>
          <td>${t.kind}</td>
          <td>${money(t.amount, t.currency)}</td>
          <td>${badge(t.status)}${t.failureReason ? html`<div class="muted">${t.failureReason}</div>` : ''}</td>
          <td>${time(t.createdAt)}</td>
          <td>${time(t.dueAt)}</td>
        </tr>`,
      )}
    </tbody>
  </table>`
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
    <table class="list">
      <thead>
        <tr><th>user</th><th>PIN</th><th>wrong attempts</th><th>blocked until</th><th>reset sessions</th></tr>
      </thead>
      <tbody>
        ${snapshot.users.map(
          (u) => html`<tr>
            <td>
              #${u.userId}
              <div class="muted">${u.email ?? ''} ${u.phone ? `+${u.phone.phoneCode} ${u.phone.phoneNumber}` : ''}</div>
            </td>
            <td>${u.hasPin ? 'set' : 'not set'}</td>
            <td>${u.wrongAttempts}</td>
            <td>${time(u.blockedUntil)}</td>
            <td>
              ${u.resetSessions.map((s) => html`<div>${badge(s.state)} ${s.to}, until ${time(s.expiresAt)}</div>`)}
            </td>
          </tr>`,
        )}
      </tbody>
    </table>
    <h3>One-time codes sent</h3>
    <table class="list">
      <thead><tr><th>code</th><th>to</th><th>sent</th></tr></thead>
      <tbody>
        ${snapshot.otp.map(
          (m) => html`<tr><td><code>${m.code}</code></td><td>${m.to}</td><td>${time(m.sentAt)}</td></tr>`,
        )}
      </tbody>
    </table>
  </div>`
}

function Faults({ snapshot, act }: { snapshot: Snapshot; act: Act }) {
  const [route, setRoute] = useState('POST /api/v1/payment-gateway/order/create')
  const [kind, setKind] = useState('error')
  const [status, setStatus] = useState('503')
  const add = (e: Event) => {
    e.preventDefault()
    const spec: Record<string, unknown> = { route, kind }
    if (kind === 'error') spec.status = Number(status)
    if (kind === 'latency') spec.delayMs = 2000
    act(`fault on ${route}`, () => api('POST', '/faults', spec))
  }
  return html`<div>
    <form class="toolbar" onSubmit=${add}>
      <input aria-label="Route" value=${route} onInput=${(e: Event) => setRoute(inputValue(e))} />
      <select aria-label="Kind" value=${kind} onChange=${(e: Event) => setKind((e.target as HTMLSelectElement).value)}>
        ${['error', 'latency', 'network', 'drop-response'].map((k) => html`<option value=${k}>${k}</option>`)}
      </select>
      ${
        kind === 'error'
          ? html`<input
              aria-label="Status"
              size="4"
              value=${status}
              onInput=${(e: Event) => setStatus(inputValue(e))}
            />`
          : ''
      }
      <button type="submit">Add fault</button>
      <button type="button" class="secondary" onClick=${() => act('clear faults', () => api('DELETE', '/faults'))}>
        Clear
      </button>
    </form>
    ${
      snapshot.faults.length === 0
        ? html`<p class="muted">No active faults.</p>`
        : html`<ul>
          ${snapshot.faults.map(
            (f) => html`<li>${f.route}: ${f.kind}${f.kind === 'error' ? ` ${f.status}` : ''}, ${f.remaining} left</li>`,
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
    <table class="list">
      <thead><tr><th>#</th><th>request</th><th>status</th><th>ms</th><th>idempotency key</th></tr></thead>
      <tbody>
        ${shown.map(
          (r) => html`<tr>
            <td>${r.seq}</td>
            <td>
              ${r.method} ${r.path}
              ${r.warnings.length ? html`<div class="warning">${r.warnings.join('; ')}</div>` : ''}
            </td>
            <td>${r.status ?? 'cut'}</td>
            <td>${r.durationMs.toFixed(1)}</td>
            <td><code>${r.idempotencyKey ?? ''}</code></td>
          </tr>`,
        )}
      </tbody>
    </table>
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

function App() {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [tab, setTab] = useState<string>(location.hash.replace('#', '') || 'merchants')
  const version = useRef<number | null>(null)

  const reload = useCallback(async () => {
    const next = await api<Snapshot>('GET', '/snapshot?limit=50')
    version.current = next.version
    setSnapshot(next)
  }, [])

  useEffect(() => {
    let stopped = false
    const poll = async () => {
      try {
        const { version: now } = await api<{ version: number }>('GET', '/version')
        if (now !== version.current) await reload()
        setError(null)
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e))
      }
      if (!stopped) setTimeout(poll, POLL_MS)
    }
    void poll()
    return () => {
      stopped = true
    }
  }, [reload])

  const act: Act = (label, action) => {
    action()
      .then(() => setNotice(`${label}: done`))
      .catch((e: unknown) => setNotice(`${label}: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => void reload())
  }

  if (!snapshot) return html`<main><p>${error ?? 'Loading the mock\u2019s state...'}</p></main>`
  const Active = (TABS.find(([id]) => id === tab) ?? TABS[0])[2]
  return html`<main>
    <header>
      <h1>Mock inspector</h1>
      ${error ? html`<span class="error" role="alert">${error}</span>` : html`<span class="live">live</span>`}
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
