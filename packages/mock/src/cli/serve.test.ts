/**
 * @module cli/serve.test
 * What the start banner says about reaching the server from other machines, with the interface list
 * given (no network needed).
 */
import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { money, networkNotes, serveFailure } from './serve.js'

function address(address: string, internal = false): NetworkInterfaceInfo {
  return address.includes(':')
    ? { address, family: 'IPv6', internal, netmask: '', mac: '', cidr: null, scopeid: 0 }
    : { address, family: 'IPv4', internal, netmask: '', mac: '', cidr: null }
}

const MACHINE = {
  lo: [address('127.0.0.1', true), address('::1', true)],
  eth0: [address('192.168.1.5'), address('fd00::5'), address('fe80::1c:2')],
  wg0: [address('10.8.0.3')],
}
const HOST_NAMES = [
  '  host names   the control API answers these addresses, 127.0.0.1 and localhost;',
  '               another name of this machine (mybox.local, a DNS name) is refused: pass --allow-host <name>',
]

describe('the banner of a server reachable from other machines', () => {
  it(
    'on 0.0.0.0 it prints one service and one inspector line (with #token=) per non-internal IPv4 address, ' +
      'and that host names need --allow-host',
    () => {
      expect(
        networkNotes({ host: '0.0.0.0', allowHosts: [] }, { port: 4010, controlToken: 'tok_abc' }, MACHINE),
      ).toEqual([
        'from other machines (0.0.0.0 listens on every address of this one):',
        '  service      http://192.168.1.5:4010   (eth0)',
        '               http://10.8.0.3:4010      (wg0)',
        '  inspector    http://192.168.1.5:4010/__mock/ui/#token=tok_abc',
        '               http://10.8.0.3:4010/__mock/ui/#token=tok_abc',
        ...HOST_NAMES,
      ])
    },
  )

  it(
    'on :: the IPv6 addresses are printed too (not the link-local ' +
      'ones, which need a zone); allowed names are said',
    () => {
      const lines = networkNotes(
        { host: '::', allowHosts: ['mybox.local'] },
        { port: 4010, controlToken: 't' },
        MACHINE,
      )
      expect(lines.filter((line) => line.includes('/__mock/ui/'))).toEqual([
        '  inspector    http://192.168.1.5:4010/__mock/ui/#token=t',
        '               http://[fd00::5]:4010/__mock/ui/#token=t',
        '               http://10.8.0.3:4010/__mock/ui/#token=t',
      ])
      expect(lines).toContain(
        '  host names   the control API answers these addresses, 127.0.0.1 and localhost, mybox.local (--allow-host);',
      )
    },
  )

  it('a machine without a network address is said to be reachable from nowhere else', () => {
    expect(
      networkNotes({ host: '0.0.0.0', allowHosts: [] }, { port: 4010, controlToken: 't' }, { lo: MACHINE.lo }),
    ).toEqual(['from other machines: none reaches it, no network interface of this one has an address', ...HOST_NAMES])
  })

  it('bound to one address, the banner adds only the host-name rule; on loopback nothing', () => {
    expect(networkNotes({ host: '192.168.1.5', allowHosts: [] }, { port: 4010, controlToken: 't' }, MACHINE)).toEqual([
      HOST_NAMES[0]!.replace('these addresses', '192.168.1.5'),
      HOST_NAMES[1],
    ])
    expect(networkNotes({ host: '127.0.0.1', allowHosts: [] }, { port: 4010, controlToken: 't' }, MACHINE)).toEqual([])
  })
})

describe('amounts in the banner', () => {
  it("are written as the inspector page writes them: thousands separated, the currency's decimals", () => {
    expect([money('USD', 1000), money('KHR', 4_000_000), money('USD', 1234.5), money('KHR', 0)]).toEqual([
      'USD 1,000.00',
      'KHR 4,000,000',
      'USD 1,234.50',
      'KHR 0',
    ])
  })
})

describe('a server that cannot start says why in one line, with the exit status of whose fault it is', () => {
  const args = { port: 4010, host: 'nosuch.invalid' }
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code })

  it("a --host the resolver does not find is the caller's input: named by its flag, status 2", () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      expect(serveFailure(failure(code, `getaddrinfo ${code} nosuch.invalid`), args)).toEqual({
        message:
          `--host nosuch.invalid: no such host name (${code}); pass an address of this machine, ` +
          '127.0.0.1 (the default) or 0.0.0.0 for every interface',
        status: 2,
      })
    }
  })

  it('a port in use and an address not of this machine keep their messages and status 1', () => {
    expect(serveFailure(failure('EADDRINUSE', 'listen EADDRINUSE'), args)).toEqual({
      message:
        'port 4010 is already in use on nosuch.invalid: stop the other server or pass --port <n> (0 picks a free one)',
      status: 1,
    })
    expect(serveFailure(failure('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL'), { port: 1, host: '10.9.9.9' })).toEqual({
      message: 'cannot listen on 10.9.9.9: no such local address',
      status: 1,
    })
    expect(serveFailure(new Error('something else'), args)).toEqual({ message: 'something else', status: 1 })
  })
})
