import { z } from 'zod'
import { INTAKE_QUESTION_KINDS } from '~/db/enums'
import { msg } from '~/lib/i18n/message'
import { multiLineText, oneLineText } from '~/lib/plain-text'
import type { TFunction } from 'i18next'

/**
 * Intake forms, client-safe (docs/decisions/041-intake-forms.md): the questions a practitioner
 * asks before a session, as the builder, the API and the client's form check them. Its messages
 * are catalogue keys (`intake:`), shown in the reader's language (docs/decisions/052-languages.md);
 * a kind of question is named by `intake:kinds.<kind>`.
 */

export type QuestionKind = (typeof INTAKE_QUESTION_KINDS)[number]

/** Kinds whose answer is one of their options. */
export const CHOICE_KINDS: readonly QuestionKind[] = ['single', 'multiple']

export type IntakeQuestion = {
  id: string
  kind: QuestionKind
  /** The question; for a consent, the statement the client agrees to. */
  label: string
  required: boolean
  options?: string[]
}

export type IntakeForm = {
  id: number
  title: string
  serviceIds: number[]
  firstSessionOnly: boolean
  questions: IntakeQuestion[]
  /** The current version's number (1, 2...): raised by every edit. */
  version: number
}

/** The practitioner's Intake Forms screen. */
export const INTAKE_FORMS_PATH = '/practitioner/intake-forms'

export const MAX_QUESTIONS = 40
export const MAX_OPTIONS = 20
/**
 * Bounds on what one practitioner can store (issue 41): live forms, and the text of one form
 * (its questions and options together). Old versions no answer refers to are pruned instead of
 * counted (`intake-forms.server.ts`).
 */
export const MAX_FORMS = 50
export const MAX_FORM_CHARACTERS = 30_000
export const INTAKE_FORMS_PAGE_SIZE = 50
export const TOO_MANY_FORMS = msg('intake:errors.tooManyForms', { max: MAX_FORMS })
export const FORM_TOO_LONG = msg('intake:errors.formTooLong', { max: MAX_FORM_CHARACTERS })
export const FORM_NOT_FOUND = msg('intake:errors.formNotFound')
export const FORM_SAVED = msg('intake:messages.formSaved')
export const FORM_DELETED = msg('intake:messages.formDeleted')
export const NEEDS_A_QUESTION = msg('intake:errors.needsAQuestion')
export const NEEDS_OPTIONS = msg('intake:errors.needsOptions')
export const NOT_YOUR_SERVICE = msg('intake:errors.notYourService')
/** Two forms of one practitioner are never titled alike (case and spaces aside): the list, the
 * services' "Now asks" and the chart name a form by its title alone. */
export const TITLE_TAKEN = msg('intake:errors.titleTaken')

/** A title as two titles are compared: case, outer spaces and runs of spaces aside. */
export const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The first of "Intake form", "Intake form 2", "Intake form 3"... none of `taken` is called:
 * what a new form is called until renamed, `base` in the practitioner's language.
 */
export function freeTitle(taken: string[], base: string) {
  const used = new Set(taken.map(titleKey))
  for (let n = 1; ; n++) {
    const title = n === 1 ? base : `${base} ${n}`
    if (!used.has(titleKey(title))) return title
  }
}

/** A question's id: kept across versions for an unchanged question, new for a new one. */
export const QuestionIdSchema = z.string().regex(/^[a-z0-9]{4,24}$/, msg('intake:errors.questionId'))

export function newQuestionId() {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0')
}

const questionFields = {
  id: QuestionIdSchema.optional(),
  kind: z.enum(INTAKE_QUESTION_KINDS, { error: msg('intake:errors.chooseKind') }),
  label: multiLineText({ error: msg('intake:errors.writeQuestion') })
    .min(1, msg('intake:errors.writeQuestion'))
    .max(2000, msg('intake:errors.questionTooLong', { max: 2000 })),
  required: z.boolean().default(false),
}

/** The options a choice question offers; none for the other kinds. */
function checkOptions(question: { kind: QuestionKind; options?: string[] }, ctx: z.RefinementCtx) {
  if (!CHOICE_KINDS.includes(question.kind)) return
  const options = question.options ?? []
  if (options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: NEEDS_OPTIONS })
  if (new Set(options).size !== options.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: msg('intake:errors.optionsDiffer') })
  }
}

/** The characters of a form's questions and options, all together. */
function formLength(questions: { label: string; options?: string[] }[]) {
  return questions.reduce((sum, q) => sum + q.label.length + (q.options ?? []).join('').length, 0)
}
const withinFormLength = (questions: { label: string; options?: string[] }[]) =>
  formLength(questions) <= MAX_FORM_CHARACTERS

const optionList = z
  .array(
    oneLineText()
      .min(1)
      .max(200, msg('intake:errors.optionTooLong', { max: 200 })),
  )
  .max(MAX_OPTIONS, msg('intake:errors.tooManyOptions', { max: MAX_OPTIONS }))

/** `POST/PATCH /api/intake-forms`: the spec of the issue's form shape. */
export const IntakeFormApiSchema = z.object({
  title: oneLineText({ error: msg('intake:errors.title') })
    .min(1, msg('intake:errors.title'))
    .max(200),
  serviceIds: z.array(z.number().int().positive()).max(200).default([]),
  firstSessionOnly: z.boolean().default(false),
  questions: z
    .array(z.object({ ...questionFields, options: optionList.optional() }).superRefine(checkOptions))
    .min(1, NEEDS_A_QUESTION)
    .max(MAX_QUESTIONS, msg('intake:errors.tooManyQuestions', { max: MAX_QUESTIONS }))
    .refine(withinFormLength, FORM_TOO_LONG),
})
export type IntakeFormInput = z.output<typeof IntakeFormApiSchema>

