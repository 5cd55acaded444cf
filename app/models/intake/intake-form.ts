import { z } from 'zod'
import { INTAKE_QUESTION_KINDS } from '~/db/enums'
import { multiLineText, oneLineText } from '~/lib/plain-text'

/**
 * Intake forms, client-safe (docs/decisions/041-intake-forms.md): the questions a practitioner
 * asks before a session, as the builder, the API and the client's form check them.
 */

export type QuestionKind = (typeof INTAKE_QUESTION_KINDS)[number]

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short: 'Short answer',
  paragraph: 'Paragraph',
  single: 'Single choice',
  multiple: 'Multiple choice',
  yesno: 'Yes / no',
  date: 'Date',
  consent: 'Consent (typed signature)',
}

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
export const TOO_MANY_FORMS = `You can keep at most ${MAX_FORMS} intake forms. Remove one you no longer use before adding another.`
export const FORM_TOO_LONG = `Keep a form's questions and options under ${MAX_FORM_CHARACTERS.toLocaleString('en-US')} characters in all`
export const FORM_NOT_FOUND = 'Intake form not found'
export const FORM_SAVED = 'Intake form saved. Answers already given keep the version they answered.'
export const FORM_DELETED = 'Intake form removed. Answers already given stay in your charts.'
export const NEEDS_A_QUESTION = 'Add at least one question'
export const NEEDS_OPTIONS = 'Give at least two options, one per line'
export const NOT_YOUR_SERVICE = 'Choose among your own services'
/** Two forms of one practitioner are never titled alike (case and spaces aside): the list, the
 * services' "Now asks" and the chart name a form by its title alone. */
export const TITLE_TAKEN = 'You already have a form with this title. Choose another.'
/** What a new form is called until renamed: "Intake form", then "Intake form 2", 3... */
export const NEW_FORM_TITLE = 'Intake form'

/** A title as two titles are compared: case, outer spaces and runs of spaces aside. */
export const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase()

/** The first of "Intake form", "Intake form 2", "Intake form 3"... none of `taken` is called. */
export function freeTitle(taken: string[]) {
  const used = new Set(taken.map(titleKey))
  for (let n = 1; ; n++) {
    const title = n === 1 ? NEW_FORM_TITLE : `${NEW_FORM_TITLE} ${n}`
    if (!used.has(titleKey(title))) return title
  }
}

/** A question's id: kept across versions for an unchanged question, new for a new one. */
export const QuestionIdSchema = z.string().regex(/^[a-z0-9]{4,24}$/, 'Invalid question id')

export function newQuestionId() {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0')
}

const questionFields = {
  id: QuestionIdSchema.optional(),
  kind: z.enum(INTAKE_QUESTION_KINDS, { error: 'Choose what kind of question it is' }),
  label: multiLineText({ error: 'Write the question' })
    .min(1, 'Write the question')
    .max(2000, 'Keep a question under 2000 characters'),
  required: z.boolean().default(false),
}

/** The options a choice question offers; none for the other kinds. */
function checkOptions(question: { kind: QuestionKind; options?: string[] }, ctx: z.RefinementCtx) {
  if (!CHOICE_KINDS.includes(question.kind)) return
  const options = question.options ?? []
  if (options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: NEEDS_OPTIONS })
  if (new Set(options).size !== options.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option must be different' })
  }
}

/** The characters of a form's questions and options, all together. */
function formLength(questions: { label: string; options?: string[] }[]) {
  return questions.reduce((sum, q) => sum + q.label.length + (q.options ?? []).join('').length, 0)
}
const withinFormLength = (questions: { label: string; options?: string[] }[]) =>
  formLength(questions) <= MAX_FORM_CHARACTERS

const optionList = z
  .array(oneLineText().min(1).max(200, 'Keep an option under 200 characters'))
  .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)

/** `POST/PATCH /api/intake-forms`: the spec of the issue's form shape. */
export const IntakeFormApiSchema = z.object({
  title: oneLineText({ error: 'Give the form a title' }).min(1, 'Give the form a title').max(200),
  serviceIds: z.array(z.number().int().positive()).max(200).default([]),
  firstSessionOnly: z.boolean().default(false),
  questions: z
    .array(z.object({ ...questionFields, options: optionList.optional() }).superRefine(checkOptions))
    .min(1, NEEDS_A_QUESTION)
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`)
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
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`)
    .refine(withinFormLength, FORM_TOO_LONG),
})

/* The client's answers. */

export type IntakeAnswers = Record<string, string | string[]>

export const ANSWER_REQUIRED = 'Please answer this question'
export const NOT_AN_OPTION = 'Please choose one of the options'
export const NOT_A_DATE = 'Please enter a date (yyyy-mm-dd)'
export const ALREADY_SENT = 'You have already sent this form. It cannot be changed, but you can read what you sent.'
export const INTAKE_SENT = 'Thank you. Your answers are with your practitioner.'
export const DRAFT_SAVED = 'Draft saved. You can come back to it before your session.'

/** The name a consent must be signed with, as typed: the client's full name, ignoring case and spaces. */
export function signsAs(typed: string, fullName: string) {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()
  return norm(typed) === norm(fullName)
}

export const consentMismatch = (fullName: string) => `Type your full name, ${fullName}, to agree`
/** A consent sent unsigned: what it asks for, rather than the generic "answer this question". */
export const CONSENT_REQUIRED = 'Type your full name to agree'

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
      return oneLineText().max(500, 'Keep it under 500 characters')
    case 'paragraph':
      return multiLineText().max(5000, 'Keep it under 5000 characters')
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

/** An answer as the summary, the chart and the export say it. */
export function answerText(question: IntakeQuestion, answer: string | string[] | undefined) {
  if (answer === undefined || answer === '' || (Array.isArray(answer) && !answer.length)) return 'No answer'
  if (Array.isArray(answer)) return answer.join(', ')
  if (question.kind === 'yesno') return answer === 'yes' ? 'Yes' : 'No'
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
