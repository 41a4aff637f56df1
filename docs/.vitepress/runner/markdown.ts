/**
 * @module docs/runner/markdown
 * The markdown-it plugin that turns the guides' runnable ```ts blocks into `<RunnableExample>` components.
 * A stub for now: the site can register it while the runner is being built; it changes nothing yet.
 */
import type MarkdownIt from 'markdown-it'

/**
 * Registers the runnable examples on VitePress's markdown-it instance.
 *
 * @example
 * ```ts
 * // docs/.vitepress/config.ts
 * export default defineConfig({ markdown: { config: (md) => md.use(runnableExamples) } })
 * ```
 */
export function runnableExamples(md: MarkdownIt): void {
  void md
}
