import { Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppShell, AreaErrorBoundary, type ShellLink, type ShellUser } from '~/components/layout/app-shell'
import type practiceEn from '~/locales/en/practice.json'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { PRACTITIONER_INBOX_PATH } from '~/models/messaging/inbox'
import { PRACTITIONER_WAITLIST_PATH } from '~/models/waitlist/waitlist-links'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** The menus, each link's words by their key in `practice:nav`. */
type NavLink = Omit<ShellLink, 'label'> & { label: keyof (typeof practiceEn)['nav'] }

const TOP_LINKS: NavLink[] = [
  { to: '/', label: 'home', end: true },
  { to: '/services', label: 'findServices' },
  { to: '/practitioners', label: 'findPractitioners', end: true },
  { to: '/about', label: 'about' },
  { to: '/contact', label: 'contact' },
]

const SIDE_LINKS: NavLink[] = [
  { to: '/practitioner/dashboard', label: 'dashboard' },
  { to: '/practitioner/calendar', label: 'calendar' },
  { to: '/practitioner/services', label: 'services' },
  { to: PRACTITIONER_WAITLIST_PATH, label: 'waitlists' },
  { to: '/practitioner/profile', label: 'profile' },
  { to: '/practitioner/earnings', label: 'earnings' },
  { to: '/practitioner/patient-charting', label: 'charting' },
  { to: '/practitioner/intake-forms', label: 'intakeForms' },
  { to: PRACTITIONER_INBOX_PATH, label: 'inbox', unread: true },
  { to: '/practitioner/settings', label: 'settings' },
]

/** Every /practitioner page: signed out → /login (and back); other roles → their dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return { user }
}

/** The area's frame: its menus, the site's links, Logout and the person, around `children`. */
function PracticeShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  const { t } = useTranslation('practice')
  const worded = (links: NavLink[]) => links.map((link) => ({ ...link, label: t(`nav.${link.label}`) }))
  return (
    <AppShell
      user={user}
      topLinks={worded(TOP_LINKS)}
      sideLinks={worded(SIDE_LINKS)}
      profileLink="/practitioner/profile"
      areaLabel={t('nav.area')}
    >
      {children}
    </AppShell>
  )
}

export default function PractitionerLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <PracticeShell user={user}>
      <Outlet />
    </PracticeShell>
  )
}

/** Errors of the area's pages keep its menus (AreaErrorBoundary). */
export function ErrorBoundary() {
  return (
    <AreaErrorBoundary routeId="routes/practitioner" belongs={(user) => user.isPractitioner} shell={PracticeShell} />
  )
}
