/**
 * The repository's text stands on its own: code, comments, TSDoc, guides and package files state a rule
 * themselves (or point into `docs/`), and never cite planning documents or tracker numbers a user of
 * the packages does not have. Code comments state the service's rules too, rather than send the reader to a
 * section of the gateway's documentation, which the reader does not have.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
const SELF = 'test/repository/standalone-text.test.ts'

/** Planning documents kept outside the repository, and references to tracker items. */
const FORBIDDEN = [
  /\bSPEC\.md\b/,
  // The spec by its short name (`SPEC:`, `the SPEC's`) is a citation too.
  /\bSPEC\b/,
  /\bDESIGN\.md\b/,
  /\bSTYLE\.md\b/,
  /(^|[\s`'"(])shared\//,
  /\bissues? #?\d+\b/i,
  /\(#\d+\)/,
]

/**
 * What a code comment must not hold: a citation of the gateway's documentation by section
 * (`the gateway's documentation, "Errors"`, or the section unquoted and capitalised), an apostrophe escaped as
 * in a string (`gateway\'s`), and the punctuation such a citation leaves behind when it is cut out badly (`",:`,
 * `",.`, `",,`).
 */
const COMMENT_FORBIDDEN = [/\b[Gg]ateway(?:\\?'s)? [Dd]ocumentation,\s*(?:"|[A-Z])/, /\bgateway\\'s\b/i, /",[:.,]/]

/** Folders whose `.ts` and `.mjs` files have their comments checked. */
const COMMENT_FOLDERS = ['packages/', 'tools/', 'examples/', 'scripts/', 'test/']

/** A comment's text as one line: a block's lines joined, their leading `*` and the comment markers dropped. */
function commentText(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:\/\*\*?|\*\/|\*|\/\/)?\s?/, '').replace(/\*\/\s*$/, ''))
    .join(' ')
}

/**
 * The comments of a TypeScript or JavaScript source, each as one line of text (a block's lines joined, their
 * leading `*` dropped, so a citation broken over two lines is still seen), with the line it starts on.
 *
 * The compiler parses the file once; its literal tokens (strings, template text, regular expressions) are the
 * only places outside comments where `//` or `/*` can stand, so every `//` or `/*` between them starts a comment.
 * Walking every token with `getChildren` finds the same comments (checked on the whole repository: the same
 * 4 346) but costs about five times as much, which made this test the slowest of its project.
 */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  // Start and end of each literal token, in order.
  const literals: number[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      node.kind === ts.SyntaxKind.JsxText
    ) {
      literals.push(node.getStart(source), node.end)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  literals.sort((a, b) => a - b)
  const out: { line: number; text: string }[] = []
  // A `#!` line is not a comment.
  let pos = text.startsWith('#!') ? text.indexOf('\n') + 1 || text.length : 0
  let next = 0
  while (pos < text.length) {
    while (next < literals.length && literals[next + 1]! <= pos) next += 2
    if (next < literals.length && pos >= literals[next]!) {
      pos = literals[next + 1]!
      continue
    }
    const limit = next < literals.length ? literals[next]! : text.length
    const slash = text.indexOf('/', pos)
    if (slash === -1 || slash >= limit) {
      pos = limit
      continue
    }
    let end: number
    if (text[slash + 1] === '/') {
      end = text.indexOf('\n', slash)
      if (end === -1) end = text.length
      else if (text[end - 1] === '\r') end--
    } else if (text[slash + 1] === '*') {
      end = text.indexOf('*/', slash + 2)
      end = end === -1 ? text.length : end + 2
    } else {
      pos = slash + 1
      continue
    }
    out.push({ line: source.getLineAndCharacterOfPosition(slash).line + 1, text: commentText(text.slice(slash, end)) })
    pos = end
  }
  return out
}

/** Whether a comment's text breaks a rule of {@link COMMENT_FORBIDDEN}. */
function badComment(text: string): boolean {
  return COMMENT_FORBIDDEN.some((pattern) => pattern.test(text))
}

/** Every tracked text file (generated lock files aside). */
function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
  return files.filter((f) => f !== SELF && f !== 'package-lock.json' && !/\.(png|ico|jpg|woff2?)$/.test(f))
}

// Two of these tests read every tracked file (one parses each source): about 3 s alone, but many times that on a
// machine busy with the rest of the suite, so they get the time it takes rather than Vitest's default 5 s.
describe('text that stands on its own', { timeout: 120_000 }, () => {
  it('no tracked file cites SPEC.md, DESIGN.md, STYLE.md, shared/ or an issue number', () => {
    const hits: string[] = []
    for (const file of trackedTextFiles()) {
      const text = readFileSync(new URL(file, ROOT), 'utf8')
      text.split('\n').forEach((line, i) => {
        if (FORBIDDEN.some((pattern) => pattern.test(line))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
      })
    }
    expect(hits).toEqual([])
  })

  it('the check sees a citation (it can fail)', () => {
    expect(FORBIDDEN.some((pattern) => pattern.test('as SPEC.md says'))).toBe(true)
    expect(FORBIDDEN.some((pattern) => pattern.test('/** SPEC: a PIN is 6 digits */'))).toBe(true)
    expect(FORBIDDEN.some((pattern) => pattern.test('fixed in issue 12'))).toBe(true)
    expect(FORBIDDEN.some((pattern) => pattern.test('see `shared/DESIGN.md`'))).toBe(true)
  })

  it("no code comment cites a section of the gateway's documentation or keeps a citation's leftovers", () => {
    const hits: string[] = []
    for (const file of trackedTextFiles()) {
      if (!/\.(ts|mjs)$/.test(file) || !COMMENT_FOLDERS.some((folder) => file.startsWith(folder))) continue
      for (const comment of commentsOf(file, readFileSync(new URL(file, ROOT), 'utf8'))) {
        if (badComment(comment.text)) hits.push(`${file}:${comment.line}: ${comment.text.trim().slice(0, 120)}`)
      }
    }
    expect(hits).toEqual([])
    // Every tracked source parsed: seconds on a machine busy with other jobs, not a timed assertion.
  }, 60_000)

  it('the comment check sees a citation by section and its leftovers, and only in comments (it can fail)', () => {
    const bad = [
      `/**\n * Create order accepts both shapes (the gateway's documentation, "Documented inconsistencies", 1).\n */`,
      `// The gateway documentation, "Errors": two body shapes.`,
      `/** Idempotent refunds (the gateway documentation, Limits). */`,
      `/** Signing (the gateway's documentation,\n * "Authentication"). */`,
      `/** The gateway\\'s two error bodies. */`,
      `// Signed as documented ",: the raw body and X-Timestamp.`,
      `/** The envelope ",. Both forms are accepted. */`,
      `/** PIN rules ",, as the service has them. */`,
    ]
    for (const snippet of bad) {
      const comments = commentsOf('bad.ts', `${snippet}\nexport const x = 1\n`)
      expect(
        comments.some((c) => badComment(c.text)),
        snippet,
      ).toBe(true)
    }
    const fine = [
      `/** The service documents the envelope for these four operations. */\nexport const x = 1\n`,
      `const message = 'the gateway documentation, "Errors"' // a string, not a comment\n`,
      `const fieldsJoined = '",:' + "gateway\\'s"\n`,
      `/** Kept as the gateway's documentation, default or not, has it. */\nexport const x = 1\n`,
    ]
    for (const source of fine) {
      expect(
        commentsOf('fine.ts', source).filter((c) => badComment(c.text)),
        source,
      ).toEqual([])
    }
  })
})
