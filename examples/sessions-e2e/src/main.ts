/**
 * @module main
 * The page under test: the pin-app example's PIN section (set, check, reset a forgotten PIN), on a gateway
 * that is not in the page. Each test hands the page its own session of the mock server by the page's address:
 * `/?gateway=<session base URL>&token=<access token>&email=<address>` (e2e/fixtures.ts). The page calls that
 * base URL and nothing else; it does not know it is a session.
 *
 * Only the dev server reads the gateway from the address (`import.meta.env.DEV`): a production build takes
 * it from `VITE_GATEWAY_URL`, so that no link can point a signed-in user's token at another host.
 */
import { PinClient } from '@merchant-gateway/sdk/pin'
import { renderPinPage } from '../../pin-app/src/pin-page.js'

function gatewayUrl(query: URLSearchParams): string {
  const url = import.meta.env.DEV ? query.get('gateway') : import.meta.env.VITE_GATEWAY_URL
  if (!url) throw new Error('No gateway: open the page as /?gateway=<base URL>&token=<access token>&email=<address>')
  return url
}

const root = document.querySelector<HTMLElement>('#app')
if (!root) throw new Error('index.html has no #app element')
try {
  const query = new URLSearchParams(location.search)
  const pins = new PinClient({ baseUrl: gatewayUrl(query), accessToken: query.get('token') ?? '' })
  renderPinPage(root, { pins, email: query.get('email') ?? '', hasPin: query.get('hasPin') === '1' })
} catch (error) {
  root.replaceChildren(Object.assign(document.createElement('p'), { role: 'alert', textContent: String(error) }))
}
root.setAttribute('aria-busy', 'false')
