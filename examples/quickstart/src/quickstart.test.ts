/**
 * The quickstart is documentation that runs; this test keeps it honest: the money figures it prints are
 * the ones the ledger rules give, the webhook was really verified, and every step was printed.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { formatBalance, formatMoney, runQuickstart, START, WEBHOOK_URL, type QuickstartSummary } from './quickstart.js'

describe('quickstart', () => {
  const lines: string[] = []
  let summary: QuickstartSummary

  beforeAll(async () => {
    summary = await runQuickstart({ log: (line) => lines.push(line) })
  })

  it(
    'moves the money as the ledger rules say: +24.50 paid, 4.50 refunded ' +
      'and 50.00 paid out, frozen until settlement',
    () => {
      expect(summary.orderAmount).toBe(24.5)
      expect(summary.refundAmount).toBe(4.5)
      expect(summary.payoutAmount).toBe(50)
      expect(summary.payoutAccountNumber).toBe('001234567')
      // Opening 100.00 + payment 24.50 = 124.50; refund and payout frozen: 4.50 + 50.00 = 54.50.
      expect(summary.balanceBeforeSettlement).toEqual({ balance: 124.5, usable: 70, freeze: 54.5 })
      // Both settled: they leave the balance and the freeze together, so usable does not move.
      expect(summary.balanceAfterSettlement).toEqual({ balance: 70, usable: 70, freeze: 0 })
      expect(summary.refundStatusAfterSettlement).toBe('completed')
      expect(summary.payoutStatusAfterSettlement).toBe('completed')
      expect(summary.clock).toEqual({ start: START, end: '2026-11-09T09:00:00.000Z' })
    },
  )

  it(
    'receives the payment webhook for the right order and transaction, ' +
      'verified with the API secret and acknowledged',
    () => {
      expect(summary.webhook.verified).toBe(true)
      expect(summary.webhook.answer).toBe('HTTP 200')
      expect(summary.webhook.payload).toEqual({
        accountName: 'Chan Sophea',
        accountNumber: '099887766',
        amount: 24.5,
        appId: expect.any(Number),
        createTimeMilli: Date.parse(START),
        currency: 'USD',
        orderId: summary.orderId,
        status: 'SUCCESS',
        transactionId: summary.paymentTransactionId,
      })
    },
  )

  it('prints ten numbered steps in order, each with its figures', () => {
    const numbered = lines.filter((line) => /^\s?\d+\. /.test(line)).map((line) => Number(line.trim().split('.')[0]))
    expect(numbered).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])

    const {
      orderId,
      storeId,
      merchantId,
      paymentTransactionId: paid,
      refundTransactionId: refunded,
      payoutTransactionId: paidOut,
    } = summary
    const expected = [
      ` 1. Merchant #${merchantId} "Riverside Coffee" opened with USD 100.00, ` +
        `store #${storeId} added (control API: the merchant's app)`,
      ` 2. Stores listed (SDK): #${storeId} Riverside Coffee, 12 Sisowath Quay, Phnom Penh`,
      ` 3. Order #${orderId} created for USD 24.50 at store #${storeId}: status pending`,
      ` 4. Customer Chan Sophea paid order #${orderId} (control API): transaction #${paid}, completed`,
      ` 5. Webhook received at ${WEBHOOK_URL}: SUCCESS for order #${orderId}, USD 24.50, transaction #${paid}`,
      '    X-Signature verified with the API secret over the raw body; our receiver answered HTTP 200',
      ` 6. Partial refund of USD 4.50 on order #${orderId} to Chan Sophea (signed): transaction #${refunded}`,
      ` 7. Payout of USD 50.00 to 001234567 (Riverside Coffee Co., Ltd.) (signed): transaction #${paidOut}`,
      ' 8. Balance while the refund and the payout are processing: USD 124.50 = usable 70.00 + freeze 54.50',
      ' 9. A week later (mock clock 2026-11-09T09:00:00.000Z): refund completed, payout completed',
      '    Balance after settlement: USD 70.00 = usable 70.00 + freeze 0.00',
      '10. Ledger audit: clean, every balance matches its transactions',
    ]
    for (const line of expected) expect(lines).toContain(line)
    // The order's QR code and the idempotency keys of the signed calls are on the detail lines.
    expect(lines).toContainEqual(expect.stringMatching(/^ {4}QR code https:\/\/gateway\.mock\/\S+$/))
    expect(lines.filter((line) => /^ {4}idempotency key [0-9a-f-]{36}; settles in/.test(line))).toHaveLength(2)
  })

  it(
    'logs every SDK call through the logger option, one line per attempt, ' +
      'with the keys of the signed calls and no credential',
    () => {
      const sdkLines = lines.filter((line) => line.startsWith('    [sdk] '))
      // stores, order, refund, payout, balance, two transactions, balance: eight calls, one attempt each.
      expect(
        sdkLines.map((line) =>
          line
            .match(/merchant-gateway (GET|POST) \/api\/v1\/payment-gateway\/([\w/-]+)/)
            ?.slice(1)
            .join(' '),
        ),
      ).toEqual([
        'POST stores/list',
        'POST order/create',
        'POST order/refund',
        'POST order/payout',
        'POST balance-inquiry',
        'GET payment/transaction-detail',
        'GET payment/transaction-detail',
        'POST balance-inquiry',
      ])
      for (const line of sdkLines) expect(line).toMatch(/ attempt 1: 200 in \d+(\.\d)? ms/)
      expect(sdkLines.filter((line) => /X-Idempotent-Key [0-9a-f-]{36}$/.test(line))).toHaveLength(2)
      for (const secret of [summary.credentials.apiKey, summary.credentials.apiSecret])
        expect(lines.join('\n')).not.toContain(secret)
    },
  )

  it('ends with a clean ledger audit', () => {
    expect(summary.audit).toEqual([])
  })
})

describe('money formatting', () => {
  it('writes USD with cents and thousands separators, KHR in whole riel', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('USD 1,234.50')
    expect(formatMoney(0, 'USD')).toBe('USD 0.00')
    expect(formatMoney(40_000, 'KHR')).toBe('KHR 40,000')
    expect(formatBalance({ balance: 124.5, usable: 70, freeze: 54.5 }, 'USD')).toBe(
      'USD 124.50 = usable 70.00 + freeze 54.50',
    )
    expect(formatBalance({ balance: 400_000, usable: 390_000, freeze: 10_000 }, 'KHR')).toBe(
      'KHR 400,000 = usable 390,000 + freeze 10,000',
    )
  })
})
