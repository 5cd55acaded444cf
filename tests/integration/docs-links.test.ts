/**
 * The README and the pages of docs/ (issue 43): the README stays a short first page, every
 * relative link in them leads to a file that exists (and to a heading that exists, when it names
 * one), and CI runs the very set-up lines the README gives, so following "Start here" is what CI
 * proves. Links to other sites are not followed: nothing here may reach the network.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const README_MAX_LINES = 150

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(full)
    return entry.name.endsWith('.md') ? [full] : []
  })
}

/** The text outside fenced code blocks, where `[x](y)` is not a link. */
function prose(markdown: string) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

function anchors(file: string) {
  const text = prose(fs.readFileSync(file, 'utf8'))
  return new Set([...text.matchAll(/^#{1,6} +(.+?) *#*$/gm)].map((m) => slug(m[1]!)))
}

/** Every relative link of a page, as `target` and the optional `#anchor`. */
function relativeLinks(file: string) {
  const text = prose(fs.readFileSync(file, 'utf8')).replace(/`[^`\n]*`/g, (code) =>
    // Inline code may hold brackets; a link whose text is code (`[`x`](y)`) must still count.
    code.replace(/[[\]()]/g, ' '),
  )
  return [...text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => {
      const [target, anchor] = href.split('#') as [string, string | undefined]
      return { href, target, anchor }
    })
}

const pages = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))]

test('every relative link in the README and docs/ leads to a file and heading that exist', () => {
  const broken: string[] = []
  let checked = 0
  for (const page of pages) {
    for (const { href, target, anchor } of relativeLinks(page)) {
      checked++
      const where = `${path.relative(root, page)}: ${href}`
      const resolved = target === '' ? page : path.resolve(path.dirname(page), decodeURI(target))
      if (!fs.existsSync(resolved)) {
        broken.push(`${where} (no such file)`)
      } else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
        broken.push(`${where} (no such heading)`)
      }
    }
  }
  expect(broken).toEqual([])
  // The README alone links to its topic pages and decisions: a parser that found none is broken.
  expect(checked).toBeGreaterThan(40)
})

test('the link check finds a missing file and a missing heading', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-docs-links-'))
  try {
    const page = path.join(dir, 'page.md')
    fs.writeFileSync(
      page,
      '# A page\n\n## Real `keys` here\n\n[ok](#real-keys-here) [gone](missing.md) [bad](page.md#nowhere)\n' +
        '[`code`](page.md) [site](https://example.com/x.md)\n\n```\n[not a link](nothing.md)\n```\n',
    )
    const found = relativeLinks(page).map((link) => link.href)
    expect(found).toEqual(['#real-keys-here', 'missing.md', 'page.md#nowhere', 'page.md'])
    expect(anchors(page)).toEqual(new Set(['a-page', 'real-keys-here']))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test(`the README is at most ${README_MAX_LINES} lines: the rest lives in docs/`, () => {
  const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n')
  expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES)
})

test("CI runs the README's set-up and test lines as written", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  const ci = fs.readFileSync(path.join(root, '.ci/run'), 'utf8').split('\n')
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!.trim().split('\n'))
  const testBlock = blocks.find((lines) => lines.some((line) => line.includes('npm test')))
  expect(testBlock).toEqual(['eval "$(scripts/node.sh)"', 'npm ci && npm test'])
  for (const line of testBlock!) expect(ci).toContain(line)
})
