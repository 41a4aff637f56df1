/**
 * @module openapi-tools/repository-root
 * Where the repository is, for the files the tools read and write there (the committed documents, the
 * docs site): the generated files belong to the packages, not to this workspace.
 */
import { fileURLToPath } from 'node:url'

/**
 * The repository's root folder, with a trailing slash.
 *
 * @example
 * ```ts
 * readFileSync(`${REPOSITORY_ROOT}packages/contract/openapi.json`, 'utf8')
 * ```
 */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
