import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell, AreaErrorBoundary, type ShellLink, type ShellUser } from '~/components/layout/app-shell'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { PRACTITIONER_INBOX_PATH } from '~/models/messaging/inbox'
import { PRACTITIONER_WAITLIST_PATH } from '~/models/waitlist/waitlist-links'
import type { LoaderFunctionArgs } from '@remix-run/node'

const TOP_LINKS: ShellLink[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/services', label: 'Find Services' },
  { to: '/practitioners', label: 'Find Practitioners', end: true },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
]

const SIDE_LINKS: ShellLink[] = [
  { to: '/practitioner/dashboard', label: 'Dashboard' },
  { to: '/practitioner/calendar', label: 'Calendar' },
  { to: '/practitioner/services', label: 'My Services' },
  { to: PRACTITIONER_WAITLIST_PATH, label: 'Waitlists' },
  { to: '/practitioner/profile', label: 'My Profile' },
  { to: '/practitioner/earnings', label: 'Earnings' },
  { to: '/practitioner/patient-charting', label: 'Patient Charting' },
  { to: '/practitioner/intake-forms', label: 'Intake Forms' },
  { to: PRACTITIONER_INBOX_PATH, label: 'Inbox', unread: true },
  { to: '/practitioner/settings', label: 'Settings' },
]

/** Every /practitioner page: signed out → /login (and back); other roles → their dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return { user }
}

/** The area's frame: its menus, the site's links, Logout and the person, around `children`. */
function PracticeShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  return (
    <AppShell
      user={user}
      topLinks={TOP_LINKS}
      sideLinks={SIDE_LINKS}
      profileLink="/practitioner/profile"
      areaLabel="Practice"
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
