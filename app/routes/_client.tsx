import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell, AreaErrorBoundary, type ShellLink, type ShellUser } from '~/components/layout/app-shell'
import { SIGNED_IN_TOP_LINKS } from '~/components/layout/site-nav'
import { requireUser } from '~/models/accounts/auth.server'
import { RECEIPTS_PATH } from '~/models/billing/receipt-links'
import { CLIENT_INBOX_PATH } from '~/models/messaging/inbox'
import { WAITLIST_PATH } from '~/models/waitlist/waitlist-links'
import type { LoaderFunctionArgs } from '@remix-run/node'

const SIDE_LINKS: ShellLink[] = [
  { to: '/client-dashboard', label: 'My Sessions' },
  { to: CLIENT_INBOX_PATH, label: 'Inbox', unread: true },
  { to: WAITLIST_PATH, label: 'Waitlists' },
  { to: RECEIPTS_PATH, label: 'Receipts' },
  { to: '/customer-settings', label: 'Settings' },
]

/** The client area's frame; every page in it needs a signed-in user (else /login and back). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return { user }
}

/** The area's frame: its menus, the site's links, Logout and the person, around `children`. */
function ClientShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  return (
    <AppShell
      user={user}
      topLinks={SIGNED_IN_TOP_LINKS}
      sideLinks={SIDE_LINKS}
      profileLink="/customer-settings"
      areaLabel="My account"
    >
      {children}
    </AppShell>
  )
}

export default function ClientLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <ClientShell user={user}>
      <Outlet />
    </ClientShell>
  )
}

/** Errors of the area's pages keep its menus (AreaErrorBoundary). */
export function ErrorBoundary() {
  return <AreaErrorBoundary routeId="routes/_client" belongs={() => true} shell={ClientShell} />
}
