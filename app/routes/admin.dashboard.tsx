import { useLoaderData } from '@remix-run/react'
import { StatCard } from '~/components/stat-card'
import { requireAdmin } from '~/models/accounts/auth.server'
import { getUserCounts } from '~/models/admin/admin.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Admin dashboard — Solace' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return { counts: getUserCounts() }
}

export default function AdminDashboard() {
  const { counts } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">Users, contact messages and early-access leads.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Users" value={counts.total} />
        <StatCard label="Practitioners" value={counts.practitioners} />
        <StatCard label="Clients" value={counts.clients} />
        <StatCard label="Admins" value={counts.admins} />
      </div>
    </div>
  )
}
