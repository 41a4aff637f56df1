/**
 * @module adapters/qr-url-host.test
 * A server on every interface hands out QR code URLs a client can open: the host it called.
 */
import { describe, expect, it } from 'vitest'
import { qrUrlsForHost } from './qr-url-host.js'

const ORIGIN = 'http://0.0.0.0:4010'
const order = (origin: string) => ({
  status: 200,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ order_id: '1001', qr_code: `${origin}/qr/MGW1ABC.png`, status: 'pending' }),
})

describe('QR code URLs of a server on every interface', () => {
  it('name the host the client called: an address, a name, an IPv6 address, with the port', () => {
    for (const host of ['192.168.1.20:4010', '127.0.0.1:4010', 'mybox.local:4010', '[fd00::5]:4010', 'laptop']) {
      const answer = qrUrlsForHost(order(ORIGIN), ORIGIN, host)
      expect(JSON.parse(answer.body as string).qr_code, host).toBe(`http://${host}/qr/MGW1ABC.png`)
      expect(answer.status).toBe(200)
    }
  })

  it('stay as they are when the Host header is missing or malformed (a path, a space, a user)', () => {
    for (const host of [undefined, '', 'evil.example/x', 'a b', 'user@host', 'host:port', '-bad.example']) {
      expect(qrUrlsForHost(order(ORIGIN), ORIGIN, host), String(host)).toEqual(order(ORIGIN))
    }
  })

  it("a session's QR code URLs keep its path /s/<id> under the host the client called", () => {
    const session = `${ORIGIN}/s/q3Vb0yJ8mXcA1s_7Tz2LkPwe`
    const answer = qrUrlsForHost(order(session), session, '192.168.1.20:4010')
    expect(JSON.parse(answer.body as string).qr_code).toBe(
      'http://192.168.1.20:4010/s/q3Vb0yJ8mXcA1s_7Tz2LkPwe/qr/MGW1ABC.png',
    )
  })

  it('leave an answer with no QR code URL, or a body of bytes, untouched (the same object)', () => {
    const refusal = { status: 404, headers: {}, body: '{"statusCode":404,"message":"x","error":"Not Found"}' }
    expect(qrUrlsForHost(refusal, ORIGIN, '192.168.1.20:4010')).toBe(refusal)
    const image = { status: 200, headers: {}, body: new Uint8Array([137, 80, 78, 71]) }
    expect(qrUrlsForHost(image, ORIGIN, '192.168.1.20:4010')).toBe(image)
  })
})
