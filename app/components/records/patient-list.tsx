import { Form } from '@remix-run/react'
import { Button, buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import { CHART_PATH, type ChartPatientRow } from '~/models/records/chart-links'

/**
 * The left column: 'Patients (count)', a GET search (the search is in the URL), the page of
 * patients with a delete link each, and links to the other pages. Scrolls at about 384px.
 */
export function PatientList({
  total,
  q,
  patients,
  prevHref,
  nextHref,
  pageLabel,
}: {
  total: number
  q: string
  patients: ChartPatientRow[]
  prevHref: string | null
  nextHref: string | null
  pageLabel: string | null
}) {
  return (
    <section aria-labelledby="patients-heading" className="space-y-3 rounded-lg border border-border bg-card p-4">
      <h2 id="patients-heading" className="text-lg font-semibold">
        Patients ({total})
      </h2>
      <Form method="get" action={CHART_PATH} role="search" className="flex gap-2">
        <input
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search patients..."
          aria-label="Search patients"
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
        />
        <Button type="submit" variant="outline" size="sm">
          Search
        </Button>
      </Form>
      {patients.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {q ? 'No patients match your search' : 'No patients yet'}
        </p>
      ) : (
        <ul className="max-h-96 divide-y divide-border overflow-y-auto" aria-label="Patients">
          {patients.map((p) => (
            <li
              key={p.id}
              data-testid="patient-row"
              className={cn('flex items-start justify-between gap-2 p-2', p.selected && 'bg-muted')}
            >
              <Link to={p.href} aria-current={p.selected ? 'true' : undefined} className="min-w-0 flex-1">
                <span className="block font-medium">{p.name}</span>
                {p.email ? <span className="block truncate text-sm text-muted-foreground">{p.email}</span> : null}
                <span className="block text-xs text-muted-foreground">Added {p.added} ago</span>
              </Link>
              <Link
                to={p.deleteHref}
                preventScrollReset
                aria-label={`Delete ${p.name}`}
                className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
              >
                Delete
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageLabel ? (
        <nav aria-label="Patient pages" className="flex items-center justify-between text-sm">
          {prevHref ? <Link to={prevHref}>Previous</Link> : <span />}
          <span className="text-muted-foreground">{pageLabel}</span>
          {nextHref ? <Link to={nextHref}>Next</Link> : <span />}
        </nav>
      ) : null}
    </section>
  )
}
