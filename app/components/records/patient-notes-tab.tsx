import { useTranslation } from 'react-i18next'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { LockIcon } from '~/components/ui/icons'
import { Link } from '~/components/ui/link'
import type { ChartPatient } from '~/models/records/chart-links'

/** The Notes tab: the count, Add Note, and each note with its category, date, lock if private, edit and delete. */
export function PatientNotesTab({ chart }: { chart: ChartPatient }) {
  const { t } = useTranslation('records')
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t('notes.heading', { count: chart.notes.length })}</h3>
        <ButtonLink to={chart.newNoteHref} preventScrollReset size="sm">
          {t('notes.add')}
        </ButtonLink>
      </div>
      {chart.notes.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('notes.empty')}</p>
      ) : (
        <ul className="max-h-96 space-y-3 overflow-y-auto" aria-label={t('notes.label')}>
          {chart.notes.map((note) => (
            <li key={note.id} data-testid="note" className="rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="min-w-0 font-medium break-words">{note.title}</h4>
                <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                  {note.categoryLabel}
                </span>
                {note.isPrivate ? (
                  <span
                    className="inline-flex items-center gap-1 text-xs text-muted-foreground"
                    title={t('notes.privateTitle')}
                  >
                    <LockIcon className="size-3.5" /> {t('notes.private')}
                  </span>
                ) : null}
                <span className="ml-auto text-xs text-muted-foreground">{note.date}</span>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-wrap">{note.content}</p>
              <div className="mt-2 flex justify-end gap-2">
                <Link
                  to={note.editHref}
                  preventScrollReset
                  aria-label={t('notes.editNamed', { title: note.title })}
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                >
                  {t('notes.edit')}
                </Link>
                <Link
                  to={note.deleteHref}
                  preventScrollReset
                  aria-label={t('notes.deleteNamed', { title: note.title })}
                  className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                >
                  {t('notes.delete')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
