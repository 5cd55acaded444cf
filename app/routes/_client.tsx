import { Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppShell, AreaErrorBoundary, type ShellLink, type ShellUser } from '~/components/layout/app-shell'
import { SIGNED_IN_TOP_LINKS } from '~/components/layout/site-nav'
import { requireUser } from '~/models/accounts/auth.server'
import { RECEIPTS_PATH } from '~/models/billing/receipt-links'
import { CLIENT_INBOX_PATH } from '~/models/messaging/inbox'
import { WAITLIST_PATH } from '~/models/waitlist/waitlist-links'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** The area's menu: its labels are catalogue keys (booking.json `nav`), shown in the page's language. */
const SIDE_LINKS = [
  { to: '/client-dashboard', label: 'nav.sessions' },
  { to: CLIENT_INBOX_PATH, label: 'nav.inbox', unread: true },
  { to: WAITLIST_PATH, label: 'nav.waitlists' },
  { to: RECEIPTS_PATH, label: 'nav.receipts' },
  { to: '/customer-settings', label: 'nav.settings' },
] as const

/** The client area's frame; every page in it needs a signed-in user (else /login and back). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return { user }
}

/** The area's frame: its menus, the site's links, Logout and the person, around `children`. */
function ClientShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  const { t } = useTranslation('booking')
  const sideLinks: ShellLink[] = SIDE_LINKS.map((link) => ({ ...link, label: t(link.label) }))
  return (
    <AppShell
      user={user}
      topLinks={SIGNED_IN_TOP_LINKS}
      sideLinks={sideLinks}
      profileLink="/customer-settings"
      areaLabel={t('nav.area')}
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
