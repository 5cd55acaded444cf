import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/*
 * No emoji in what the app shows (issue 29, item 20): Chromium draws an emoji from the
 * machine's emoji font, and a machine without one (Debian's chromium with its recommended
 * fonts, many servers and older phones) draws an empty box instead. Icons are drawn with
 * `~/components/ui/icons`. Only text the app can show counts: string and template literals and
 * JSX text; comments (which may quote a model's emoji) do not. Test files are left out: their
 * emoji are inputs, not icons.
 */

const APP_DIR = path.resolve(import.meta.dirname, '../..')

/** A pictograph (emoji) other than the typographic ©, ® and ™, which Inter draws itself. */
const EMOJI = /(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}/u

/** 'file.tsx:12: 🔒' for each piece of shown text in `source` that holds an emoji. */
function emojiIn(fileName: string, source: string) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node)
    ) {
      const match = EMOJI.exec(node.text)
      if (match) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
        found.push(`${fileName}:${line + 1}: ${match[0]}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

function appSourceFiles() {
  return fs
    .readdirSync(APP_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name))
}

describe('no emoji as icons', () => {
  test('the check finds an emoji in JSX, a string or a template, and not in a comment or ©', () => {
    const source = [
      '// a comment may quote one: ⚠️',
      'const a = <span aria-hidden="true">🔒</span>',
      "const b = { icon: '🖼️' }",
      'const c = `${a} 📄`',
      'const d = <p>© 2023 Solace ← Back</p>',
    ].join('\n')
    expect(emojiIn('sample.tsx', source)).toEqual(['sample.tsx:2: 🔒', 'sample.tsx:3: 🖼', 'sample.tsx:4: 📄'])
  })

  test('no file under app/ shows one', () => {
    const files = appSourceFiles()
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((name) => emojiIn(name, fs.readFileSync(path.join(APP_DIR, name), 'utf8')))
    expect(found).toEqual([])
  })
})
