/**
 * @module docs/diagrams/markdown
 * The markdown-it plugin that shows a ```mermaid block as its pictures (drawn beforehand by render.ts): one in
 * the light colours and one in the dark, the theme's style showing the one of the reader's scheme. The alt text
 * names the section the diagram belongs to. A graph that has no picture yet (edited while the dev server runs)
 * is shown as its source, with a note: the build refuses a page that has one (config.ts).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { MarkdownRenderer } from 'vitepress'
import { DIAGRAMS_FOLDER, diagramFile } from './graphs.js'

/**
 * The class of the note that stands for a diagram not drawn yet; the build fails on a page that has one.
 *
 * @example
 * ```ts
 * if (html.includes(UNDRAWN_DIAGRAM)) throw new Error('run npm run docs:diagrams')
 * ```
 */
export const UNDRAWN_DIAGRAM = 'diagram-undrawn'

/**
 * Registers the diagrams on VitePress's markdown-it instance.
 *
 * @example
 * ```ts
 * export default defineConfig({ markdown: { config: (md) => md.use(diagrams) } })
 * ```
 */
export function diagrams(md: MarkdownRenderer): void {
  const fence = md.renderer.rules.fence
  if (fence === undefined) throw new Error('diagrams: markdown-it has no fence renderer to wrap')
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!
    if (token.info.trim() !== 'mermaid') return fence(tokens, idx, options, env, self)
    const graph = token.content.trim()
    const light = diagramFile(graph, 'light')
    const dark = diagramFile(graph, 'dark')
    if (!existsSync(join(DIAGRAMS_FOLDER, light)) || !existsSync(join(DIAGRAMS_FOLDER, dark))) {
      const run = '<code>npm run docs:diagrams</code>'
      const note = `<p class="${UNDRAWN_DIAGRAM}">This diagram is not drawn yet: run ${run}.</p>`
      return `${note}\n${fence(tokens, idx, options, env, self)}`
    }
    // The section's heading names the diagram for a reader who does not see it.
    let heading = 'A state diagram'
    for (let i = idx - 1; i >= 0; i--) {
      if (tokens[i]!.type === 'heading_open') {
        heading = `State diagram: ${tokens[i + 1]!.content.replace(/`/g, '')}`
        break
      }
    }
    const alt = md.utils.escapeHtml(heading)
    return [
      '<figure class="diagram">',
      `<img class="diagram-light" src="/diagrams/${light}" alt="${alt}">`,
      `<img class="diagram-dark" src="/diagrams/${dark}" alt="${alt}">`,
      '</figure>\n',
    ].join('')
  }
}
