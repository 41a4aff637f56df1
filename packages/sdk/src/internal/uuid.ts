/**
 * @module uuid
 * UUID v4 for idempotency keys. `crypto.randomUUID` exists in Node, Bun, Deno, Workers and secure
 * browser contexts; an insecure page (plain http) lacks it, so fall back to `getRandomValues`.
 */

/** A random UUID v4. */
export function uuidV4(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
