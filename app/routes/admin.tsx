import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { AppShell, type ShellLink } from '~/components/layout/app-shell'
import { SIGNED_IN_TOP_LINKS } from '~/components/layout/site-nav'
import { requireAdmin } from '~/models/accounts/auth.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

const SIDE_LINKS: ShellLink[] = [{ to: '/admin/dashboard', label: 'Dashboard' }]

/** Admin pages: signed out → /login; signed in but not an admin → /. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request)
  return { user }
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <AppShell
      user={user}
      topLinks={SIGNED_IN_TOP_LINKS}
      sideLinks={SIDE_LINKS}
      profileLink="/admin/dashboard"
      areaLabel="Admin"
    >
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
