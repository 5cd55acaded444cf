import { describe, expect, test } from 'vitest'
import { tFor } from '~/lib/i18n/i18n.server'
import { inEnglish, inFrench } from '../../../tests/helpers/i18n'
import {
  ANSWER_REQUIRED,
  answersSchema,
  answerText,
  consentMismatch,
  CONSENT_REQUIRED,
  freeTitle,
  IntakeFormApiSchema,
  NEEDS_A_QUESTION,
  NEEDS_OPTIONS,
  NOT_A_DATE,
  NOT_AN_OPTION,
  type IntakeQuestion,
} from './intake-form'

const questions: IntakeQuestion[] = [
  { id: 'name0001', kind: 'short', label: 'What brings you here?', required: true },
  { id: 'story001', kind: 'paragraph', label: 'Anything else?', required: false },
  { id: 'goal0001', kind: 'single', label: 'Your goal', required: true, options: ['Sleep', 'Stress'] },
  { id: 'help0001', kind: 'multiple', label: 'What helps?', required: true, options: ['Walks', 'Music', 'Tea'] },
  { id: 'meds0001', kind: 'yesno', label: 'Do you take medication?', required: false },
  { id: 'when0001', kind: 'date', label: 'When did it start?', required: false },
  { id: 'sign0001', kind: 'consent', label: 'I agree to the practitioner’s terms.', required: true },
]
const FULL_NAME = 'Casey Client'
const errorsOf = (schema: ReturnType<typeof answersSchema>, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))

describe('answers: a draft may leave anything blank, but what is given must fit', () => {
  const draft = answersSchema(questions, { complete: false, fullName: FULL_NAME })
  test('blank is fine and left out; one checkbox is a list of one', () => {
    expect(draft.parse({ name0001: '', help0001: 'Tea', sign0001: 'someone' })).toEqual({
      help0001: ['Tea'],
      sign0001: 'someone',
    })
  })
  test('an option that is not one, a date that is not one, a yes/no that is neither', () => {
    expect(
      errorsOf(draft, { goal0001: 'Money', help0001: ['Walks', 'Cake'], meds0001: 'maybe', when0001: '2026-02-30x' }),
    ).toEqual({
      goal0001: NOT_AN_OPTION,
      help0001: NOT_AN_OPTION,
      meds0001: NOT_AN_OPTION,
      when0001: NOT_A_DATE,
    })
  })
})

describe('answers to send: required ones given, the consent signed with the full name', () => {
  const send = answersSchema(questions, { complete: true, fullName: FULL_NAME })
  test('each missing required answer is said on its question; an unsigned consent asks for the name', () => {
    expect(errorsOf(send, {})).toEqual({
      name0001: ANSWER_REQUIRED,
      goal0001: ANSWER_REQUIRED,
      help0001: ANSWER_REQUIRED,
      sign0001: CONSENT_REQUIRED,
    })
    expect(inEnglish(errorsOf(send, { sign0001: '' }).sign0001!)).toBe('Type your full name to agree')
    expect(inFrench(errorsOf(send, { sign0001: '' }).sign0001!)).toBe(
      'Tapez votre nom complet pour donner votre accord',
    )
  })
  test('a consent signed with another name is refused; case and spaces do not matter', () => {
    const base = { name0001: 'Sleep', goal0001: 'Sleep', help0001: ['Tea'] }
    expect(errorsOf(send, { ...base, sign0001: 'C. Client' })).toEqual({ sign0001: consentMismatch(FULL_NAME) })
    expect(send.parse({ ...base, sign0001: '  casey   CLIENT ' })).toMatchObject({ sign0001: 'casey   CLIENT' })
  })
})

test('the form itself: a question at least, two different options for a choice', () => {
  const parse = (qs: unknown[]) =>
    IntakeFormApiSchema.safeParse({ title: 'Intake', questions: qs }).error?.issues[0]?.message
  expect(parse([])).toBe(NEEDS_A_QUESTION)
  expect(parse([{ kind: 'single', label: 'Pick', options: ['One'] }])).toBe(NEEDS_OPTIONS)
  expect(inEnglish(parse([{ kind: 'multiple', label: 'Pick', options: ['One', 'One'] }])!)).toBe(
    'Each option must be different',
  )
  expect(parse([{ kind: 'short', label: 'Name?' }])).toBeUndefined()
})

test('a new form is titled apart from the others, case and spaces aside', () => {
  const base = tFor('en', 'intake')('newFormTitle')
  expect(freeTitle([], base)).toBe('Intake form')
  expect(freeTitle(['Before we meet'], base)).toBe('Intake form')
  expect(freeTitle([' intake  FORM ', 'Intake form 2'], base)).toBe('Intake form 3')
  expect(freeTitle(['Formulaire d’accueil'], tFor('fr', 'intake')('newFormTitle'))).toBe('Formulaire d’accueil 2')
})

test('answers as text: yes and no, lists, and what was not answered', () => {
  const english = tFor('en', 'intake')
  expect(answerText(questions[4]!, 'yes', english)).toBe('Yes')
  expect(answerText(questions[3]!, ['Walks', 'Tea'], english)).toBe('Walks, Tea')
  expect(answerText(questions[0]!, undefined, english)).toBe('No answer')
  const french = tFor('fr', 'intake')
  expect(answerText(questions[4]!, 'yes', french)).toBe('Oui')
  expect(answerText(questions[0]!, undefined, french)).toBe('Aucune réponse')
})
