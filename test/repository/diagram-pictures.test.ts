/**
 * The guides' diagrams are drawn once and committed (docs/public/diagrams/): a fresh clone builds the site without
 * Chromium drawing them. A graph edited, a new mermaid or a change to the drawing script names new pictures, which
 * must be drawn (`npm run docs:diagrams`) and committed with the change.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { diagramFile, mermaidBlocks } from '../../docs/.vitepress/diagrams/graphs.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('the diagrams of the guides', () => {
  it('each graph has its light and dark pictures committed, and no other picture is', () => {
    const committed = execFileSync('git', ['ls-files', 'docs/public/diagrams'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((path) => path.slice('docs/public/diagrams/'.length))
      .sort()
    const graphs = [...new Set(mermaidBlocks().map((block) => block.graph))]
    const wanted = graphs.flatMap((graph) => [diagramFile(graph, 'light'), diagramFile(graph, 'dark')]).sort()
    expect(graphs.length).toBeGreaterThan(0)
    expect(committed, 'draw them with `npm run docs:diagrams` and commit docs/public/diagrams').toEqual(wanted)
  })
})
