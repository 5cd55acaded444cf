/**
 * What the demo answers (no ANTHROPIC_API_KEY): a text written from the prompt the app sent,
 * read the way a model would read it, so a practitioner trying the app sees their question
 * and their patient's record reflected, and can tell at once that no model was asked. It
 * reads the prompt's plain-text layout (app/models/records/ai-consult.server.ts) loosely: a
 * part it cannot find is reported as not recorded.
 */

export type DemoConsultation = { response: string; summary: string }

function first(pattern: RegExp, text: string) {
  return pattern.exec(text)?.[1]?.trim() || null
}

function all(pattern: RegExp, text: string) {
  return [...text.matchAll(pattern)].map((match) => match[1]!.trim())
}

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`
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

/** The demo's answer to this prompt, with a disclaimer paragraph like the ones models add. */
export function demoConsultation(prompt: string): DemoConsultation {
  const { question, firstName, allergies, medications, noteTitles, documentNames } = readPrompt(prompt)
  const who = firstName ? `${firstName}’s record` : 'The record'
  const latest = noteTitles.at(-1)
  const notesLine = noteTitles.length
    ? `${plural(noteTitles.length, 'shared note')} (the latest: “${latest}”)`
    : 'no shared notes'
  const documentsLine = documentNames.length
    ? `${plural(documentNames.length, 'document')} (${documentNames.map((name) => `“${name}”`).join(', ')})`
    : 'no documents'
  const quoted = (question || '(no question)')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')

  const response = [
    '**Demo answer.** No AI model read this record: this server has no `ANTHROPIC_API_KEY`, so it ' +
      'wrote this text itself from your question and the parts of the record it would have sent.',
    `**Your question**\n\n${quoted}`,
    '### What the record holds',
    [
      `- ${notesLine[0]!.toUpperCase()}${notesLine.slice(1)}`,
      `- ${documentsLine[0]!.toUpperCase()}${documentsLine.slice(1)}`,
      `- Allergies: ${allergies ?? 'not recorded'}`,
      `- Medications: ${medications ?? 'not recorded'}`,
    ].join('\n'),
    '### What a real answer would do',
    'With a key set, the assistant reads these notes and the profile, answers your question from ' +
      'them, says what the record does not tell, and suggests what to explore at the next session.',
    // Models often end with a disclaimer of their own; the app replaces it with its fixed one,
    // so the demo writes one too and the replacement is seen working.
    '**Medical Disclaimer:** This demo text is not medical advice.',
  ].join('\n\n')

  const summary =
    `Demo summary: ${who} has ${notesLine} and ${documentsLine}; ` +
    `allergies: ${allergies ?? 'not recorded'}; medications: ${medications ?? 'not recorded'}.`
  return { response, summary }
}
