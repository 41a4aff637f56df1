/**
 * @module control-guard.test
 * The control API's guard decided from headers alone, with the machine's interface addresses given (no
 * network needed): which `Host` values a server answers, on every interface or on one address; the
 * strict parsing of the header; the server's own pages as origins; the message of a refusal.
 */
import { describe, expect, it, vi } from 'vitest'
import {
  checkControlRequest,
  type ControlGuardOptions,
  hostOf,
  interfaceAddresses,
  isWildcard,
  listeningHosts,
  originAllowed,
} from './control-guard.js'

const TOKEN = 'tok_0123456789'
const MACHINE = ['127.0.0.1', '::1', '192.168.1.5', 'fd00::5', '10.8.0.3']

function guard(options: Partial<ControlGuardOptions> = {}): ControlGuardOptions {
  return {
    allowedOrigins: [],
    allowedHosts: [],
    boundHost: '0.0.0.0',
    port: 4010,
    token: TOKEN,
    interfaceAddresses: () => MACHINE,
    ...options,
  }
}

const withToken = (host: string) => ({ host, authorization: `Bearer ${TOKEN}` })

describe('the Host check of the control API', () => {
  it(
    "the token opens it through the machine's own addresses: on 0.0.0.0 each " +
      'IPv4 interface address, bound to one address that one',
    () => {
      for (const host of ['192.168.1.5:4010', '10.8.0.3:4010', '192.168.1.5', '127.0.0.1:4010', 'localhost:4010']) {
        expect(checkControlRequest(withToken(host), guard()), host).toBeUndefined()
        expect(checkControlRequest({ host }, guard()), host).toMatchObject({ status: 401 })
      }
      // An address of no interface of this machine, and IPv6 ones, which 0.0.0.0 does not listen on.
      for (const host of ['192.168.1.6:4010', '[fd00::5]:4010']) {
        expect(checkControlRequest(withToken(host), guard()), host).toMatchObject({ status: 403 })
      }
      const one = guard({ boundHost: '192.168.1.5' })
      expect(checkControlRequest(withToken('192.168.1.5:4010'), one)).toBeUndefined()
      expect(checkControlRequest(withToken('localhost:4010'), one)).toBeUndefined()
      expect(checkControlRequest(withToken('10.8.0.3:4010'), one)).toMatchObject({ status: 403 })
    },
  )

  it('on every interface of both families (::) the IPv6 addresses are answered too, in any spelling', () => {
    const both = guard({ boundHost: '[::]' })
    for (const host of ['[fd00::5]:4010', '[FD00:0:0::5]:4010', '192.168.1.5:4010', '[::1]:4010']) {
      expect(checkControlRequest(withToken(host), both), host).toBeUndefined()
    }
  })

  it('the interface list is read when the request needs it, so an address that appeared since the start works', () => {
    const addresses = vi.fn(() => ['127.0.0.1'])
    const live = guard({ interfaceAddresses: addresses })
    expect(checkControlRequest(withToken('localhost:4010'), live)).toBeUndefined()
    expect(addresses).not.toHaveBeenCalled()
    expect(checkControlRequest(withToken('172.20.0.7:4010'), live)).toMatchObject({ status: 403 })
    addresses.mockReturnValue(['127.0.0.1', '172.20.0.7'])
    expect(checkControlRequest(withToken('172.20.0.7:4010'), live)).toBeUndefined()
  })

  it('a host name (mybox.local, a DNS name) is refused unless allowed, and the refusal says how to allow it', () => {
    const refusal = checkControlRequest(withToken('mybox.local:4010'), guard())
    expect(refusal).toEqual({
      status: 403,
      message:
        'Host "mybox.local:4010" is not allowed for the control API: the server answers loopback names and ' +
        "this machine's addresses; allow it with --allow-host mybox.local (a page under another host name may " +
        'be a DNS rebinding attack)',
    })
    const allowed = guard({ allowedHosts: ['mybox.local'] })
    expect(checkControlRequest(withToken('mybox.local:4010'), allowed)).toBeUndefined()
    expect(checkControlRequest(withToken('attacker.example'), guard({ boundHost: '127.0.0.1' }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('the address it listens on (127.0.0.1); allow it with --allow-host'),
    })
  })

  it.each([
    '[::1]evil.example',
    '[::1]:4010evil.example',
    '[::1].evil.example',
    '[::1]:',
    '[::1',
    '[zz::1]',
    '[::1]:123456',
    'localhost:',
    'localhost:http',
    'localhost:4010:4010',
    '::1',
    'evil.example@localhost',
    'local host',
    '',
  ])('Host %j is not a host followed by nothing or :<port>: refused 403 as not allowed', (host) => {
    expect(checkControlRequest(withToken(host), guard({ allowedHosts: [] }))).toEqual({
      status: 403,
      message:
        `Host ${JSON.stringify(host)} is not allowed for the control API: it is not a host name or address ` +
        'followed by nothing or :<port>',
    })
  })

  it('a well-formed Host is read without its port, IPv6 literals in their brackets and one spelling', () => {
    expect(hostOf('LocalHost:4010')).toBe('localhost')
    expect(hostOf(' 127.0.0.1 ')).toBe('127.0.0.1')
    expect(hostOf('[::1]')).toBe('[::1]')
    expect(hostOf('[0:0:0:0:0:0:0:1]:4010')).toBe('[::1]')
    expect(hostOf('app.localhost:5173')).toBe('app.localhost')
    expect(hostOf('[::1]evil.example')).toBeUndefined()
  })

  it(
    'the addresses a server listens on: the bound one, or on a ' + 'wildcard every interface address of its families',
    () => {
      expect(isWildcard('0.0.0.0')).toBe(true)
      expect(isWildcard('::')).toBe(true)
      expect(isWildcard('[::]')).toBe(true)
      expect(isWildcard('127.0.0.1')).toBe(false)
      expect(listeningHosts('0.0.0.0', MACHINE)).toEqual(['127.0.0.1', '192.168.1.5', '10.8.0.3'])
      expect(listeningHosts('::', MACHINE)).toEqual(['127.0.0.1', '[::1]', '192.168.1.5', '[fd00::5]', '10.8.0.3'])
      expect(listeningHosts('192.168.1.5', MACHINE)).toEqual(['192.168.1.5'])
      expect(
        interfaceAddresses({
          lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }],
          eth0: [
            { address: 'fe80::1%eth0', family: 'IPv6', internal: false, netmask: '', mac: '', cidr: null, scopeid: 2 },
          ],
        }),
      ).toEqual(['127.0.0.1', 'fe80::1'])
    },
  )
})

