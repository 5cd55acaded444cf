import type { AdminUser, UserFilter } from '~/models/admin/admin'

/**
 * The admin dashboard's URL state (client-safe): the tab, the user list's filter, search and
 * page (`page` pages whichever tab is open), the Activity section's page, and the delete
 * confirmations (`deleteUser`, `deleteMessage`, `deleteLead`). Everything is a link or a GET
 * form, so the screen works without JavaScript.
 */

export const ADMIN_PATH = '/admin/dashboard'
/** The leads' CSV: a POST (it is recorded in the trail, and a GET never writes). */
export const LEADS_CSV_PATH = '/admin/leads.csv'

export const CREATE_USER_INTENT = 'create-user'
export const DELETE_USER_INTENT = 'delete-user'
export const SUSPEND_USER_INTENT = 'suspend-user'
export const UNSUSPEND_USER_INTENT = 'unsuspend-user'
export const MARK_MESSAGE_READ_INTENT = 'mark-message-read'
export const DELETE_MESSAGE_INTENT = 'delete-message'
export const DELETE_LEAD_INTENT = 'delete-lead'

/** The dashboard's tabs; each is worded by `admin:tabs.<tab>`. */
export const ADMIN_TABS = ['users', 'messages', 'leads'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

export type AdminState = {
  tab?: AdminTab
  filter?: UserFilter
  q?: string | null
  page?: number | null
  activity?: number | null
  deleteUser?: number | null
  deleteMessage?: number | null
  deleteLead?: number | null
}

const KEYS = ['tab', 'filter', 'q', 'page', 'activity', 'deleteUser', 'deleteMessage', 'deleteLead'] as const

export function adminHref(state: AdminState = {}) {
  const params = new URLSearchParams()
  const tab = state.tab ?? 'users'
  for (const key of KEYS) {
    const value = state[key]
    if (value === undefined || value === null || value === '') continue
    if ((key === 'page' || key === 'activity') && value === 1) continue
    if (key === 'tab' && value === 'users') continue
    if (key === 'filter' && value === 'all') continue
    // The filter and the search belong to the user list.
    if ((key === 'filter' || key === 'q' || key === 'deleteUser') && tab !== 'users') continue
    if (key === 'deleteMessage' && tab !== 'messages') continue
    if (key === 'deleteLead' && tab !== 'leads') continue
    params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `${ADMIN_PATH}?${query}` : ADMIN_PATH
}

/* What the loader answers (already worded in the viewer's language, instants in their zone). */

export type Paging = { prevHref: string | null; nextHref: string | null; label: string | null }

export type UserRow = Pick<
  AdminUser,
  'id' | 'email' | 'phoneNumber' | 'isAdmin' | 'isPractitioner' | 'suspended' | 'role'
> & {
  name: string
  created: string
  /** The delete confirmation's link; null for an admin (never deleted). */
  deleteHref: string | null
}

export type MessageRow = {
  id: number
  name: string
  email: string
  subject: string
  message: string
  isRead: boolean
  date: string
  /** The session the message is about (a report about who attended it), in words. */
  booking: {
    id: number
    summary: string
    people: string
    /** To write to the practitioner about it; null once their account is gone. */
    practitionerEmail: string | null
    state: string
    /** The video room's trail, a line per stay (who, user id, joined, left, in the admin's zone). */
    trail: string[]
  } | null
  /** Opens the person's mail client with the subject filled. */
  replyHref: string
  deleteHref: string
}

export type LeadRow = {
  id: number
  name: string
  email: string
  userType: 'practitioner' | 'patient'
  source: string
  phone: string
  date: string
  deleteHref: string
}

export type ActivityRow = {
  id: number
  who: string
  what: string
  record: string | null
  detail: string | null
  when: string
}
