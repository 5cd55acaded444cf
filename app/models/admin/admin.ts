import { z } from 'zod'
import type { ADMIN_ACTIONS } from '~/db/enums'
import { centsToDollars, formatPrice } from '~/lib/money'
import { oneLineText } from '~/lib/plain-text'
import type { Role } from '~/models/accounts/role'
import { COUNTRY_CODES, emailField, PASSWORD_MIN_CHARACTERS, PASSWORD_MIN_LENGTH } from '~/models/accounts/user'
import { pageField } from '~/models/marketplace/service-filters'

/**
 * The admin dashboard and /api/admin, client-safe: the create-user schemas (the form's and the
 * API's, one set of rules), the list filters and query, the shapes the lists answer, the
 * wording of the consequences of a deletion, and every text (spec §8's toasts word for word).
 */

export const ADMIN_PAGE_SIZE = 25

/* Texts. */

export const USER_CREATED = 'User Created'
export const USER_DELETED = 'User Deleted'
export const USER_SUSPENDED = 'User Suspended'
export const USER_UNSUSPENDED = 'User Unsuspended'
export const MESSAGE_MARKED_READ = 'Message Marked as Read'
export const MESSAGE_DELETED = 'Message Deleted'
export const LEAD_DELETED = 'Lead Deleted'

export { REQUIRED_FIELDS_TITLE } from '~/models/accounts/user'
export const REQUIRED_FIELDS = 'Email, password, first name and last name are required'
export const CREATE_USER_FAILED_TITLE = 'Error Creating User'
export const CREATE_USER_FAILED = 'Failed to create user account'
export const DELETE_USER_FAILED_TITLE = 'Error Deleting User'
export const DELETE_USER_FAILED = 'Failed to delete user account'
export const ERROR_TITLE = 'Error'
export const MARK_READ_FAILED = 'Failed to mark message as read'
export const DELETE_MESSAGE_FAILED = 'Failed to delete message'
export const DELETE_LEAD_FAILED = 'Failed to delete lead'
export const SUSPEND_FAILED = 'Failed to update user account'

export const USER_NOT_FOUND = 'User not found'
export const ADMIN_NOT_DELETABLE = 'An admin account cannot be deleted, your own included.'
export const ADMIN_NOT_SUSPENDABLE = 'An admin account cannot be suspended, your own included.'
export const ONE_USER_TYPE = 'A user is a client, a practitioner or an admin: choose one.'
export const BOOKED_MEANWHILE =
  'A session was booked or paid while the account was being removed, so it was not deleted. Please try again.'

/* Creating a user. */

export const USER_TYPES = [
  ['client', 'Client'],
  ['practitioner', 'Practitioner'],
  ['admin', 'Admin'],
] as const
export type UserType = (typeof USER_TYPES)[number][0]
const USER_TYPE_VALUES = USER_TYPES.map(([value]) => value) as [UserType, ...UserType[]]

/** The four required fields say the spec's one message when missing. */
const required = () => oneLineText({ error: REQUIRED_FIELDS }).min(1, { error: REQUIRED_FIELDS, abort: true })

const INVALID_PHONE = 'Please enter a valid phone number'

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
    .max(200, 'Password must be at most 200 characters'),
  firstName: required().max(100, 'Must be at most 100 characters'),
  lastName: required().max(100, 'Must be at most 100 characters'),
  phoneNumber: oneLineText({ error: INVALID_PHONE, message: INVALID_PHONE })
    .max(30, INVALID_PHONE)
    .refine((v) => v === '' || v.length >= 10, INVALID_PHONE)
    .optional()
    .transform((v) => v || undefined),
  /** Blank means not chosen: a practitioner must choose (below), anyone else gets the default, CA. */
  country: z
    .union([z.literal('').transform(() => undefined), z.enum(COUNTRY_CODES)], {
      error: 'Please select your country',
    })
    .optional(),
})

const countryForPractitioners = {
  path: ['country'],
  message: 'Please select your country',
  when: (payload: { value: unknown }) => (payload.value as { userType?: unknown })?.userType === 'practitioner',
}

/** The Create New User form: the type is one choice of three. */
export const AdminCreateUserFormSchema = AdminUserFields.extend({
  userType: z.enum(USER_TYPE_VALUES, { error: 'Please choose a user type' }).default('client'),
}).refine((v) => v.userType !== 'practitioner' || Boolean(v.country), countryForPractitioners)

/** POST /api/admin/users, as spec §7 sends it: the type as two flags, at most one of them true. */
export const AdminCreateUserApiSchema = AdminUserFields.extend({
  isPractitioner: z.boolean({ error: 'isPractitioner must be true or false' }).default(false),
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).default(false),
})
  .refine((v) => !(v.isPractitioner && v.isAdmin), { path: ['isAdmin'], message: ONE_USER_TYPE })
  .refine((v) => !v.isPractitioner || Boolean(v.country), {
    path: ['country'],
    message: 'Please select your country',
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

export const USER_FILTERS = [
  ['all', 'All Users'],
  ['practitioners', 'Practitioners'],
  ['clients', 'Clients'],
  ['admins', 'Admins'],
] as const
export type UserFilter = (typeof USER_FILTERS)[number][0]

export function userFilterOf(value: string | null | undefined): UserFilter {
  return USER_FILTERS.find(([key]) => key === value)?.[0] ?? 'all'
}

/** ?search=&page= of the /api/admin lists (search only where a list has it). */
export const AdminListQuerySchema = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  page: pageField,
})

/** PATCH /api/admin/users/{id}: suspend (true) or restore (false). */
export const SuspendUserSchema = z.object({
  suspended: z.boolean({ error: 'suspended must be true or false' }),
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** 'This cancels 3 upcoming sessions and refunds $240.00 CAD to 3 clients. 3 people are emailed.' */
export function removalSummary({ sessions, refundCents, refundedClients, notified }: RemovalPreview) {
  if (sessions === 0) return 'They have no upcoming sessions, so nothing is cancelled or refunded.'
  const refund =
    refundCents > 0
      ? ` and refunds ${formatPrice(centsToDollars(refundCents))} to ${plural(refundedClients, 'client')}`
      : ' (none of them is paid, so nothing is refunded)'
  const emailed = notified > 0 ? ` ${plural(notified, 'person is', 'people are')} emailed.` : ''
  return `This cancels ${plural(sessions, 'upcoming session')}${refund}.${emailed}`
}

/* The activity trail. */

export type AdminAction = (typeof ADMIN_ACTIONS)[number]

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  user_create: 'Created user',
  user_delete: 'Deleted user',
  user_suspend: 'Suspended user',
  user_unsuspend: 'Unsuspended user',
  message_read: 'Marked message as read',
  message_delete: 'Deleted message',
  lead_delete: 'Deleted lead',
  leads_export: 'Exported leads',
}

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
