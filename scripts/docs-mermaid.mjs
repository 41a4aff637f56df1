// The docs site's diagrams: typedoc takes one custom script (typedoc.json `customJs`); this writes it from
// the mermaid package in node_modules plus the few lines that draw each ```mermaid block of a page, so
// the site draws its state diagrams with no CDN at view time. Run by `npm run docs` before typedoc.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const mermaid = readFileSync(require.resolve('mermaid/dist/mermaid.min.js'), 'utf8')
const draw = `
;(() => {
  const run = async () => {
    const blocks = [...document.querySelectorAll('pre > code.mermaid')]
    if (blocks.length === 0) return
    const dark = document.documentElement.dataset.theme === 'dark' || matchMedia('(prefers-color-scheme: dark)').matches
    globalThis.mermaid.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default', securityLevel: 'strict' })
    for (const [i, code] of blocks.entries()) {
      const { svg } = await globalThis.mermaid.render('state-diagram-' + i, code.innerText)
      const figure = document.createElement('div')
      figure.className = 'state-diagram'
      figure.innerHTML = svg
      code.parentElement.replaceWith(figure)
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run)
  else run()
})()
`
mkdirSync('docs/.generated', { recursive: true })
writeFileSync('docs/.generated/mermaid.js', `${mermaid}\n${draw}`)
console.log(
  `docs/.generated/mermaid.js: mermaid ${require('mermaid/package.json').version} ` +
    `and the drawing of \`\`\`mermaid blocks`,
)
