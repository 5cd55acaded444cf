/**
 * What a person reads on a server-rendered page, from its HTML alone (no browser): the text of
 * every element, each run of it apart (React writes `<!-- -->` between two values side by side,
 * so a name put in a sentence is a run of its own), and the texts a browser reads out or shows on
 * hover: aria-label, title, placeholder, alt, a button input's value, the page's <title> and
 * description. Scripts and styles are not read, but the page's catalogues (the inline
 * `window.__solaceCatalogues`) are noted. React writes its HTML regularly (attributes in double
 * quotes, `<>&"'` escaped everywhere), which is what this reads.
 */

export type PageText = {
  /** `<html lang>`. */
  lang: string | null
  /** Each run of text the page shows, its spaces collapsed. */
  texts: string[]
  /** The language and namespaces of the catalogues the page carries, or null without them. */
  catalogues: { language: string; namespaces: string[] } | null
}

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'title', 'placeholder', 'alt'])
const BUTTON_INPUTS = new Set(['submit', 'button', 'reset'])
const META_TEXTS = new Set(['description', 'og:title', 'og:description', 'twitter:title', 'twitter:description'])

const TOKENS = /<!--[\s\S]*?-->|<![^>]*>|<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<\/?[a-zA-Z][^>]*>|[^<]+|</g
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*"([^"]*)")?/g

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

export function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Spaces of every kind (no-break ones included) as one plain space, none at the ends. */
export function collapse(text: string) {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim()
}

function attributesOf(tag: string) {
  const body = tag.replace(/^<\/?[a-zA-Z][\w:-]*/, '').replace(/\/?>$/, '')
  const attributes = new Map<string, string>()
  for (const [, name, value] of body.matchAll(ATTRIBUTE))
    attributes.set(name!.toLowerCase(), decodeEntities(value ?? ''))
  return attributes
}

/** The catalogues an inline script sets, when it is the page's catalogue script. */
function cataloguesOf(script: string): PageText['catalogues'] {
  const at = script.indexOf('window.__solaceCatalogues=')
  if (at < 0) return null
  const carried = JSON.parse(script.slice(at + 'window.__solaceCatalogues='.length)) as {
    language: string
    resources: Record<string, unknown>
  }
  return { language: carried.language, namespaces: Object.keys(carried.resources).sort() }
}

export function pageText(html: string): PageText {
  const texts: string[] = []
  let lang: string | null = null
  let catalogues: PageText['catalogues'] = null
  const add = (text: string) => {
    const collapsed = collapse(text)
    if (collapsed) texts.push(collapsed)
  }
  for (const [token, rawTextTag, , rawText] of html.matchAll(TOKENS)) {
    if (token.startsWith('<!')) continue
    if (rawTextTag) {
      if (rawTextTag.toLowerCase() === 'script') catalogues = cataloguesOf(rawText ?? '') ?? catalogues
      continue
    }
    if (token.startsWith('</')) continue
    if (token.startsWith('<') && token.length > 1) {
      const name = /^<([a-zA-Z][\w:-]*)/.exec(token)![1]!.toLowerCase()
      const attributes = attributesOf(token)
      if (name === 'html') lang = attributes.get('lang') ?? null
      for (const [attribute, value] of attributes) if (READ_ATTRIBUTES.has(attribute)) add(value)
      if (name === 'input' && BUTTON_INPUTS.has(attributes.get('type') ?? '')) add(attributes.get('value') ?? '')
      if (name === 'meta' && META_TEXTS.has(attributes.get('name') ?? attributes.get('property') ?? '')) {
        add(attributes.get('content') ?? '')
      }
      continue
    }
    add(decodeEntities(token))
  }
  return { lang, texts, catalogues }
}
