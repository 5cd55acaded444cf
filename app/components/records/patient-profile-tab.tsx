import { ButtonLink } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { filledProfileFields, type ChartPatient } from '~/models/records/chart-links'

/** The Profile tab: the fields that are filled, read-only, Edit Profile, and the access history. */
export function PatientProfileTab({ chart }: { chart: ChartPatient }) {
  const fields = [
    { label: 'First name', value: chart.profile.firstName },
    { label: 'Last name', value: chart.profile.lastName },
    ...filledProfileFields(chart.profile, chart.dateOfBirth),
  ]
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <ButtonLink to={chart.editHref} preventScrollReset variant="outline" size="sm">
          Edit Profile
        </ButtonLink>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
      {chart.history ? <AccessHistory history={chart.history} /> : null}
    </div>
  )
}

function AccessHistory({ history }: { history: NonNullable<ChartPatient['history']> }) {
  return (
    <section aria-labelledby="access-history-heading" className="space-y-2">
      <h3 id="access-history-heading" className="font-semibold">
        Access history
      </h3>
      <ul className="divide-y divide-border text-sm" aria-label="Access history">
        {history.entries.map((entry) => (
          <li key={entry.id} className="flex justify-between gap-4 py-1.5">
            <span>{entry.action}</span>
            <span className="text-muted-foreground">{entry.when}</span>
          </li>
        ))}
      </ul>
      <div className="flex gap-4 text-sm">
        {history.newestHref ? (
          <Link to={history.newestHref} preventScrollReset>
            Newest
          </Link>
        ) : null}
        {history.olderHref ? (
          <Link to={history.olderHref} preventScrollReset>
            Older
          </Link>
        ) : null}
      </div>
    </section>
  )
}
