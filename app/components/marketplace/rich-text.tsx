import { cloneElement, type ReactElement, type ReactNode } from 'react'

/**
 * A catalogue text with markup, 'Read our <a>Privacy Policy</a>.': each `<name>…</name>`
 * becomes `components[name]` with the words inside, the rest stays text. It does for these
 * texts what react-i18next's `<Trans>` does, without adding its weight to the public pages'
 * JavaScript (tests/e2e/js-budget.spec.ts). Tags do not nest.
 *
 * Values a person wrote (a first name) are put in after the markup is read, so text of theirs
 * never becomes markup: the catalogue's text is asked for with `{{name}}` left in place
 * (`t(key, { name: '{{name}}' })`) and `values` fills it here.
 */
export function RichText({
  text,
  components,
  values = {},
}: {
  text: string
  components: Record<string, ReactElement>
  values?: Record<string, string>
}) {
  const fill = (words: string) => words.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
  // split() with the two groups gives [text, tag, inside, text, tag, inside, …, text].
  const parts = text.split(/<(\w+)>(.*?)<\/\1>/s)
  const nodes: ReactNode[] = []
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(fill(parts[i]!))
    const tag = parts[i + 1]
    if (tag === undefined) continue
    const inside = fill(parts[i + 2] ?? '')
    const element = components[tag]
    nodes.push(element ? cloneElement(element, { key: i }, inside) : inside)
  }
  return <>{nodes}</>
}
