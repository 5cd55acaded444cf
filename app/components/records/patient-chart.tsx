import { type SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import type { ChartPatient } from '~/models/records/chart-links'
import { PatientAiTab } from './patient-ai-tab'
import { PatientDocsTab } from './patient-docs-tab'
import { PatientIntakeTab } from './patient-intake-tab'
import { PatientNotesTab } from './patient-notes-tab'
import { PatientProfileTab } from './patient-profile-tab'

/** The selected patient: their name, Export record, and the Profile, Notes, Docs, Intake and AI tabs (the tab is in the URL). */
export function PatientChart({
  chart,
  uploadResult,
  aiResult,
}: {
  chart: ChartPatient
  uploadResult: SubmissionResult<string[]> | null
  aiResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('records')
  const { profile } = chart
  const tabs = [
    { id: 'profile', label: t('chart.profileTab'), href: chart.profileHref },
    { id: 'notes', label: t('chart.notesTab', { count: chart.notes.length }), href: chart.notesHref },
    { id: 'docs', label: t('chart.docsTab', { count: chart.documents.length }), href: chart.docsHref },
    { id: 'intake', label: t('chart.intakeTab', { count: chart.intake.length }), href: chart.intakeHref },
    { id: 'ai', label: t('chart.aiTab'), href: chart.aiHref },
  ] as const
  return (
    <section aria-labelledby="patient-heading" className="space-y-4 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="patient-heading" className="text-xl font-semibold">
          {profile.firstName} {profile.lastName}
        </h2>
        <Link to={chart.exportHref} className={buttonClass({ variant: 'outline', size: 'sm' })}>
          {t('chart.exportRecord')}
        </Link>
      </div>
      {/* The tabs wrap on a narrow screen rather than scroll: every tab stays in sight. */}
      <nav aria-label={t('chart.tabsLabel')} className="flex flex-wrap gap-x-1 border-b border-border">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.href}
            preventScrollReset
            aria-current={chart.tab === tab.id ? 'page' : undefined}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium',
              chart.tab === tab.id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {chart.tab === 'notes' ? (
        <PatientNotesTab chart={chart} />
      ) : chart.tab === 'docs' ? (
        <PatientDocsTab chart={chart} uploadResult={uploadResult} />
      ) : chart.tab === 'intake' ? (
        <PatientIntakeTab chart={chart} />
      ) : chart.ai ? (
        <PatientAiTab patientId={profile.id} ai={chart.ai} lastResult={aiResult} />
      ) : (
        <PatientProfileTab chart={chart} />
      )}
    </section>
  )
}
