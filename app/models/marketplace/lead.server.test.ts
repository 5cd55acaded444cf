import { describe, expect, test } from 'vitest'
import { EXPERIENCE_VALUES, PRACTICE_TYPES } from '~/db/schema'
import { inEnglish, inFrench } from '../../../tests/helpers/i18n'
import {
  CALLING_CODES,
  EXPERIENCE_OPTIONS,
  LEAD_NOT_FOUND,
  LEAD_SOURCE_LABELS,
  LeadSchema,
  PRACTICE_TYPE_OPTIONS,
} from './lead'
import { createLead, deleteLead, listLeads } from './lead.server'

const valid = {
  firstName: ' Amara ',
  lastName: 'Okafor',
  email: 'Amara@Example.com',
  countryCode: '+1',
  phoneNumber: '416 555 0199',
  practiceType: 'nutritionist',
  yearsOfExperience: '3-5',
}

function messagesFor(input: unknown) {
  const result = LeadSchema.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]))
}

describe('LeadSchema', () => {
  test('fills the landing-page defaults and normalises text', () => {
    expect(LeadSchema.parse(valid)).toEqual({
      ...valid,
      firstName: 'Amara',
      email: 'amara@example.com',
      userType: 'practitioner',
      source: 'launching_soon',
    })
  })

  test('every required field has the spec message', () => {
    const expected = {
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      countryCode: 'Country code is required',
      phoneNumber: 'Phone number is required',
      practiceType: 'Practice type is required',
      yearsOfExperience: 'Years of experience is required',
    }
    expect(messagesFor({})).toEqual(expected)
    expect(
      messagesFor({
        firstName: ' ',
        lastName: '',
        email: '',
        countryCode: '',
        phoneNumber: '  ',
        practiceType: '',
        yearsOfExperience: '',
      }),
    ).toEqual(expected)
  })

  test('values outside the lists are refused', () => {
    expect(
      messagesFor({ ...valid, countryCode: '+999', practiceType: 'astrology', yearsOfExperience: '50', userType: 'x' }),
    ).toEqual({
      countryCode: 'Please choose a country code from the list',
      practiceType: 'Please choose a practice type from the list',
      yearsOfExperience: 'Please choose years of experience from the list',
      userType: expect.any(String),
    })
    expect(messagesFor({ ...valid, phoneNumber: 'call me maybe' })).toEqual({
      phoneNumber: 'Please enter a valid phone number',
    })
  })

  test('offers every calling code, practice type and experience value of the spec', () => {
    expect(CALLING_CODES).toHaveLength(21)
    expect(CALLING_CODES[0]).toEqual(['+1', '+1 US/CA'])
    expect(PRACTICE_TYPE_OPTIONS.map(([v]) => v)).toEqual([...PRACTICE_TYPES])
    expect(EXPERIENCE_OPTIONS.map(([v, label]) => [v, inEnglish(label)])).toContainEqual(['new', 'New practitioner'])
    expect(PRACTICE_TYPE_OPTIONS.map(([v, label]) => [v, inEnglish(label)])).toContainEqual([
      'mental-health',
      'Mental Health Counselor',
    ])
    expect(EXPERIENCE_OPTIONS.map(([v]) => v)).toEqual([...EXPERIENCE_VALUES])
  })
})

describe('leads', () => {
  test('create stores the lead; list shows newest first', () => {
    const first = createLead(LeadSchema.parse(valid))
    const second = createLead(LeadSchema.parse({ ...valid, userType: 'patient', source: 'referral' }))
    const list = listLeads().leads
    expect(list.map((l) => l.id).slice(0, 2)).toEqual([second.id, first.id])
    expect(list.find((l) => l.id === first.id)).toMatchObject({
      firstName: 'Amara',
      email: 'amara@example.com',
      countryCode: '+1',
      phoneNumber: '416 555 0199',
      practiceType: 'nutritionist',
      yearsOfExperience: '3-5',
      userType: 'practitioner',
      source: 'launching_soon',
    })
    expect(list.find((l) => l.id === second.id)).toMatchObject({ userType: 'patient', source: 'referral' })
  })

  test('delete removes the lead; an unknown id is a 404', () => {
    const { id } = createLead(LeadSchema.parse(valid))
    deleteLead(id)
    expect(listLeads().leads.some((l) => l.id === id)).toBe(false)
    expect(inEnglish(LEAD_NOT_FOUND)).toBe('Lead not found')
    expect(() => deleteLead(id)).toThrow(expect.objectContaining({ status: 404, message: LEAD_NOT_FOUND }))
  })
})

describe('in French', () => {
  test('the form’s choices and refusals, and the admin’s source labels', () => {
    expect(EXPERIENCE_OPTIONS.map(([, label]) => inFrench(label))).toEqual([
      'Nouveau praticien',
      '1 à 2 ans',
      '3 à 5 ans',
      '5 à 10 ans',
      '10 ans et plus',
    ])
    expect(inFrench(PRACTICE_TYPE_OPTIONS[0]![1])).toBe('Naturopathe')
    expect(inFrench(LEAD_SOURCE_LABELS.launching_soon)).toBe('Page de lancement')
    const result = LeadSchema.safeParse({ ...valid, phoneNumber: 'call me', practiceType: 'astrology' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((issue) => inFrench(issue.message)).sort()).toEqual([
      'Veuillez choisir un type de pratique dans la liste',
      'Veuillez entrer un numéro de téléphone valide',
    ])
  })
})
