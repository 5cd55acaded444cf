import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { intakeForms, intakeFormServices, intakeFormVersions, intakeResponses, services } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { pageWindow } from '~/lib/paging'
import {
  FORM_NOT_FOUND,
  freeTitle,
  INTAKE_FORMS_PAGE_SIZE,
  MAX_FORMS,
  newQuestionId,
  NOT_YOUR_SERVICE,
  QuestionIdSchema,
  TITLE_TAKEN,
  titleKey,
  TOO_MANY_FORMS,
  type IntakeForm,
  type IntakeFormInput,
  type IntakeQuestion,
} from './intake-form'

/**
 * A practitioner's intake forms (docs/decisions/041-intake-forms.md): the My Intake Forms
 * screens and `/api/intake-forms` share these. Every edit of the title or the questions makes a
 * new version; answers keep the version they answered. Another practitioner's form is the same
 * 404 as none.
 */

type FormRow = typeof intakeForms.$inferSelect

function serviceIdsOf(tx: Db | Tx, formId: number) {
  return tx
    .select({ id: intakeFormServices.serviceId })
    .from(intakeFormServices)
    .where(eq(intakeFormServices.formId, formId))
    .orderBy(asc(intakeFormServices.serviceId))
    .all()
    .map((row) => row.id)
}

function currentVersion(tx: Db | Tx, form: FormRow) {
  return tx
    .select()
    .from(intakeFormVersions)
    .where(eq(intakeFormVersions.id, form.currentVersionId ?? -1))
    .get()!
}

function toForm(tx: Db | Tx, form: FormRow): IntakeForm {
  const version = currentVersion(tx, form)
  return {
    id: form.id,
    title: version.title,
    serviceIds: serviceIdsOf(tx, form.id),
    firstSessionOnly: form.firstSessionOnly,
    questions: version.questions,
    version: version.version,
  }
}

function ownRow(tx: Db | Tx, practitionerId: number, formId: number) {
  const row = tx
    .select()
    .from(intakeForms)
    .where(
      and(eq(intakeForms.id, formId), eq(intakeForms.practitionerId, practitionerId), isNull(intakeForms.deletedAt)),
    )
    .get()
  if (!row) throw new AppError(FORM_NOT_FOUND, 404)
  return row
}

const liveFormsOf = (practitionerId: number) =>
  and(eq(intakeForms.practitionerId, practitionerId), isNull(intakeForms.deletedAt))

/** The practitioner's forms, newest first, a page of INTAKE_FORMS_PAGE_SIZE at a time. */
export function listOwnForms(practitionerId: number, { page: requested = 1 }: { page?: number } = {}) {
  const db = getDb()
  const total = db.select({ n: count() }).from(intakeForms).where(liveFormsOf(practitionerId)).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, INTAKE_FORMS_PAGE_SIZE)
  const forms: IntakeForm[] = db
    .select()
    .from(intakeForms)
    .where(liveFormsOf(practitionerId))
    .orderBy(desc(intakeForms.createdAt), desc(intakeForms.id))
    .limit(INTAKE_FORMS_PAGE_SIZE)
    .offset(offset)
    .all()
    .map((row) => toForm(db, row))
  return { forms, total, page, pageCount, pageSize: INTAKE_FORMS_PAGE_SIZE }
}

export function getOwnForm(practitionerId: number, formId: number) {
  const db = getDb()
  return toForm(db, ownRow(db, practitionerId, formId))
}

/** The titles of the practitioner's live forms but `except`. */
function titlesOf(tx: Db | Tx, practitionerId: number, except: number | null) {
  return tx
    .select({ title: intakeForms.title })
    .from(intakeForms)
    .where(and(liveFormsOf(practitionerId), except === null ? undefined : ne(intakeForms.id, except)))
    .all()
    .map((row) => row.title)
}

/** Refuses a title another of the practitioner's live forms has, case and spaces aside. */
function checkTitleFree(tx: Db | Tx, practitionerId: number, title: string, formId: number | null) {
  const key = titleKey(title)
  if (titlesOf(tx, practitionerId, formId).some((taken) => titleKey(taken) === key)) {
    throw new AppError(TITLE_TAKEN, 409, 'title')
  }
}

/**
 * What the builder calls a new form: "Intake form" ("Formulaire d’accueil"), or the next number
 * none of theirs has; in the practitioner's language (the request's: they are signed in).
 */
export function newFormTitle(practitionerId: number, language: Language = currentLanguage()) {
  return freeTitle(titlesOf(getDb(), practitionerId, null), tFor(language, 'intake')('newFormTitle'))
}

/** Each question with an id of its own: a valid one given is kept, anything else gets a new one. */
function withIds(questions: IntakeFormInput['questions']): IntakeQuestion[] {
  const seen = new Set<string>()
  return questions.map((q) => {
    let id = q.id && QuestionIdSchema.safeParse(q.id).success && !seen.has(q.id) ? q.id : newQuestionId()
    while (seen.has(id)) id = newQuestionId()
    seen.add(id)
    return {
      id,
      kind: q.kind,
      label: q.label,
      required: q.kind === 'consent' ? true : q.required,
      ...(q.kind === 'single' || q.kind === 'multiple' ? { options: q.options ?? [] } : {}),
    }
  })
}

/** Points the services at this form (taking them from another of the practitioner's forms); only their own. */
function attachServices(tx: Tx, practitionerId: number, formId: number, serviceIds: number[]) {
  const own = serviceIds.length
    ? tx
        .select({ id: services.id })
        .from(services)
        .where(and(inArray(services.id, serviceIds), eq(services.practitionerId, practitionerId)))
        .all()
    : []
  if (own.length !== new Set(serviceIds).size) throw new AppError(NOT_YOUR_SERVICE, 400, 'serviceIds')
  tx.delete(intakeFormServices).where(eq(intakeFormServices.formId, formId)).run()
  for (const { id } of own) {
    tx.insert(intakeFormServices)
      .values({ serviceId: id, formId })
      .onConflictDoUpdate({ target: intakeFormServices.serviceId, set: { formId } })
      .run()
  }
}

