/**
 * Takes the model's own medical disclaimer out of an AI answer: the screen shows our fixed
 * `MEDICAL_DISCLAIMER` (ai-consult.ts) under every answer instead, so the stored response is
 * the answer without it (docs/decisions/021-ai-consultations.md). Client-safe and pure.
 *
 * What counts as the model's disclaimer, line by line (Markdown):
 * - a heading that mentions a disclaimer (`## Medical Disclaimer`, `### Disclaimer`) and
 *   everything under it, up to the next heading of the same or a higher level;
 * - a line that is only the label (`**Medical Disclaimer**`, `*Medical disclaimer*`,
 *   `Disclaimer:`, a setext heading's text) and everything after it up to the next heading or
 *   line of bold text;
 * - a paragraph that opens with the label (`**Medical Disclaimer:** This…`,
 *   `Disclaimer: …`, `> ⚠️ **Important disclaimer**: …`, `*Disclaimer — …*`), to its end;
 * - a horizontal rule that leads only into such a part, or ends the answer.
 * A paragraph that merely mentions a disclaimer ("read the disclaimer on the label") stays.
 *
 * The same filter runs on the streamed answer, piece by piece, so what the screen is shown while
 * the model writes adds up exactly to what is stored: `replaceDisclaimer(text)` is the filter
 * run over the whole text at once. A line is held back only until it is clear whether it
 * belongs to a disclaimer (a heading or rule to its end, other lines for their first ~40
 * characters).
 */

