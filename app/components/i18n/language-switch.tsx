import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/lib/cn'
import { LANGUAGE_NAMES, LANGUAGES } from '~/lib/i18n/languages'
import { useLanguage } from './use-formats'

/**
 * The other language, offered on every page's header: a form (so it works without JavaScript)
 * posting to /language, which keeps the choice and comes back to this page. The language's
 * name is written in that language, so a person who cannot read this page still finds theirs.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const location = useLocation()
  const other = LANGUAGES.find((one) => one !== language)!
  return (
    <Form method="post" action="/language" className={className} reloadDocument>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="language" value={other} />
      <button
        type="submit"
        lang={other}
        title={t('language.switchTo', { language: LANGUAGE_NAMES[other] })}
        className={cn(
          'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
        )}
      >
        {LANGUAGE_NAMES[other]}
      </button>
    </Form>
  )
}
