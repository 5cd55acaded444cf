import { Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppShell, AreaErrorBoundary, type ShellLink, type ShellUser } from '~/components/layout/app-shell'
import { SIGNED_IN_TOP_LINKS } from '~/components/layout/site-nav'
import { requireAdmin } from '~/models/accounts/auth.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** Admin pages: signed out → /login; signed in but not an admin → /. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request)
  return { user }
}

/** The area's frame: its menus, the site's links, Logout and the person, around `children`. */
function AdminShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  const { t } = useTranslation('admin')
  const sideLinks: ShellLink[] = [
    { to: '/admin/dashboard', label: t('nav.dashboard') },
    { to: '/account/security', label: t('nav.security') },
  ]
  return (
    <AppShell
      user={user}
      topLinks={SIGNED_IN_TOP_LINKS}
      sideLinks={sideLinks}
      profileLink="/admin/dashboard"
      areaLabel={t('nav.area')}
    >
      {children}
    </AppShell>
  )
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <AdminShell user={user}>
      <Outlet />
    </AdminShell>
  )
}

/** Errors of the area's pages keep its menus (AreaErrorBoundary). */
export function ErrorBoundary() {
  return <AreaErrorBoundary routeId="routes/admin" belongs={(user) => user.isAdmin} shell={AdminShell} />
}
