import { z } from 'zod'
import type { ADMIN_ACTIONS } from '~/db/enums'
import type { Formats } from '~/lib/i18n/formats'
import { isMessageKey, msg, readMessage, type Message } from '~/lib/i18n/message'
import { oneLineText } from '~/lib/plain-text'
import type { Role } from '~/models/accounts/role'
import { COUNTRY_CODES, emailField, PASSWORD_MIN_CHARACTERS, PASSWORD_MIN_LENGTH } from '~/models/accounts/user'
import { pageField } from '~/models/marketplace/service-filters'
import type { TFunction } from 'i18next'

/**
 * The admin dashboard and /api/admin, client-safe: the create-user schemas (the form's and the
 * API's, one set of rules), the list filters and query, the shapes the lists answer, the
 * wording of the consequences of a deletion, and every message as a catalogue key (the English
 * catalogue, app/locales/en/admin.json, has spec §8's toasts word for word).
 */

export const ADMIN_PAGE_SIZE = 25

/* Texts: catalogue keys (app/locales/<language>/admin.json), shown in the reader's language. */

export const USER_CREATED = msg('admin:toasts.userCreated')
export const USER_DELETED = msg('admin:toasts.userDeleted')
export const USER_SUSPENDED = msg('admin:toasts.userSuspended')
export const USER_UNSUSPENDED = msg('admin:toasts.userUnsuspended')
export const MESSAGE_MARKED_READ = msg('admin:toasts.messageMarkedRead')
export const MESSAGE_DELETED = msg('admin:toasts.messageDeleted')
export const LEAD_DELETED = msg('admin:toasts.leadDeleted')

export { REQUIRED_FIELDS_TITLE } from '~/models/accounts/user'
export const REQUIRED_FIELDS = msg('admin:toasts.requiredFields')
export const CREATE_USER_FAILED_TITLE = msg('admin:toasts.createUserFailedTitle')
export const CREATE_USER_FAILED = msg('admin:toasts.createUserFailed')
export const DELETE_USER_FAILED_TITLE = msg('admin:toasts.deleteUserFailedTitle')
export const DELETE_USER_FAILED = msg('admin:toasts.deleteUserFailed')
export const ERROR_TITLE = msg('common:toast.error')
export const MARK_READ_FAILED = msg('admin:toasts.markReadFailed')
export const DELETE_MESSAGE_FAILED = msg('admin:toasts.deleteMessageFailed')
export const DELETE_LEAD_FAILED = msg('admin:toasts.deleteLeadFailed')
export const SUSPEND_FAILED = msg('admin:toasts.suspendFailed')

export const USER_NOT_FOUND = msg('admin:errors.userNotFound')
export const ADMIN_NOT_DELETABLE = msg('admin:errors.adminNotDeletable')
export const ADMIN_NOT_SUSPENDABLE = msg('admin:errors.adminNotSuspendable')
export const ONE_USER_TYPE = msg('admin:errors.oneUserType')
export const BOOKED_MEANWHILE = msg('admin:errors.bookedMeanwhile')

/* Creating a user. */

/** The form's choice of type; each is worded by `admin:createUser.userTypes.<type>`. */
export const USER_TYPES = ['client', 'practitioner', 'admin'] as const
export type UserType = (typeof USER_TYPES)[number]

/** The four required fields say the spec's one message when missing. */
const required = () => oneLineText({ error: REQUIRED_FIELDS }).min(1, { error: REQUIRED_FIELDS, abort: true })

const INVALID_PHONE = msg('admin:errors.invalidPhone')
const SELECT_COUNTRY = msg('admin:errors.selectCountry')

/**
 * The account rules are signup's (docs/decisions/015…): a valid, unique email, 10 to 200 characters
 * of password, not one of the most common (checked on the server: createUser).
 */
const AdminUserFields = z.object({
  email: required().pipe(emailField()),
  // Not trimmed: spaces are part of a password.
  password: z
    .string({ error: REQUIRED_FIELDS })
    .min(1, { error: REQUIRED_FIELDS, abort: true })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MIN_CHARACTERS)
    .max(200, msg('admin:errors.passwordTooLong')),
  firstName: required().max(100, msg('admin:errors.nameTooLong')),
  lastName: required().max(100, msg('admin:errors.nameTooLong')),
  phoneNumber: oneLineText({ error: INVALID_PHONE, message: INVALID_PHONE })
    .max(30, INVALID_PHONE)
    .refine((v) => v === '' || v.length >= 10, INVALID_PHONE)
    .optional()
    .transform((v) => v || undefined),
  /** Blank means not chosen: a practitioner must choose (below), anyone else gets the default, CA. */
  country: z
    .union([z.literal('').transform(() => undefined), z.enum(COUNTRY_CODES)], {
      error: SELECT_COUNTRY,
    })
    .optional(),
})

const countryForPractitioners = {
  path: ['country'],
  message: SELECT_COUNTRY,
  when: (payload: { value: unknown }) => (payload.value as { userType?: unknown })?.userType === 'practitioner',
}

/** The Create New User form: the type is one choice of three. */
export const AdminCreateUserFormSchema = AdminUserFields.extend({
  userType: z.enum(USER_TYPES, { error: msg('admin:errors.chooseUserType') }).default('client'),
}).refine((v) => v.userType !== 'practitioner' || Boolean(v.country), countryForPractitioners)

