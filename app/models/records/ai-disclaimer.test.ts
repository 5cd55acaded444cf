import { describe, expect, test } from 'vitest'
import { createDisclaimerFilter, replaceDisclaimer } from './ai-disclaimer'

const ANSWER = [
  '## Summary',
  '',
  'Jamie reports lower back pain that eases with movement.',
  '',
  '## Suggestions',
  '',
  '- Gentle mobility work before the next session',
  '- Ask about sleep, which the notes do not mention',
].join('\n')

/** The model's disclaimers, in the phrasings seen in the wild, each appended to ANSWER. */
const PHRASINGS: Record<string, string> = {
  'a ## heading and its paragraph':
    '## Medical Disclaimer\n\nThis information is for educational purposes only and is not a substitute for professional medical advice.',
  'a ### heading with two paragraphs':
    '### Disclaimer\n\nI am an AI and cannot diagnose.\n\nPlease consult a licensed physician.',
  'a bold label opening the paragraph':
    '**Medical Disclaimer:** This is not medical advice. Always consult a qualified healthcare provider.',
  'a bold label with the colon outside': '**Medical Disclaimer**: This is general information only.',
  'a plain "Disclaimer:" last paragraph':
    'Disclaimer: these suggestions do not replace an assessment by a licensed professional.',
  'an italic label alone, then its text': '*Medical disclaimer*\n\nThese notes are no substitute for a physician.',
  'a rule, then an italic paragraph':
    '---\n\n*Disclaimer: This response is for informational purposes only and should not replace professional judgement.*',
  'a quoted warning with an emoji':
    '> ⚠️ **Important Medical Disclaimer:** This AI-generated content may contain errors.\n> Verify before acting.',
  'a bold line alone as a heading':
    '**Medical Disclaimer**\nThis is not a diagnosis.\nSeek medical care for urgent symptoms.',
  'a setext heading': 'Medical Disclaimer\n------------------\nThis is not medical advice.',
  'a dash after the label': 'Disclaimer — I cannot examine the patient, so treat this as a starting point only.',
  // A French-reading practitioner's answer is in French (docs/decisions/052-languages.md).
  'a French bold label, its colon after a no-break space':
    '**Avertissement médical\u00a0:** Ce texte n’est pas un avis médical. Consultez un professionnel de la santé.',
  'a French ## heading and its paragraph':
    '## Avis de non-responsabilité\n\nCes renseignements ne remplacent pas l’avis d’un professionnel.',
}

describe('replaceDisclaimer', () => {
  test.each(Object.entries(PHRASINGS))('removes %s, and only that', (_name, disclaimer) => {
    expect(replaceDisclaimer(`${ANSWER}\n\n${disclaimer}\n`)).toBe(ANSWER)
  })

  test('a disclaimer section in the middle goes; the sections after it stay', () => {
    const text = `## Summary\n\nAll good.\n\n## Medical Disclaimer\n\nNot advice.\n\n### Sources\n\nNone.\n\n## Next steps\n\nBook a follow-up.`
    expect(replaceDisclaimer(text)).toBe('## Summary\n\nAll good.\n\n## Next steps\n\nBook a follow-up.')
  })

  test('a label paragraph in the middle goes, with the rule before it; the text after stays', () => {
    const text = `Intro.\n\n---\n\n**Disclaimer:** not advice.\n\nClosing thoughts.`
    expect(replaceDisclaimer(text)).toBe('Intro.\n\nClosing thoughts.')
  })

  test('a label section ends at the next bold line or heading', () => {
    const text = `Intro.\n\n**Medical Disclaimer**\n\nNot advice.\n\n**Next steps**\n\nRest.`
    expect(replaceDisclaimer(text)).toBe('Intro.\n\n**Next steps**\n\nRest.')
  })

  test('a disclaimer at the start goes without leaving blank lines', () => {
    expect(replaceDisclaimer('Disclaimer: not advice.\n\nThe answer.')).toBe('The answer.')
  })

  test('text that only mentions a disclaimer stays as it is', () => {
    const kept = [
      'Always read the disclaimer on a supplement label before recommending it.',
      'Disclaimers on supplement labels are often vague, so ask the patient to bring the bottle.',
      'The medical disclaimer in her intake form was signed on 3 March.',
      '## Why supplement disclaimers matter is a question for later',
    ]
    // A French warning that is not a disclaimer (about a medication) stays.
    const warning = 'Avertissement\u00a0: la warfarine interagit avec le millepertuis.'
    expect(replaceDisclaimer(`${ANSWER}\n\n${warning}`)).toBe(`${ANSWER}\n\n${warning}`)
    for (const text of kept.slice(0, 3)) expect(replaceDisclaimer(`${ANSWER}\n\n${text}`)).toBe(`${ANSWER}\n\n${text}`)
    // A heading about disclaimers is a disclaimer section by the rule; a paragraph is not.
    expect(replaceDisclaimer(`${kept[3]}\n\nSome text.`)).toBe('')
  })

  test('an answer without a disclaimer comes back unchanged (rules and setext headings included)', () => {
    const text = `Title\n=====\n\nIntro\n---\n\nPart one.\n\n***\n\nPart two.`
    expect(replaceDisclaimer(text)).toBe(text)
    expect(replaceDisclaimer(ANSWER)).toBe(ANSWER)
  })

  test('a trailing rule and blank lines at the end are dropped', () => {
    expect(replaceDisclaimer(`${ANSWER}\n\n---\n\n`)).toBe(ANSWER)
  })
})

describe('the streaming filter', () => {
  const samples = [
    ...Object.values(PHRASINGS).map((d) => `${ANSWER}\n\n${d}\n`),
    `## Summary\n\nAll good.\n\n## Medical Disclaimer\n\nNot advice.\n\n## Next steps\n\nBook a follow-up.`,
    `${'A long line of ordinary text that goes on well past the forty characters that settle it. '.repeat(3)}\nDisclaimer: x`,
    'Title\n=====\n\nIntro\n---\n\nPart one.\r\n\r\n***\n\nPart two with é and 😀.',
  ]

  test.each([1, 2, 3, 7, 13, 64])('pieces of %i characters add up to replaceDisclaimer of the whole', (size) => {
    for (const text of samples) {
      const filter = createDisclaimerFilter()
      let shown = ''
      for (let i = 0; i < text.length; i += size) shown += filter.push(text.slice(i, i + size))
      shown += filter.end()
      expect(shown).toBe(replaceDisclaimer(text))
    }
  })

  test('a long line of text is shown while it arrives, before its end', () => {
    const filter = createDisclaimerFilter()
    expect(filter.push('Jamie reports lower back pain that eases with movement, ')).toBe(
      'Jamie reports lower back pain that eases with movement, ',
    )
    expect(filter.push('and sleeps')).toBe('and sleeps')
    expect(filter.push(' badly.\n\n**Medical Disclaimer:** this is not medical advice at all.')).toBe(' badly.')
    expect(filter.end()).toBe('')
  })

  test('a heading waits for its whole line', () => {
    const filter = createDisclaimerFilter()
    expect(filter.push('## Medical Discl')).toBe('')
    expect(filter.push('aimer\nNot advice.')).toBe('')
    expect(filter.end()).toBe('')
  })
})
