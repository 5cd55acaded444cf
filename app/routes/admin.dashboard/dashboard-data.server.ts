import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { isAppError } from '~/lib/errors'
import { formatPrice } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import type { PublicUser } from '~/models/accounts/user'
import { ADMIN_ACTION_LABELS, ADMIN_PAGE_SIZE, removalSummary, USER_FILTERS, userFilterOf } from '~/models/admin/admin'
import { ADMIN_TABS, adminHref, type AdminState, type AdminTab, type Paging } from '~/models/admin/admin-links'
import { getUserCounts } from '~/models/admin/admin.server'
import { listAdminActivity } from '~/models/admin/audit.server'
import { previewUserRemoval } from '~/models/admin/removal.server'
import { listUsers } from '~/models/admin/users.server'
import { NOBODY_IN_ROOM } from '~/models/booking/no-show'
import { listContactMessages } from '~/models/marketplace/contact.server'
import { LEAD_SOURCE_LABELS } from '~/models/marketplace/lead'
import { listLeads } from '~/models/marketplace/lead.server'
import { videoCardRows } from '~/models/sessions/video-figures'
import { videoFigures } from '~/models/sessions/video-figures.server'

/** The list the URL shows, without any dialog: where forms go back to and dialogs close to. */
export function viewState(params: URLSearchParams): AdminState {
  const number = (name: string) => {
    const n = Number(params.get(name))
    return Number.isInteger(n) && n > 1 ? n : null
  }
  const tab = params.get('tab')
  return {
    tab: ADMIN_TABS.find(([key]) => key === tab)?.[0] ?? 'users',
    filter: userFilterOf(params.get('filter')),
    q: params.get('q')?.trim().slice(0, 200) || null,
    page: number('page'),
    activity: number('activity'),
  }
}

function paging(view: AdminState, key: 'page' | 'activity', { page, pageCount }: { page: number; pageCount: number }) {
  return {
    prevHref: page > 1 ? adminHref({ ...view, [key]: page - 1 }) : null,
    nextHref: page < pageCount ? adminHref({ ...view, [key]: page + 1 }) : null,
    label: pageCount > 1 ? `Page ${page} of ${pageCount}` : null,
  } satisfies Paging
}

/**
 * Everything /admin/dashboard shows for its URL: the four counts, the video sessions' card, the
 * open tab's page, the Activity section's page and whichever delete confirmation is open. Only the open tab's list
 * is read. Instants are worded here, in the viewer's zone, so the page is the same with or
 * without JavaScript.
 */