function addVersion(tx: Tx, formId: number, title: string, questions: IntakeQuestion[], number: number) {
  return tx
    .insert(intakeFormVersions)
    .values({ formId, version: number, title, questions })
    .returning({ id: intakeFormVersions.id })
    .get().id
}

export function createForm(practitionerId: number, input: IntakeFormInput): IntakeForm {
  return getDb().transaction((tx) => insertForm(tx, practitionerId, input), { behavior: 'immediate' })
}

/** `createForm` inside a transaction of the caller's (the demo seed's). */
export function insertForm(tx: Tx, practitionerId: number, input: IntakeFormInput): IntakeForm {
  const live = tx.select({ n: count() }).from(intakeForms).where(liveFormsOf(practitionerId)).get()?.n ?? 0
  if (live >= MAX_FORMS) throw new AppError(TOO_MANY_FORMS, 409)
  checkTitleFree(tx, practitionerId, input.title, null)
  const form = tx
    .insert(intakeForms)
    .values({ practitionerId, title: input.title, firstSessionOnly: input.firstSessionOnly })
    .returning()
    .get()
  const versionId = addVersion(tx, form.id, input.title, withIds(input.questions), 1)
  tx.update(intakeForms).set({ currentVersionId: versionId }).where(eq(intakeForms.id, form.id)).run()
  attachServices(tx, practitionerId, form.id, input.serviceIds)
  return toForm(tx, { ...form, currentVersionId: versionId })
}

/**
 * Changes a form: a new title or new questions make its next version (what was answered keeps
 * its own); its services and first-sessions-only setting change in place. Fields left out are kept.
 */
export function updateForm(practitionerId: number, formId: number, input: Partial<IntakeFormInput>): IntakeForm {
  return getDb().transaction(
    (tx) => {
      const form = ownRow(tx, practitionerId, formId)
      const version = currentVersion(tx, form)
      const title = input.title ?? version.title
      if (titleKey(title) !== titleKey(version.title)) checkTitleFree(tx, practitionerId, title, form.id)
      const questions = input.questions ? withIds(input.questions) : version.questions
      let currentVersionId = form.currentVersionId
      if (title !== version.title || JSON.stringify(questions) !== JSON.stringify(version.questions)) {
        currentVersionId = addVersion(tx, form.id, title, questions, version.version + 1)
        pruneUnanswered(tx, form.id, currentVersionId)
      }
      const now = new Date()
      tx.update(intakeForms)
        .set({
          title,
          currentVersionId,
          firstSessionOnly: input.firstSessionOnly ?? form.firstSessionOnly,
          updatedAt: now,
        })
        .where(eq(intakeForms.id, form.id))
        .run()
      if (input.serviceIds) attachServices(tx, practitionerId, form.id, input.serviceIds)
      return toForm(tx, { ...ownRow(tx, practitionerId, form.id) })
    },
    { behavior: 'immediate' },
  )
}

/**
 * Drops the form's versions that no answer (sent or draft) refers to, but `keep` (the current
 * one): edits would otherwise pile up versions without end (issue 41). A client who has not
 * started answers the current version when they save, so nobody loses what they see.
 */
function pruneUnanswered(tx: Tx, formId: number, keep: number | null) {
  const answered = tx
    .selectDistinct({ id: intakeResponses.versionId })
    .from(intakeResponses)
    .innerJoin(intakeFormVersions, eq(intakeFormVersions.id, intakeResponses.versionId))
    .where(eq(intakeFormVersions.formId, formId))
    .all()
    .map((row) => row.id)
  tx.delete(intakeFormVersions)
    .where(
      and(
        eq(intakeFormVersions.formId, formId),
        ne(intakeFormVersions.id, keep ?? -1),
        answered.length ? notInArray(intakeFormVersions.id, answered) : undefined,
      ),
    )
    .run()
  return answered.length
}

/**
 * Removes a form: no new booking asks it. Versions answers refer to stay for them (the form kept
 * as deleted); a form nobody answered goes entirely, so adding and removing forms leaves nothing.
 */
export function deleteForm(practitionerId: number, formId: number) {
  getDb().transaction(
    (tx) => {
      const form = ownRow(tx, practitionerId, formId)
      tx.delete(intakeFormServices).where(eq(intakeFormServices.formId, form.id)).run()
      if (pruneUnanswered(tx, form.id, null) === 0) tx.delete(intakeForms).where(eq(intakeForms.id, form.id)).run()
      else tx.update(intakeForms).set({ deletedAt: new Date() }).where(eq(intakeForms.id, form.id)).run()
    },
    { behavior: 'immediate' },
  )
}

/**
 * The practitioner's services as the builder offers them, each with the title of the other form
 * it asks now, if any (ticking it here moves it).
 */
export function serviceChoices(practitionerId: number, formId: number | null) {
  return getDb()
    .select({ id: services.id, name: services.name, takenBy: intakeForms.title, takenById: intakeForms.id })
    .from(services)
    .leftJoin(intakeFormServices, eq(intakeFormServices.serviceId, services.id))
    .leftJoin(intakeForms, eq(intakeForms.id, intakeFormServices.formId))
    .where(eq(services.practitionerId, practitionerId))
    .orderBy(asc(services.name), asc(services.id))
    .all()
    .map(({ id, name, takenBy, takenById }) => ({ id, name, takenBy: takenById === formId ? null : takenBy }))
}
