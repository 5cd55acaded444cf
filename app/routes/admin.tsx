import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell, AreaErrorBoundary, type ShellLink, type ShellUser } from '~/components/layout/app-shell'
import { SIGNED_IN_TOP_LINKS } from '~/components/layout/site-nav'
import { requireAdmin } from '~/models/accounts/auth.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

const SIDE_LINKS: ShellLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/account/security', label: 'Security' },
]

/** Admin pages: signed out → /login; signed in but not an admin → /. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request)
  return { user }
}

/** The area's frame: its menus, the site's links, Logout and the person, around `children`. */
function AdminShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  return (
    <AppShell
      user={user}
      topLinks={SIGNED_IN_TOP_LINKS}
      sideLinks={SIDE_LINKS}
      profileLink="/admin/dashboard"
      areaLabel="Admin"
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
