import { Link } from '@remix-run/react'
import { cn } from '~/lib/cn'
import { PatientNotesTab } from './patient-notes-tab'
import { PatientProfileTab } from './patient-profile-tab'
import type { ChartPatient } from './chart-links'

/** The selected patient: their name and the Profile and Notes tabs (the tab is in the URL). */
export function PatientChart({ chart }: { chart: ChartPatient }) {
  const { profile } = chart
  const tabs = [
    { id: 'profile', label: 'Profile', href: chart.profileHref },
    { id: 'notes', label: `Notes (${chart.notes.length})`, href: chart.notesHref },
  ] as const
  return (
    <section aria-labelledby="patient-heading" className="space-y-4 rounded-lg border border-border bg-card p-4">
      <h2 id="patient-heading" className="text-xl font-semibold">
        {profile.firstName} {profile.lastName}
      </h2>
      <nav aria-label="Patient record" className="flex gap-1 border-b border-border">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.href}
            preventScrollReset
            aria-current={chart.tab === tab.id ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              chart.tab === tab.id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {chart.tab === 'notes' ? <PatientNotesTab chart={chart} /> : <PatientProfileTab chart={chart} />}
    </section>
  )
}
