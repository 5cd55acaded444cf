import { useTranslation } from 'react-i18next'
import { RichText } from '~/components/marketplace/rich-text'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'

/** The closing call to action of Launching Soon, with the second lead form (or the thanks). */
export function EarlyAccessSection({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('marketplace')
  return (
    <section className="bg-secondary">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold tracking-tight">{t('lead.earlyAccess.title')}</h2>
          <p className="mt-4 max-w-xl text-muted-foreground">{t('lead.earlyAccess.text')}</p>
          <p className="mt-4 text-sm text-muted-foreground">
            <RichText
              text={t('lead.earlyAccess.questions')}
              components={{ a: <Link to="/contact" className="font-medium text-primary hover:underline" /> }}
            />
          </p>
        </div>
        <Card className="p-6 sm:p-8">{children}</Card>
      </div>
    </section>
  )
}
