import type { BOOKING_STATUSES } from '~/db/enums'
import { isAppError } from '~/lib/errors'
import { formatsFor, type Formats } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import type { PublicUser } from '~/models/accounts/user'
import { activityDetail, ADMIN_PAGE_SIZE, removalSummary, USER_FILTERS, userFilterOf } from '~/models/admin/admin'
import { ADMIN_TABS, adminHref, type AdminState, type AdminTab, type Paging } from '~/models/admin/admin-links'
import { getUserCounts } from '~/models/admin/admin.server'
import { listAdminActivity } from '~/models/admin/audit.server'
import { previewUserRemoval } from '~/models/admin/removal.server'
import { listUsers } from '~/models/admin/users.server'
import { listContactMessages } from '~/models/marketplace/contact.server'
import { listLeads } from '~/models/marketplace/lead.server'
import { videoCardRows } from '~/models/sessions/video-figures'
import { videoFigures } from '~/models/sessions/video-figures.server'
import type { TFunction } from 'i18next'

/** The list the URL shows, without any dialog: where forms go back to and dialogs close to. */
export function viewState(params: URLSearchParams): AdminState {
  const number = (name: string) => {
    const n = Number(params.get(name))
    return Number.isInteger(n) && n > 1 ? n : null
  }
  const tab = params.get('tab')
  return {
    tab: ADMIN_TABS.find((key) => key === tab) ?? 'users',
    filter: userFilterOf(params.get('filter')),
    q: params.get('q')?.trim().slice(0, 200) || null,
    page: number('page'),
    activity: number('activity'),
  }
}

type BookingStatus = (typeof BOOKING_STATUSES)[number]

type Words = { t: TFunction<'admin'>; formats: Formats }

function paging(
  { t }: Words,
  view: AdminState,
  key: 'page' | 'activity',
  { page, pageCount }: { page: number; pageCount: number },
) {
  return {
    prevHref: page > 1 ? adminHref({ ...view, [key]: page - 1 }) : null,
    nextHref: page < pageCount ? adminHref({ ...view, [key]: page + 1 }) : null,
    label: pageCount > 1 ? t('paging.label', { page, pageCount }) : null,
  } satisfies Paging
}

/**
 * Everything /admin/dashboard shows for its URL: the four counts, the video sessions' card, the
 * open tab's page, the Activity section's page and whichever delete confirmation is open. Only the open tab's list
 * is read. Everything is worded here, in the viewer's language and zone, so the page is the same
 * with or without JavaScript.
 */
export function loadDashboard(request: Request, admin: PublicUser) {
  const params = new URL(request.url).searchParams
  const zone = viewerTimeZone(request, admin)
  const language = requestLanguage(request, admin)
  const words: Words = { t: tFor(language, 'admin'), formats: formatsFor(language) }
  const { t, formats } = words
  const day = (iso: string) => formats.date(iso, zone)
  const instant = (iso: string) => `${formats.date(iso, zone)}, ${formats.time(iso, zone)} ${formats.zone(iso, zone)}`
  const state = viewState(params)
  const tab = state.tab as AdminTab
  const activity = listAdminActivity({ page: state.activity ?? 1 })
  const view: AdminState = { ...state, activity: activity.page }

  const users =
    tab === 'users' ? listUsers(state.filter ?? 'all', { search: state.q ?? undefined, page: state.page ?? 1 }) : null
  const messages =
    tab === 'messages' ? listContactMessages({ page: state.page ?? 1, pageSize: ADMIN_PAGE_SIZE, language }) : null
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
    video: videoCardRows(videoFigures(), words),
    tabs: ADMIN_TABS.map((key) => ({
      key,
      label: t(`tabs.${key}`),
      href: adminHref({ tab: key, activity: view.activity }),
      current: key === tab,
    })),
    paging: paging(words, view, 'page', listPage),
    users: users && {
      total: users.total,
      filter: state.filter ?? 'all',
      q: state.q ?? '',
      filters: USER_FILTERS.map((key) => ({
        key,
        label: t(`users.filters.${key}`),
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
          summary: t('messages.bookingSummary', {
            service: m.booking.serviceName,
            when: instant(m.booking.startTime),
          }),
          people: t('messages.people', {
            client: m.booking.clientName ?? t('messages.formerClient'),
            practitioner: m.booking.practitioner?.name ?? t('messages.formerPractitioner'),
          }),
          practitionerEmail: m.booking.practitioner?.email ?? null,
          state: [
            t(`messages.status.${m.booking.status as BookingStatus}`),
            m.booking.totalAmount === 0
              ? t('messages.free')
              : m.booking.isPaid
                ? t('messages.paid', { amount: formats.price(m.booking.totalAmount) })
                : t('messages.notPaid'),
            m.booking.refundedAmount > 0
              ? t('messages.refunded', { amount: formats.price(m.booking.refundedAmount) })
              : null,
            m.booking.clientMarkedAbsent ? t('messages.markedAbsent') : null,
          ]
            .filter(Boolean)
            .join(' · '),
          // Who was in the video room when (ids and times, in the admin's zone), to judge a report.
          trail: m.booking.attendance.length
            ? m.booking.attendance.map((stay) => {
                const who = {
                  who: t(`messages.roomParty.${stay.who ?? 'deleted'}`),
                  userId: stay.userId ?? t('messages.deletedUser'),
                  joined: instant(stay.joinedAt),
                }
                return stay.leftAt
                  ? t('messages.stayLeft', { ...who, left: instant(stay.leftAt) })
                  : t('messages.stayOpen', who)
              })
            : [t('messages.nobodyInRoom')],
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
        source: t(`leads.sources.${l.source}`),
        phone: `${l.countryCode} ${l.phoneNumber}`,
        date: day(l.createdAt),
        deleteHref: adminHref({ ...view, deleteLead: l.id }),
      })),
    },
    activity: {
      total: activity.total,
      paging: paging(words, view, 'activity', activity),
      rows: activity.entries.map((e) => ({
        id: e.id,
        who: e.adminEmail,
        what: t(`activity.actions.${e.action}`),
        record: e.targetLabel,
        detail: activityDetail(e.detail, words),
        when: instant(e.createdAt),
      })),
    },
    // Each confirmation posts to the address that opened it, and closes to `here`.
    deletingUser:
      deleteUserId === null
        ? null
        : userToDelete(deleteUserId, adminHref({ ...view, deleteUser: deleteUserId }), words),
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
function userToDelete(userId: number, action: string, words: Words) {
  try {
    const { user, preview } = previewUserRemoval(userId)
    return {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      summary: removalSummary(preview, words),
      action,
    }
  } catch (error) {
    if (isAppError(error)) return null
    throw error
  }
}
