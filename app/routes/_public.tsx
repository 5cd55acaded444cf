import { Outlet } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PublicFooter } from '~/components/layout/public-footer'
import { PublicHeader } from '~/components/layout/public-header'
import { useOptionalUser } from '~/components/layout/root-data'

function PublicShell({ children }: { children: React.ReactNode }) {
  const user = useOptionalUser()
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader user={user} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  )
}

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return (
    <PublicShell>
      <GeneralErrorBoundary />
    </PublicShell>
  )
}
