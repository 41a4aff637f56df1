/**
 * The names the guides' examples use without defining them, for the type check of the doc-test; their
 * values at run time come from prelude.ts.
 */
import type { GatewayClient as Client } from '@merchant-gateway/sdk'

declare global {
  const GatewayClient: typeof Client
  const apiKey: string
  const apiSecret: string
  const secret: string
  const baseUrl: string
  const input: string
  const rawBody: string
  const res: Response
  const auth: { currentToken(): string; currentAccessToken(): string }
  const tracer: { traceparent(): string }
  const metrics: { count(operation: string, status: number): void }
  const log: { info(message: string): void; warn(message: string): void }
  const alerts: { notify(message: string): void }
  function showAttemptsLeft(left: unknown): void
  function showUnlockTime(until: unknown): void
  function showHint(text: unknown): void
  function showCountdown(until: unknown): void
  function markPaid(orderId: number): Promise<void>
  function onEvent(payload: unknown): Promise<void>
  const app: { post(path: string, ...handlers: unknown[]): void }
  const express: { raw(options: { type: string }): unknown }
}
