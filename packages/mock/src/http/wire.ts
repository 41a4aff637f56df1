/**
 * @module wire
 * Records to the documented wire shapes. Amounts leave minor units here and only here; ids are
 * numbers in current-form bodies (`orderId: 1024`) and strings in the "as documented" ones
 * (`order_id: "1024"`), both naming the same record.
 */
import {
  CURRENCIES,
  fromMinorUnits,
  type Balance,
  type CancelResult,
  type EarlierMoneyStatus,
  type LegacyPayoutResult,
  type LegacyRefundResult,
  type MoneyMovementResult,
  type Order,
  type QrCode,
  type Store,
  type Transaction,
} from '@merchant-gateway/contract'
import type { DomainContext } from '../domain/context.js'
import { qrImageUrl } from '../domain/qr-codes.js'
import type { OrderRecord, QrRecord, StoreRecord, TransactionRecord } from '../store/records.js'

/**
 * An instant in ISO 8601. The last one formatted is kept: the answers given at one instant of the mock clock (a
 * frozen clock, a burst of requests within a millisecond) format it once. An instant Date cannot hold throws, as
 * ever (NaN is never equal to itself, and nothing is kept before the format succeeds).
 */
function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString()
    lastMs = ms
  }
  return lastIso
}
let lastMs = Number.NaN
let lastIso = ''

/** A store as list stores shows it. */
export function storeBody(store: StoreRecord): Store {
  return { storeId: store.storeId, storeName: store.storeName, address: store.address }
}

/** USD and KHR figures as balance inquiry shows them. */
export function balanceBody(ctx: DomainContext, merchantId: number): Balance {
  const [usd, khr] = CURRENCIES.map((currency) => {
    const f = ctx.ledger.figures(merchantId, currency)
    return {
      balance: fromMinorUnits(f.balanceMinor, currency),
      freeze: fromMinorUnits(f.freezeMinor, currency),
      usable: fromMinorUnits(f.usableMinor, currency),
    }
  })
  return { usd: usd!, khr: khr! }
}

/** An order as create order returns it. */
export function orderBody(ctx: DomainContext, order: OrderRecord): Order {
  return {
    order_id: String(order.orderId),
    qr_code: qrImageUrl(ctx, order.qrData),
    status: order.status,
    created_at: iso(order.createdAt),
  }
}

/** A stand-alone QR code as generate QR returns it. */
export function qrBody(ctx: DomainContext, qr: QrRecord): QrCode {
  return { qr_code: qrImageUrl(ctx, qr.qrData), qr_data: qr.qrData, expires_at: iso(qr.expiresAt) }
}

/** A transaction as transaction detail returns it. */
export function transactionBody(tx: TransactionRecord): Transaction {
  return {
    transaction_id: String(tx.transactionId),
    order_id: String(tx.orderId),
    amount: fromMinorUnits(tx.amountMinor, tx.currency),
    currency: tx.currency,
    status: tx.status,
    created_at: iso(tx.createdAt),
    updated_at: iso(tx.updatedAt),
  }
}

/** The status of an order that cancel has just moved (anything else is a bug of the mock). */
function cancelledStatus(order: OrderRecord): 'cancelled' {
  if (order.status !== 'cancelled')
    throw new Error(`[mock] cancel answered for order ${order.orderId} in ${order.status}`)
  return order.status
}

/** A cancelled order as cancel returns it. */
export function cancelBody(order: OrderRecord): CancelResult {
  return {
    order_id: String(order.orderId),
    status: cancelledStatus(order),
    cancelled_at: iso(order.cancelledAt ?? order.updatedAt),
  }
}

/** A refund or payout as their envelopes carry it. */
export function moneyMovementBody(tx: TransactionRecord): MoneyMovementResult {
  return {
    accountName: tx.accountName,
    accountNumber: tx.accountNumber,
    amount: fromMinorUnits(tx.amountMinor, tx.currency),
    currency: tx.currency,
    orderId: tx.orderId,
    remark: tx.remark,
    transactionDate: iso(tx.createdAt),
    transactionId: tx.transactionId,
  }
}

/**
 * A refund or payout's state as the earlier results spell it: `processing` until it settles, then
 * `completed` (or, for a payout, `failed`).
 */
function earlierStatus(tx: TransactionRecord): EarlierMoneyStatus {
  if (tx.status === 'cancelled') throw new Error('[mock] a refund or payout is never cancelled')
  return tx.status === 'pending' ? 'processing' : tx.status
}

/** A refund as the earlier form answers it (a bare object, ids as strings). */
export function earlierRefundBody(tx: TransactionRecord): LegacyRefundResult {
  return {
    refund_id: String(tx.transactionId),
    order_id: String(tx.orderId),
    amount: fromMinorUnits(tx.amountMinor, tx.currency),
    status: earlierStatus(tx),
    created_at: iso(tx.createdAt),
  }
}

/** A payout as the earlier form answers it (a bare object, ids as strings). */
export function earlierPayoutBody(tx: TransactionRecord): LegacyPayoutResult {
  return {
    payout_id: String(tx.transactionId),
    account_id: tx.accountNumber,
    amount: fromMinorUnits(tx.amountMinor, tx.currency),
    currency: tx.currency,
    status: earlierStatus(tx),
    created_at: iso(tx.createdAt),
  }
}
