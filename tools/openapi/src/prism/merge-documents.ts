/**
 * @module openapi-tools/prism/merge-documents
 * One document with the paths of both (the service's and the control API's), for Prism, which
 * validates against a single document: the e2e suite calls both through the same server. A component
 * name the two use for different schemas stops the merge rather than letting one shadow the other.
 */
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { REPOSITORY_ROOT as root } from '../repository-root.js'

type Document = { paths: Record<string, unknown>; components?: Record<string, Record<string, unknown>> } & Record<
  string,
  unknown
>

/** The committed documents, read from the repository. */
const DOCUMENT_FILES = ['packages/contract/openapi.json', 'packages/mock/openapi.control.json'] as const

/**
 * Merges the paths and components of `others` into a copy of `first`.
 *
 * @example
 * ```ts
 * const merged = mergeDocuments(readDocument(DOCUMENT_FILES[0]), readDocument(DOCUMENT_FILES[1]))
 * ```
 */
function mergeDocuments(first: Document, ...others: Document[]): Document {
  const merged = structuredClone(first)
  merged.components ??= {}
  for (const other of others) {
    for (const [path, item] of Object.entries(other.paths)) {
      if (path in merged.paths) throw new Error(`[openapi] both documents have the path ${path}`)
      merged.paths[path] = item
    }
    for (const [kind, entries] of Object.entries(other.components ?? {})) {
      const target = (merged.components[kind] ??= {})
      for (const [name, value] of Object.entries(entries)) {
        if (name in target && !isDeepStrictEqual(target[name], value))
          throw new Error(`[openapi] the documents define components.${kind}.${name} differently`)
        target[name] = value
      }
    }
  }
  return merged
}

/**
 * Reads a document of the repository.
 *
 * @example
 * ```ts
 * const gateway = readDocument('packages/contract/openapi.json')
 * ```
 */
function readDocument(path: string): Document {
  return JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as Document
}

/**
 * The merged document of the repository's committed documents.
 *
 * @example
 * ```ts
 * writeFileSync(target, JSON.stringify(repositoryDocument()))
 * ```
 */
export function repositoryDocument(): Document {
  return mergeDocuments(readDocument(DOCUMENT_FILES[0]), readDocument(DOCUMENT_FILES[1]))
}
