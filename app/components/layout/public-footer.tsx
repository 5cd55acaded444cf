import { useTranslation } from 'react-i18next'
import { Link } from '~/components/ui/link'

const SOCIAL = [
  {
    label: 'Instagram',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  },
  { label: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8Z' },
  { label: 'X', path: 'M4 4h4.5l4 5.5L17 4h3l-6 7 6.5 9H16l-4.3-5.9L6.5 20h-3l6.7-7.8L4 4Z' },
]

export function PublicFooter() {
  const { t } = useTranslation()
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <p className="text-lg font-semibold text-primary">Solace</p>
          <p className="text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <div className="space-y-3">
          <p className="text-sm font-semibold">{t('footer.followUs')}</p>
          {/* Placeholder social links: our accounts are not open yet. */}
          <ul className="flex gap-3">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href="#top"
                  aria-label={t('footer.comingSoon', { network: s.label })}
                  className="flex size-9 items-center justify-center rounded-full bg-card text-muted-foreground hover:text-primary"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-3">
          <p className="text-sm font-semibold">{t('footer.legal')}</p>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/privacy" className="text-muted-foreground hover:text-foreground">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className="text-muted-foreground hover:text-foreground">
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">{t('footer.copyright')}</p>
    </footer>
  )
}
