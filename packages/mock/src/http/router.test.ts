/**
 * @module router.test
 * The one router: a table compiled once, looked up in a fixed order (exact paths, paths with segments,
 * prefixes in the table's order, the catch-all), a path read as the table says (as written, without one
 * trailing slash, percent-decoded), and the methods a path takes for a 405's `Allow`.
 */
import { describe, expect, it } from 'vitest'
import { createRouter, pathOf } from './router.js'

const route = (method: string, path: string | { prefix: string }, name = `${method} ${JSON.stringify(path)}`) => ({
  method,
  path,
  name,
})

const TABLE = [
  route('GET', '/clock'),
  route('POST', '/clock'),
  route('GET', '/merchants/{merchantId}'),
  route('DELETE', '/merchants/{merchantId}/stores/{storeId}'),
  route('ALL', { prefix: '/qr/' }),
  route('GET', { prefix: '/' }, 'any GET'),
  route('ALL', '*', 'catch-all'),
]

describe('a table compiled by the one router', () => {
  const router = createRouter(TABLE, { base: '/__mock', trailingSlash: true })

  it('finds an exact path by method, the values of segments, then prefixes in order, then the catch-all', () => {
    expect(router.match('POST', '/__mock/clock')?.route.name).toBe('POST "/clock"')
    expect(router.match('GET', '/__mock/merchants/7')).toEqual({ route: TABLE[2], params: { merchantId: '7' } })
    expect(router.match('DELETE', '/__mock/merchants/7/stores/101')?.params).toEqual({
      merchantId: '7',
      storeId: '101',
    })
    expect(router.match('PUT', '/__mock/qr/x.png')?.route.name).toBe('ALL {"prefix":"/qr/"}')
    expect(router.match('GET', '/__mock/nothing')?.route.name).toBe('any GET')
    expect(router.match('PATCH', '/__mock/nothing')?.route.name).toBe('catch-all')
    expect(router.match('PATCH', '/elsewhere')).toBeUndefined()
  })

  it('reads one trailing slash as none when the table says so, and a segment is never empty nor two', () => {
    expect(router.match('GET', '/__mock/clock/')?.route.name).toBe('GET "/clock"')
    expect(createRouter(TABLE, { base: '/__mock' }).match('GET', '/__mock/clock/')?.route.name).toBe('any GET')
    expect(router.match('GET', '/__mock/merchants/')?.route.name).toBe('any GET')
    expect(router.match('GET', '/__mock/merchants/7/8')?.route.name).toBe('any GET')
  })

  it('reads a path as written unless the table reads it decoded: an encoded slash never joins two segments', () => {
    expect(router.match('GET', '/__mock/cl%6Fck')?.route.name).toBe('any GET')
    expect(router.match('GET', '/__mock/merchants/1%2F2')?.params).toEqual({ merchantId: '1%2F2' })
    const decoded = createRouter(TABLE, { base: '/__mock', trailingSlash: true, decoded: true })
    expect(decoded.match('GET', '/__mock/cl%6Fck')?.route.name).toBe('GET "/clock"')
    expect(decoded.match('GET', '/__mock/cl%6Fck/')?.route.name).toBe('GET "/clock"')
    expect(decoded.match('GET', '/__mock/bad%ZZ')?.route.name).toBe('any GET')
  })

  it('takes a path by a prefix or the catch-all in any of the forms the table reads it in', () => {
    const decoded = createRouter(TABLE, { base: '/__mock', trailingSlash: true, decoded: true })
    expect(decoded.match('PUT', '/__mock/q%72/x.png')?.route.name).toBe('ALL {"prefix":"/qr/"}')
    expect(router.match('PUT', '/__mock/q%72/x.png')?.route.name).toBe('catch-all')
    const mounted = createRouter([route('ALL', '*', 'catch-all')], { base: '/app', trailingSlash: true, decoded: true })
    expect(mounted.match('GET', '/%61pp/x')?.route.name).toBe('catch-all')
    expect(mounted.match('GET', '/%61pp/x')).toBe(mounted.match('POST', '/app/y'))
    expect(mounted.match('GET', '/other/x')).toBeUndefined()
  })

  it('says which methods a path takes, in the order of the table, for a 405', () => {
    expect(router.allowed('/__mock/clock')).toBe('GET, POST')
    expect(router.allowed('/__mock/merchants/9')).toBe('GET')
    expect(router.allowed('/__mock/qr/x.png')).toBeUndefined()
    expect(router.allowed('/__mock/none')).toBeUndefined()
  })

  it('takes the first of two routes with the same method and path', () => {
    const twice = createRouter([route('GET', '/a', 'first'), route('GET', '/a', 'second')])
    expect(twice.match('GET', '/a')?.route.name).toBe('first')
  })
})

describe('the path of a URL', () => {
  it.each([
    ['https://gateway.mock/api/v1/auth/set-pin?x=1', '/api/v1/auth/set-pin'],
    ['http://127.0.0.1:4010/__mock/clock#top', '/__mock/clock'],
    ['http://127.0.0.1:4010', '/'],
    ['http://127.0.0.1:4010/a%2Fb?c=/d', '/a%2Fb'],
  ])('%s: %s, as written', (url, path) => {
    expect(pathOf(url)).toBe(path)
  })
})
