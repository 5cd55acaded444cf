import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** What the preview shows: the profile as it stands in the form, not yet saved. */
export type PreviewProfile = {
  firstName: string
  lastName: string
  title: string
  bio: string
  specialties: string[]
  /** The photo's address: the saved one, a chosen file's object URL, or none. */
  photo: string | null
}

function initials(firstName: string, lastName: string) {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?'
}

/**
 * The practitioner's profile as clients will see it, beside the My Profile form. Without
 * JavaScript it shows the saved profile; with it, it follows every change to the form.
 */
export function ProfilePreview({ draft }: { draft: PreviewProfile }) {
  const name = `${draft.firstName} ${draft.lastName}`.trim()
  const { t } = useTranslation('practice')
  return (
    <Card aria-labelledby="profile-preview-title">
      <CardHeader>
        <CardTitle id="profile-preview-title">{t('profile.preview')}</CardTitle>
        <CardDescription>{t('profile.previewDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4" data-testid="profile-preview">
        <div className="flex items-center gap-4">
          {draft.photo ? (
            <img src={draft.photo} alt="" className="size-16 rounded-full border border-border object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-full bg-secondary text-lg font-semibold text-secondary-foreground"
            >
              {initials(draft.firstName, draft.lastName)}
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{name}</p>
            {draft.title ? <p className="truncate text-sm text-muted-foreground">{draft.title}</p> : null}
          </div>
        </div>
        {draft.specialties.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('profile.previewSpecialties')}>
            {draft.specialties.map((s) => (
              <li key={s}>
                <Badge tone="outline" className="normal-case">
                  {s}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <h3 className="text-sm font-semibold">{t('profile.about')}</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{draft.bio || t('profile.noBio')}</p>
        </div>
      </CardContent>
    </Card>
  )
}