export function loadDashboard(request: Request, admin: PublicUser) {
  const params = new URL(request.url).searchParams
  const zone = viewerTimeZone(request, admin)
  const day = (iso: string) => formatDate(iso, zone)
  const instant = (iso: string) => `${formatDate(iso, zone)}, ${formatTime(iso, zone)} ${zoneAbbreviation(iso, zone)}`
  const state = viewState(params)
  const tab = state.tab as AdminTab
  const activity = listAdminActivity({ page: state.activity ?? 1 })
  const view: AdminState = { ...state, activity: activity.page }

  const users =
    tab === 'users' ? listUsers(state.filter ?? 'all', { search: state.q ?? undefined, page: state.page ?? 1 }) : null
  const messages = tab === 'messages' ? listContactMessages({ page: state.page ?? 1, pageSize: ADMIN_PAGE_SIZE }) : null
  const leads = tab === 'leads' ? listLeads({ page: state.page ?? 1, pageSize: ADMIN_PAGE_SIZE }) : null
  const listPage = users ?? messages ?? leads!
  view.page = listPage.page
  const here = adminHref(view)

  const deleteUserId = tab === 'users' ? idFromParam(params.get('deleteUser') ?? undefined) : null
  const deleteMessageId = idFromParam(params.get('deleteMessage') ?? undefined)
  const deleteLeadId = idFromParam(params.get('deleteLead') ?? undefined)

  return {
    here,
    tab,
    counts: getUserCounts(),
    video: videoCardRows(videoFigures()),
    tabs: ADMIN_TABS.map(([key, label]) => ({
      key,
      label,
      href: adminHref({ tab: key, activity: view.activity }),
      current: key === tab,
    })),
    paging: paging(view, 'page', listPage),
    users: users && {
      total: users.total,
      filter: state.filter ?? 'all',
      q: state.q ?? '',
      filters: USER_FILTERS.map(([key, label]) => ({
        key,
        label,
        href: adminHref({ ...view, filter: key, page: null }),
        current: key === (state.filter ?? 'all'),
      })),
      rows: users.users.map((u) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
        phoneNumber: u.phoneNumber,
        role: u.role,
        isAdmin: u.isAdmin,
        isPractitioner: u.isPractitioner,
        suspended: u.suspended,
        created: day(u.createdAt),
        deleteHref: u.isAdmin ? null : adminHref({ ...view, deleteUser: u.id }),
      })),
    },
    messages: messages && {
      total: messages.total,
      rows: messages.messages.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        isRead: m.isRead,
        date: instant(m.createdAt),
        booking: m.booking && {
          id: m.booking.id,
          summary: `${m.booking.serviceName}, ${instant(m.booking.startTime)}`,
          people: `${m.booking.clientName ?? 'A former client'} with ${m.booking.practitioner?.name ?? 'a former practitioner'}`,
          practitionerEmail: m.booking.practitioner?.email ?? null,
          state: [
            m.booking.status,
            m.booking.totalAmount === 0
              ? 'free'
              : m.booking.isPaid
                ? `paid ${formatPrice(m.booking.totalAmount)}`
                : 'not paid',
            m.booking.refundedAmount > 0 ? `refunded ${formatPrice(m.booking.refundedAmount)}` : null,
            m.booking.clientMarkedAbsent ? 'the practitioner marked the client absent' : null,
          ]
            .filter(Boolean)
            .join(' · '),
          // Who was in the video room when (ids and times, in the admin's zone), to judge a report.
          trail: m.booking.attendance.length
            ? m.booking.attendance.map(
                (stay) =>
                  `${stay.who ?? 'a deleted account'} (user ${stay.userId ?? 'deleted'}) joined ${instant(stay.joinedAt)}, ` +
                  (stay.leftAt ? `left ${instant(stay.leftAt)}` : 'did not leave'),
              )
            : [NOBODY_IN_ROOM],
        },
        replyHref: `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`,
        deleteHref: adminHref({ ...view, deleteMessage: m.id }),
      })),
    },
    leads: leads && {
      total: leads.total,
      rows: leads.leads.map((l) => ({
        id: l.id,
        name: `${l.firstName} ${l.lastName}`,
        email: l.email,
        userType: l.userType,
        source: LEAD_SOURCE_LABELS[l.source],
        phone: `${l.countryCode} ${l.phoneNumber}`,
        date: day(l.createdAt),
        deleteHref: adminHref({ ...view, deleteLead: l.id }),
      })),
    },
    activity: {
      total: activity.total,
      paging: paging(view, 'activity', activity),
      rows: activity.entries.map((e) => ({
        id: e.id,
        who: e.adminEmail,
        what: ADMIN_ACTION_LABELS[e.action],
        record: e.targetLabel,
        detail: e.detail,
        when: instant(e.createdAt),
      })),
    },
    // Each confirmation posts to the address that opened it, and closes to `here`.
    deletingUser:
      deleteUserId === null ? null : userToDelete(deleteUserId, adminHref({ ...view, deleteUser: deleteUserId })),
    deletingMessage: pick(messages?.messages, deleteMessageId, (m) => ({
      id: m.id,
      name: m.name,
      subject: m.subject,
      action: adminHref({ ...view, deleteMessage: m.id }),
    })),
    deletingLead: pick(leads?.leads, deleteLeadId, (l) => ({
      id: l.id,
      name: `${l.firstName} ${l.lastName}`,
      action: adminHref({ ...view, deleteLead: l.id }),
    })),
  }
}

/** The record of this page with this id, shaped for its confirmation; null when it is not on the page. */
function pick<T extends { id: number }, R>(rows: T[] | undefined, id: number | null, shape: (row: T) => R) {
  const row = rows?.find((r) => r.id === id)
  return row ? shape(row) : null
}

/** The delete confirmation's user and what deleting them does; nothing for an admin or an unknown id. */
function userToDelete(userId: number, action: string) {
  try {
    const { user, preview } = previewUserRemoval(userId)
    return {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      summary: removalSummary(preview),
      action,
    }
  } catch (error) {
    if (isAppError(error)) return null
    throw error
  }
}
