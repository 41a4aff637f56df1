/**
 * @module test/e2e/free-port
 * A port for a child process to listen on. The OS picks it and it is released at once, so another process can
 * take it before the child binds it: a caller that must be sure waits for the child's own word that it listens.
 */
import { createServer } from 'node:net'

/** A port nothing listens on now (the OS's pick, released at once). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
