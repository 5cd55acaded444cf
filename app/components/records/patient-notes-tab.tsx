import { ButtonLink, buttonClass } from '~/components/ui/button'
import { LockIcon } from '~/components/ui/icons'
import { Link } from '~/components/ui/link'
import type { ChartPatient } from '~/models/records/chart-links'

/** The Notes tab: the count, Add Note, and each note with its category, date, lock if private, edit and delete. */
export function PatientNotesTab({ chart }: { chart: ChartPatient }) {
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">Notes ({chart.notes.length})</h3>
        <ButtonLink to={chart.newNoteHref} preventScrollReset size="sm">
          Add Note
        </ButtonLink>
      </div>
      {chart.notes.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No notes yet</p>
      ) : (
        <ul className="max-h-96 space-y-3 overflow-y-auto" aria-label="Notes">
          {chart.notes.map((note) => (
            <li key={note.id} data-testid="note" className="rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="min-w-0 font-medium break-words">{note.title}</h4>
                <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                  {note.categoryLabel}
                </span>
                {note.isPrivate ? (
                  <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" title="Private note">
                    <LockIcon className="size-3.5" /> Private
                  </span>
                ) : null}
                <span className="ml-auto text-xs text-muted-foreground">{note.date}</span>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-wrap">{note.content}</p>
              <div className="mt-2 flex justify-end gap-2">
                <Link
                  to={note.editHref}
                  preventScrollReset
                  aria-label={`Edit ${note.title}`}
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                >
                  Edit
                </Link>
                <Link
                  to={note.deleteHref}
                  preventScrollReset
                  aria-label={`Delete ${note.title}`}
                  className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
