/**
 * @module handlers/transactions
 * Transaction detail, in both documented forms: GET with the query parameter `transaction_id`, and
 * POST on the same path. The service does not document the POST body; we accept `transaction_id` (string or
 * number) in a JSON body or in the query, and refuse the two when they disagree.
 *
 * Both routes parse with the contract's schemas of the operation (`OPERATION_REQUESTS` for the query,
 * `QUERY_BODIES` for the POST body) but write their own parse step rather than take the route's default,
 * which validates a body: the id comes from the query string, or from either place.
 */
import { OPERATION_REQUESTS, QUERY_BODIES } from '@merchant-gateway/contract'
import type { DomainContext } from '../../domain/context.js'
import { RuleError } from '../../domain/rule-error.js'
import { requireOwnTransaction } from '../../domain/transactions.js'
import type { MerchantRecord } from '../../store/records.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { validate } from '../validate.js'
import { transactionBody } from '../wire.js'

/** GET and POST payment/transaction-detail. */
export function transactionHandlers(runtime: GatewayRuntime) {
  const common = {
    operation: 'transactionDetail',
    run: (ctx: DomainContext, merchant: MerchantRecord, transactionId: number) =>
      transactionBody(requireOwnTransaction(ctx, merchant.merchantId, transactionId)),
  } as const
  return [
    route(runtime, { ...common, method: 'GET', parse: (_body, url) => fromQuery(url) }),
    route(runtime, {
      ...common,
      method: 'POST',
      parse: (body, url) => {
        const inQuery = url.searchParams.has('transaction_id') ? fromQuery(url) : undefined
        const inBody =
          body && 'transaction_id' in body
            ? Number(validate(QUERY_BODIES.transactionDetail, body).transaction_id)
            : undefined
        if (inQuery !== undefined && inBody !== undefined && inQuery !== inBody) {
          throw new RuleError(400, 'transaction_id in the query and in the body differ')
        }
        const id = inBody ?? inQuery
        if (id === undefined) throw new RuleError(400, 'transaction_id is required (query parameter or JSON body)')
        return id
      },
    }),
  ]
}

function fromQuery(url: URL): number {
  const values = url.searchParams.getAll('transaction_id')
  if (values.length > 1) throw new RuleError(400, 'transaction_id must be given once')
  const input = validate(OPERATION_REQUESTS.transactionDetail, { transaction_id: values[0] })
  return Number(input.transaction_id)
}
