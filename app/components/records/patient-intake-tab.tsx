import { useTranslation } from 'react-i18next'
import { IntakeSummary } from '~/components/intake/intake-summary'
import type { ChartPatient } from '~/models/records/chart-links'

/**
 * The Intake tab: the intake forms this patient sent as a client before their sessions, oldest
 * first, each exactly as the version they answered asked it, with the consent's signature.
 */
export function PatientIntakeTab({ chart }: { chart: ChartPatient }) {
  const { t } = useTranslation('records')
  if (!chart.intake.length) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('intake.empty')}</p>
  }
  return (
    <ul className="space-y-4">
      {chart.intake.map((intake) => (
        <li key={intake.id} className="space-y-3 rounded-lg border border-border p-4">
          <div>
            <h3 className="font-semibold">{intake.title}</h3>
            <p className="text-sm text-muted-foreground">
              {t('intake.sent', { sentAt: intake.sentAt, service: intake.serviceName, version: intake.version })}
            </p>
          </div>
          <IntakeSummary questions={intake.questions} answers={intake.answers} signedAt={intake.signedAt} />
        </li>
      ))}
    </ul>
  )
}