export type DisclaimerFilter = {
  /** Feeds the next piece of the answer; answers the text that may be shown now. */
  push(text: string): string
  /** The answer is complete: answers the rest of the text to show. */
  end(): string
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$/
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
/** A line that is only bold text: a heading in all but name, which ends a label's section. */
const BOLD_LINE = /^ {0,3}(\*\*|__)(?=\S)(.+?)\1[ \t]*:?[ \t]*$/
/**
 * Markup, quote marks and a warning sign before a label, then one or two qualifying words; in
 * English or in French, the language a French-reading practitioner's answer is written in
 * (« Avertissement médical : », « Avis de non-responsabilité »; a bare « Avertissement » may warn
 * about a medication, and stays).
 */
const LABEL =
  /^[ \t]{0,3}(?:>[ \t]?)*[ \t*_]*(?:\p{Extended_Pictographic}\uFE0F?[ \t*_]*)?(?:(?:(?:important|medical|general|health|legal)[ \t]+){0,2}disclaimers?\b|(?:avertissements?[ \t]+m[ée]dica(?:l|ux)|avis[ \t]+de[ \t]+non[- ]responsabilit[ée])(?![\p{L}]))(.*)$/iu
/** After the label: a colon or dash (possibly inside or after the emphasis), or nothing at all. */
const AFTER_LABEL = /^[*_]*[ \t\u00a0\u202f]*(?::|—|–|-(?:\s|$)|$)/
/** The label's characters: markup, colons and dashes. */
const LABEL_PUNCTUATION = /^[*_ \t\u00a0\u202f:—–-]*$/
/** How much of a line (past its leading markup) settles whether it opens with a label. */
const LABEL_WINDOW = 40
const LEADING_MARKUP = /^[ \t>*_\p{Extended_Pictographic}\uFE0F]*/u

function labelOf(line: string): 'label' | 'label-only' | null {
  const match = LABEL.exec(line)
  if (!match || !AFTER_LABEL.test(match[1]!)) return null
  return LABEL_PUNCTUATION.test(match[1]!) ? 'label-only' : 'label'
}

/** Whether a line not yet complete is certainly kept, whatever follows (see canShowEarly). */
function settledAsText(line: string) {
  if (!/\S/.test(line)) return false
  if (/^ {0,3}#/.test(line)) return false
  if (/^[ \t]*[-*_][-*_ \t]*$/.test(line)) return false
  if (line.replace(LEADING_MARKUP, '').length < LABEL_WINDOW) return false
  return labelOf(line) === null
}

export function createDisclaimerFilter(): DisclaimerFilter {
  /** The heading level whose section is being left out (7: a label line's section). */
  let section: number | null = null
  /** Inside a paragraph that opened with the label. */
  let droppedParagraph = false
  /** Something was left out since the last line shown (blank lines after it are not owed). */
  let afterDropped = false
  /** Newlines owed before the next line shown (the last line's own, and blank lines). */
  let owed = 0
  let shownAny = false
  let lastShownWasText = false
  /** A horizontal rule (with the newlines before it) waiting to see what it leads into. */
  let held = ''
  let owedBeforeHeld = 0
  /** The line being received, and how much of it was already shown. */
  let partial = ''
  let partialShown = 0

  function show(line: string, isText: boolean) {
    const out = held + '\n'.repeat(owed) + line
    held = ''
    owed = 1
    shownAny = true
    afterDropped = false
    lastShownWasText = isText
    return out
  }

  function drop() {
    if (held) {
      owed = owedBeforeHeld
      held = ''
    }
    afterDropped = true
    lastShownWasText = false
    return ''
  }

  function completeLine(line: string): string {
    if (/^[ \t\r]*$/.test(line)) {
      droppedParagraph = false
      lastShownWasText = false
      // Blank lines count between things shown, not before the first or after a part left out.
      if ((shownAny || held) && !afterDropped) owed += 1
      return ''
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const level = heading[1]!.length
      droppedParagraph = false
      if (section !== null && level <= section) section = null
      if (section !== null) return drop()
      if (/\bdisclaimers?\b|avertissements?\s+m[ée]dica(?:l|ux)|non[- ]responsabilit[ée]/i.test(heading[2] ?? '')) {
        section = level
        return drop()
      }
      return show(line, false)
    }
    const label = labelOf(line)
    if (section !== null) {
      if (section === 7 && BOLD_LINE.test(line) && !label) section = null
      else return drop()
    }
    if (droppedParagraph) return drop()
    if (RULE.test(line)) {
      // Right under a line of text, it underlines it (a setext heading): part of that text.
      if (lastShownWasText && owed === 1 && !held) return show(line, false)
      if (!held) owedBeforeHeld = owed
      held += '\n'.repeat(owed) + line
      owed = 1
      lastShownWasText = false
      return ''
    }
    if (label === 'label-only') {
      section = 7
      return drop()
    }
    if (label === 'label') {
      droppedParagraph = true
      return drop()
    }
    return show(line, true)
  }

  /** Whether the line being received may be shown before it is complete. */
  function canShowEarly(line: string) {
    return section === null && !droppedParagraph && settledAsText(line)
  }

  return {
    push(text) {
      partial += text
      let out = ''
      for (let newline = partial.indexOf('\n'); newline >= 0; newline = partial.indexOf('\n')) {
        const line = partial.slice(0, newline)
        partial = partial.slice(newline + 1)
        if (partialShown > 0) {
          // Shown while it arrived: it is a line of text that is kept.
          out += line.slice(partialShown)
          partialShown = 0
          owed = 1
          afterDropped = false
          lastShownWasText = true
        } else {
          out += completeLine(line)
        }
      }
      if (partialShown > 0) {
        out += partial.slice(partialShown)
        partialShown = partial.length
      } else if (canShowEarly(partial)) {
        out += show(partial, true)
        owed = 0
        partialShown = partial.length
      }
      return out
    },
    end() {
      let out = ''
      if (partialShown > 0) out = partial.slice(partialShown)
      else if (partial) out = completeLine(partial)
      partial = ''
      partialShown = 0
      // A rule or blank lines left waiting at the end lead into nothing.
      held = ''
      owed = 0
      return out
    },
  }
}

/** The answer without the model's own medical disclaimer (and without blank lines around it). */
export function replaceDisclaimer(response: string): string {
  const filter = createDisclaimerFilter()
  return filter.push(response) + filter.end()
}
