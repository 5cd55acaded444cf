import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { useOptionalUser } from '~/components/layout/root-data'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { LANGUAGE_NAMES, LANGUAGES } from '~/lib/i18n/languages'

/** Where the header's switch posts too: it keeps the person's choice and returns to `redirectTo`. */
const LANGUAGE_PATH = '/language'

/**
 * Both settings screens' language (docs/decisions/052-languages.md): English or French for every
 * page and email from now on, whatever the browser says. A plain form posting to /language, so
 * it works without JavaScript; the page then loads again whole, in the language chosen (the
 * page's catalogues are the server's to choose). Each language's name is written in itself, so
 * a person who cannot read this page still finds theirs. Until they choose, the one the page is
 * in is checked and the card says the browser decides.
 */
export function LanguageCard({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('account')
  const user = useOptionalUser()
  const pageLanguage = useLanguage()
  const checked = user?.language ?? pageLanguage
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription>
          {user?.language ? t('language.description') : t('language.descriptionNotChosen')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={LANGUAGE_PATH} reloadDocument className="space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <fieldset className="space-y-2">
            <legend className="sr-only">{t('language.title')}</legend>
            {LANGUAGES.map((language) => (
              <label key={language} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="language"
                  value={language}
                  defaultChecked={language === checked}
                  className="accent-primary"
                />
                <span lang={language}>{LANGUAGE_NAMES[language]}</span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" size="sm">
            {t('language.save')}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
