/**
 * What the demo answers (no ANTHROPIC_API_KEY): a text written from the prompt the app sent,
 * read the way a model would read it, so a practitioner trying the app sees their question
 * and their patient's record reflected, and can tell at once that no model was asked. It
 * reads the prompt's plain-text layout (app/models/records/ai-consult.server.ts) loosely: a
 * part it cannot find is reported as not recorded.
 */
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'

export type DemoConsultation = { response: string; summary: string }

function first(pattern: RegExp, text: string) {
  return pattern.exec(text)?.[1]?.trim() || null
}

function all(pattern: RegExp, text: string) {
  return [...text.matchAll(pattern)].map((match) => match[1]!.trim())
}

/** Reads the parts of the prompt the demo talks about. */
export function readPrompt(prompt: string) {
  const record = /<patient_record>([\s\S]*?)<\/patient_record>/.exec(prompt)?.[1] ?? ''
  const notesPart = /^Notes[\s\S]*?(?=^Documents|$(?![\s\S]))/m.exec(record)?.[0] ?? ''
  const documentsPart = /^Documents[\s\S]*$/m.exec(record)?.[0] ?? ''
  return {
    question: first(/<question>([\s\S]*?)<\/question>/, prompt) ?? '',
    firstName: first(/^- First name: (.+)$/m, record),
    allergies: first(/^- Allergies: (.+)$/m, record),
    medications: first(/^- Medications: (.+)$/m, record),
    noteTitles: all(/^\[Note \d+\][^\n]*?"(.*)"\s*$/gm, notesPart),
    documentNames: all(/^- "(.+?)" \(/gm, documentsPart),
  }
}

/**
 * The language the app asked the model to answer in: its system prompt names it
 * (`systemPrompt` in app/models/records/ai-consult.server.ts), as a model would read it.
 */
export function answerLanguage(system: string): Language {
  return /\bin Canadian French\b/.test(system) ? 'fr' : 'en'
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

/**
 * The demo's answer to this prompt, in the practitioner's language (the one the system prompt
 * asks for), with a disclaimer paragraph like the ones models add.
 */
export function demoConsultation(prompt: string, language: Language = 'en'): DemoConsultation {
  const t = tFor(language, 'records')
  const { question, firstName, allergies, medications, noteTitles, documentNames } = readPrompt(prompt)
  const who = firstName ? t('aiDemo.whoNamed', { firstName }) : t('aiDemo.whoUnnamed')
  const quote = (text: string) => t('aiDemo.quoted', { text })
  const latest = noteTitles.at(-1)
  const notesLine =
    noteTitles.length && latest !== undefined
      ? t('aiDemo.notes', { count: noteTitles.length, latest: quote(latest) })
      : t('aiDemo.noNotes')
  const documentsLine = documentNames.length
    ? t('aiDemo.documents', { count: documentNames.length, names: documentNames.map(quote).join(', ') })
    : t('aiDemo.noDocuments')
  const quoted = (question || t('aiDemo.noQuestion'))
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const allergiesText = allergies ?? t('aiDemo.notRecorded')
  const medicationsText = medications ?? t('aiDemo.notRecorded')

  const response = [
    t('aiDemo.notice'),
    `${t('aiDemo.yourQuestion')}\n\n${quoted}`,
    t('aiDemo.recordHolds'),
    [
      `- ${capitalized(notesLine)}`,
      `- ${capitalized(documentsLine)}`,
      `- ${t('aiDemo.allergies', { value: allergiesText })}`,
      `- ${t('aiDemo.medications', { value: medicationsText })}`,
    ].join('\n'),
    t('aiDemo.realAnswer'),
    t('aiDemo.realAnswerText'),
    // Models often end with a disclaimer of their own; the app replaces it with its fixed one,
    // so the demo writes one too and the replacement is seen working.
    t('aiDemo.disclaimer'),
  ].join('\n\n')

  const summary = t('aiDemo.summary', {
    who,
    notes: notesLine,
    documents: documentsLine,
    allergies: allergiesText,
    medications: medicationsText,
  })
  return { response, summary }
}
