import { useTranslation } from 'react-i18next'
import { Card } from '~/components/ui/card'
import { VIDEO_WINDOW_DAYS, type VideoCardRow } from '~/models/sessions/video-figures'

/** How the video rooms worked in the last 30 days (from what the rooms' pages reported). */
export function VideoSessionsCard({ rows }: { rows: VideoCardRow[] }) {
  const { t } = useTranslation('admin')
  return (
    <Card className="space-y-3 p-5" data-testid="video-sessions">
      <h2 id="video-sessions-heading" className="text-lg font-semibold">
        {t('video.title', { count: VIDEO_WINDOW_DAYS })}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('video.none', { count: VIDEO_WINDOW_DAYS })}</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-labelledby="video-sessions-heading">
          {rows.map((row) => (
            <div key={row.label}>
              <dt className="text-sm font-medium text-muted-foreground">{row.label}</dt>
              <dd className="mt-1 text-xl font-bold tracking-tight">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  )
}