/** POST /api/admin/users, as spec §7 sends it: the type as two flags, at most one of them true. */
export const AdminCreateUserApiSchema = AdminUserFields.extend({
  isPractitioner: z.boolean({ error: msg('admin:errors.isPractitionerBoolean') }).default(false),
  isAdmin: z.boolean({ error: msg('admin:errors.isAdminBoolean') }).default(false),
})
  .refine((v) => !(v.isPractitioner && v.isAdmin), { path: ['isAdmin'], message: ONE_USER_TYPE })
  .refine((v) => !v.isPractitioner || Boolean(v.country), {
    path: ['country'],
    message: SELECT_COUNTRY,
    when: (payload) => (payload.value as { isPractitioner?: unknown })?.isPractitioner === true,
  })

/** What creating an account takes, from either schema. */
export type NewUserInput = z.output<typeof AdminCreateUserApiSchema>

export function newUserFromForm({ userType, ...fields }: z.output<typeof AdminCreateUserFormSchema>): NewUserInput {
  return {
    ...fields,
    // Only a practitioner chooses a country; the form keeps the select's value for the others.
    country: userType === 'practitioner' ? fields.country : undefined,
    isPractitioner: userType === 'practitioner',
    isAdmin: userType === 'admin',
  }
}

/* Lists. */

/** The user list's filters; each is worded by `admin:users.filters.<filter>`. */
export const USER_FILTERS = ['all', 'practitioners', 'clients', 'admins'] as const
export type UserFilter = (typeof USER_FILTERS)[number]

export function userFilterOf(value: string | null | undefined): UserFilter {
  return USER_FILTERS.find((key) => key === value) ?? 'all'
}

/** ?search=&page= of the /api/admin lists (search only where a list has it). */
export const AdminListQuerySchema = z.object({
  search: z.string().trim().max(200, msg('admin:errors.searchTooLong')).optional(),
  page: pageField,
})

/** PATCH /api/admin/users/{id}: suspend (true) or restore (false). */
export const SuspendUserSchema = z.object({
  suspended: z.boolean({ error: msg('admin:errors.suspendedBoolean') }),
})

/** A user as the admin sees them: never the password hash, provider ids or session data. */
export type AdminUser = {
  id: number
  email: string
  firstName: string
  lastName: string
  phoneNumber: string | null
  role: Role
  isPractitioner: boolean
  isAdmin: boolean
  country: string
  suspended: boolean
  suspendedAt: string | null
  createdAt: string
}

/* What deleting a user does. */

/**
 * The consequences of deleting a user, counted before the admin confirms (and again when
 * deleting): their upcoming pending or confirmed sessions on either side, the refund in full
 * of those paid, how many clients get money back, and how many other people are emailed.
 */
export type RemovalPreview = {
  sessions: number
  refundCents: number
  refundedClients: number
  notified: number
}

/**
 * 'This cancels 3 upcoming sessions and refunds $240.00 CAD to 3 clients. 3 people are emailed.',
 * in the words and money of `t` and `formats` (the reader's language).
 */
export function removalSummary(
  { sessions, refundCents, refundedClients, notified }: RemovalPreview,
  { t, formats }: { t: TFunction<'admin'>; formats: Formats },
) {
  if (sessions === 0) return t('removal.nothing')
  const cancels =
    refundCents > 0
      ? t('removal.refunds', {
          count: sessions,
          amount: formats.priceCents(refundCents),
          clients: t('removal.clients', { count: refundedClients }),
        })
      : t('removal.unpaid', { count: sessions })
  return notified > 0 ? `${cancels} ${t('removal.emailed', { count: notified })}` : cancels
}

/* The activity trail. */

export type AdminAction = (typeof ADMIN_ACTIONS)[number]

export type AdminActivityEntry = {
  id: number
  adminId: number
  adminEmail: string
  action: AdminAction
  targetId: number | null
  targetLabel: string | null
  detail: string | null
  createdAt: string
}

const ROLES: readonly string[] = ['client', 'practitioner', 'admin'] satisfies Role[]

/** What the trail keeps about a user created: their role, a value ('practitioner'), not words. */
export const createdDetail = (role: Role): string => role

/** What the trail keeps about a leads export: how many, as a message in no language yet. */
export const exportedDetail = (leads: number): Message => msg('admin:activity.details.leadsExported', { leads })

/** What the trail keeps about a removal: the role, how many sessions it cancelled, the refund in cents. */
export const deletedDetail = (role: Role, sessions: number, refundCents: number): Message =>
  msg('admin:activity.details.userDeleted', { role, sessions, refundCents })

/**
 * A trail entry's detail in the reader's words: the trail keeps values (a role, a message with
 * its numbers) and this puts them in the admin's language, money as they write it. Rows written
 * before, in English sentences, are shown as they were written.
 */
export function activityDetail(detail: string | null, { t, formats }: { t: TFunction<'admin'>; formats: Formats }) {
  if (detail === null) return null
  const role = (value: unknown) =>
    typeof value === 'string' && ROLES.includes(value)
      ? t(`activity.details.roles.${value as Role}`)
      : String(value ?? '')
  if (ROLES.includes(detail)) return role(detail)
  if (!isMessageKey(detail)) return detail
  const { key, values } = readMessage(detail)
  const shown: Record<string, string | number> = { ...values, role: role(values.role) }
  if (typeof values.refundCents === 'number') shown.refund = formats.money(values.refundCents)
  return (t as unknown as (key: string, values: Record<string, string | number>) => string)(key, shown)
}
