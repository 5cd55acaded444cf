import { StatCard } from '~/components/stat-card'

/** The four counts; a person is counted once, as admin, practitioner or client. */
export function CountCards({
  counts,
}: {
  counts: { total: number; practitioners: number; clients: number; admins: number }
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Users" value={counts.total} />
      <StatCard label="Practitioners" value={counts.practitioners} />
      <StatCard label="Clients" value={counts.clients} />
      <StatCard label="Admins" value={counts.admins} />
    </div>
  )
}
