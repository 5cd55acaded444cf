import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ActivitySection } from '~/components/admin/activity-section'
import { AdminTabs } from '~/components/admin/admin-tabs'
import { CountCards } from '~/components/admin/count-cards'
import { CreateUserForm } from '~/components/admin/create-user-form'
import { DeleteLeadDialog, DeleteMessageDialog, DeleteUserDialog } from '~/components/admin/delete-dialogs'
import { LeadsTab } from '~/components/admin/leads-tab'
import { MessagesTab } from '~/components/admin/messages-tab'
import { UserList } from '~/components/admin/user-list'
import { VideoSessionsCard } from '~/components/admin/video-sessions-card'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Toaster } from '~/components/toaster'
import { metaT } from '~/lib/i18n/meta'
import { requireAdmin } from '~/models/accounts/auth.server'
import { CREATE_USER_INTENT } from '~/models/admin/admin-links'
import { dashboardAction } from './dashboard-actions.server'
import { loadDashboard } from './dashboard-data.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'admin')('titles.dashboard') }]

/**
 * The admin dashboard: the four counts, how the video rooms worked (last 30 days), the User
 * Management / Messages / Leads tabs and the Activity trail, with every filter, page and
 * confirmation in the URL (models/admin/admin-links.ts). Non-admins go to / (here too, not only
 * in the layout: a data request runs this loader alone).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadDashboard(request, await requireAdmin(request))
}

export async function action({ request }: ActionFunctionArgs) {
  return dashboardAction(request, await requireAdmin(request))
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('admin')
  const createResult = actionData?.result.initialValue?.intent === CREATE_USER_INTENT ? actionData.result : null
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('dashboard.heading')}</h1>
        <p className="text-muted-foreground">{t('dashboard.intro')}</p>
      </div>
      <CountCards counts={data.counts} />
      <VideoSessionsCard rows={data.video} />
      <AdminTabs tabs={data.tabs} />
      {data.users ? (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {/* A new user changes the count: the form starts empty again (with JavaScript the page is not reloaded). */}
          <CreateUserForm key={data.counts.total} action={data.here} lastResult={createResult} />
          <UserList {...data.users} paging={data.paging} action={data.here} />
        </div>
      ) : null}
      {data.messages ? <MessagesTab {...data.messages} paging={data.paging} action={data.here} /> : null}
      {data.leads ? <LeadsTab {...data.leads} paging={data.paging} /> : null}
      <ActivitySection {...data.activity} />
      <DeleteUserDialog user={data.deletingUser} closeTo={data.here} />
      <DeleteMessageDialog message={data.deletingMessage} closeTo={data.here} />
      <DeleteLeadDialog lead={data.deletingLead} closeTo={data.here} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