/** The same as PATCH takes it: any field left out is kept. */
export const IntakeFormPatchSchema = IntakeFormApiSchema.partial()

/**
 * The builder's form (works without JavaScript): the same rules, with the options one per line
 * in a box and the services as checkboxes (their ids as text).
 */
export const IntakeFormEditorSchema = z.object({
  title: IntakeFormApiSchema.shape.title,
  serviceIds: z.array(z.coerce.number().int().positive()).max(200).default([]),
  firstSessionOnly: z.boolean().default(false),
  questions: z
    .array(
      z
        .object({
          ...questionFields,
          options: z
            .string()
            .optional()
            .transform((text) =>
              (text ?? '')
                .split(/\r?\n/)
                .map((line) => line.trim())
                .filter(Boolean),
            )
            .pipe(optionList),
        })
        .superRefine(checkOptions),
    )
    .min(1, NEEDS_A_QUESTION)
    .max(MAX_QUESTIONS, msg('intake:errors.tooManyQuestions', { max: MAX_QUESTIONS }))
    .refine(withinFormLength, FORM_TOO_LONG),
})

/* The client's answers. */

export type IntakeAnswers = Record<string, string | string[]>

export const ANSWER_REQUIRED = msg('intake:errors.answerRequired')
export const NOT_AN_OPTION = msg('intake:errors.notAnOption')
export const NOT_A_DATE = msg('intake:errors.notADate')
export const ALREADY_SENT = msg('intake:errors.alreadySent')
export const INTAKE_SENT = msg('intake:messages.sent')
export const DRAFT_SAVED = msg('intake:messages.draftSaved')

/** The name a consent must be signed with, as typed: the client's full name, ignoring case and spaces. */
export function signsAs(typed: string, fullName: string) {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()
  return norm(typed) === norm(fullName)
}

export const consentMismatch = (fullName: string) => msg('intake:errors.consentMismatch', { name: fullName })
/** A consent sent unsigned: what it asks for, rather than the generic "answer this question". */
export const CONSENT_REQUIRED = msg('intake:errors.consentRequired')

const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v)
const asList = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v])
const presentOr = (error: string) => z.any().refine((v) => v !== undefined, { error, abort: true })

/** What one question's answer may be, whether or not it must be given. */
function answerField(
  q: IntakeQuestion,
  { complete, fullName }: { complete: boolean; fullName: string },
): z.ZodType<unknown, NonNullable<unknown> | null> {
  const isOption = (v: string) => (q.options ?? []).includes(v)
  switch (q.kind) {
    case 'short':
      return oneLineText().max(500, msg('intake:errors.answerTooLong', { max: 500 }))
    case 'paragraph':
      return multiLineText().max(5000, msg('intake:errors.answerTooLong', { max: 5000 }))
    case 'single':
      return z.string().refine(isOption, NOT_AN_OPTION)
    case 'multiple':
      return z.array(z.string().refine(isOption, NOT_AN_OPTION)).max(MAX_OPTIONS)
    case 'yesno':
      return z.enum(['yes', 'no'], { error: NOT_AN_OPTION })
    case 'date':
      return z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, NOT_A_DATE)
        .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), NOT_A_DATE)
    case 'consent':
      return oneLineText()
        .max(200)
        .refine((v) => !complete || signsAs(v, fullName), consentMismatch(fullName))
  }
}

/**
 * The zod schema of one version's answers, keyed by question id. `complete`: to send (required
 * questions answered, a consent signed with `fullName`); otherwise a draft (anything may be left
 * blank, but what is given must be of its kind). Blank answers are left out.
 */
export function answersSchema(questions: IntakeQuestion[], options: { complete: boolean; fullName: string }) {
  const shape: Record<string, z.ZodType> = {}
  for (const q of questions) {
    const must = options.complete && (q.required || q.kind === 'consent')
    const field = answerField(q, options)
    shape[q.id] =
      q.kind === 'multiple'
        ? z.preprocess(asList, must ? field.refine((v) => (v as string[]).length > 0, ANSWER_REQUIRED) : field)
        : z.preprocess(
            blankAsMissing,
            must ? presentOr(q.kind === 'consent' ? CONSENT_REQUIRED : ANSWER_REQUIRED).pipe(field) : field.optional(),
          )
  }
  return z.object(shape)
}

/**
 * An answer as the summary, the chart and the export say it, in the language of `t` (the
 * reader's, from i18next; the AI consult's prompt passes English's): its "Yes", "No" and
 * "No answer" are `intake:answers`. Nothing here holds a catalogue, so the browser's bundle
 * carries only the language its page is in.
 */
export function answerText(question: IntakeQuestion, answer: string | string[] | undefined, t: TFunction<'intake'>) {
  const words = { none: t('answers.none'), yes: t('answers.yes'), no: t('answers.no') }
  if (answer === undefined || answer === '' || (Array.isArray(answer) && !answer.length)) return words.none
  if (Array.isArray(answer)) return answer.join(', ')
  if (question.kind === 'yesno') return answer === 'yes' ? words.yes : words.no
  return answer
}

/** A sent intake as the chart, the export and the shareable record show it. */
export type ChartIntake = {
  id: number
  title: string
  version: number
  serviceName: string
  sentAt: string
  questions: IntakeQuestion[]
  answers: IntakeAnswers
  consent: { name: string; at: string } | null
}
