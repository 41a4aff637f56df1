/**
 * @module openapi-tools/gateway/examples
 * The shape of the examples the document carries. They are not written here: the generator takes
 * them from the mock's own answers (src/examples/collect-examples.ts) and checks each against its
 * schema before it goes into the document.
 */

/** One named example: an OpenAPI Example Object. */
interface ExampleObject {
  summary: string
  description?: string
  value: unknown
}

/** Named examples, keyed by a short name (`ok`, `wrongSignature`, ...). */
export type NamedExamples = Record<string, ExampleObject>

/** The examples of one operation: request bodies, query values, and answers by status. */
export interface OperationExamples {
  request?: NamedExamples
  query?: Record<string, unknown>
  responses: Record<string, NamedExamples>
}

/**
 * Every example of a document, by operation id (`listStores`, `transactionDetailGet`, ...), plus the
 * webhook's.
 */
export interface DocumentExamples {
  operations: Record<string, OperationExamples>
  webhook?: { payload: ExampleObject; signature: string }
}