describe('the Origin check of the control API', () => {
  it("the inspector opened through a machine's address is the server's own page: its calls carry that Origin", () => {
    expect(originAllowed('http://192.168.1.5:4010', guard())).toBe(true)
    expect(
      checkControlRequest({ ...withToken('192.168.1.5:4010'), origin: 'http://192.168.1.5:4010' }, guard()),
    ).toBeUndefined()
    // Another port of the same machine is another site; so is any name not allowed.
    expect(originAllowed('http://192.168.1.5:5173', guard())).toBe(false)
    expect(originAllowed('http://attacker.example:4010', guard())).toBe(false)
    expect(originAllowed('http://mybox.local:4010', guard({ allowedHosts: ['mybox.local'] }))).toBe(true)
    // '*' lets any Host through, but does not make a page of any name on this port the server's own.
    expect(checkControlRequest(withToken('attacker.example:4010'), guard({ allowedHosts: ['*'] }))).toBeUndefined()
    expect(originAllowed('http://attacker.example:4010', guard({ allowedHosts: ['*'] }))).toBe(false)
  })
})

describe('the token check of the control API', () => {
  const missing = {
    status: 401,
    message: 'The control API needs the control token: Authorization: Bearer <token> (or X-Mock-Token)',
  }

  it('a token sent but wrong is refused 401 with its own message, which never repeats the token sent', () => {
    const host = '127.0.0.1:4010'
    for (const sent of [{ authorization: 'Bearer wrong-token-x' }, { 'x-mock-token': 'wrong-token-x' }]) {
      const refusal = checkControlRequest({ host, ...sent }, guard())
      expect(refusal, JSON.stringify(sent)).toEqual({
        status: 401,
        message:
          "The control token sent was refused: it is not this server's (the one given with --control-token or " +
          'option controlToken, or made up and printed in its banner at start)',
      })
      expect(refusal?.message).not.toContain('wrong-token-x')
    }
  })

  it('no token, or an Authorization not of the Bearer form, is told the token is needed and how to send it', () => {
    const host = '127.0.0.1:4010'
    expect(checkControlRequest({ host }, guard())).toEqual(missing)
    expect(checkControlRequest({ host, authorization: `Basic ${TOKEN}` }, guard())).toEqual(missing)
    expect(checkControlRequest({ host, 'x-mock-token': TOKEN }, guard())).toBeUndefined()
  })
})
