import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Pagination } from '~/components/marketplace/pagination'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { translateMessage } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { INTAKE_FORMS_PATH, MAX_FORMS, TOO_MANY_FORMS } from '~/models/intake/intake-form'
import { listOwnForms, serviceChoices } from '~/models/intake/intake-forms.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { TFunction } from 'i18next'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'intake')('titles.forms') }]

/**
 * Intake Forms: the questions a practitioner asks clients before a session
 * (docs/decisions/041-intake-forms.md), each with the services that ask it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const names = new Map(serviceChoices(user.id, null).map((s) => [s.id, s.name]))
  // A page at a time, like the API (at most MAX_FORMS live forms fill one page).
  const requested = Number(new URL(request.url).searchParams.get('page') ?? 1)
  const { forms, page, pageCount, total } = listOwnForms(user.id, { page: requested })
  return {
    page,
    pageCount,
    full: total >= MAX_FORMS,
    forms: forms.map((form) => ({
      id: form.id,
      title: form.title,
      version: form.version,
      questions: form.questions.length,
      services: form.serviceIds.map((id) => names.get(id) ?? '').filter(Boolean),
      firstSessionOnly: form.firstSessionOnly,
    })),
  }
}

export default function IntakeForms() {
  const { forms, page, pageCount, full } = useLoaderData<typeof loader>()
  const { t } = useTranslation('intake')
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('list.heading')}</h1>
          <p className="text-muted-foreground">{t('list.intro')}</p>
        </div>
        <ButtonLink to={`${INTAKE_FORMS_PATH}/new`}>{t('list.new')}</ButtonLink>
      </div>
      {full ? (
        <p className="text-sm text-muted-foreground">{translateMessage(t as unknown as TFunction, TOO_MANY_FORMS)}</p>
      ) : null}
      {forms.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {forms.map((form) => (
            <li key={form.id}>
              <Card className="h-full space-y-2 p-5">
                <h2 className="font-semibold">
                  <Link to={`${INTAKE_FORMS_PATH}/${form.id}`} className="underline">
                    {form.title}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {t('list.versionQuestions', { version: form.version, count: form.questions })}
                </p>
                <p className="text-sm">
                  {form.services.length
                    ? t(form.firstSessionOnly ? 'list.askedFirst' : 'list.asked', {
                        services: form.services.join(', '),
                      })
                    : t('list.notAsked')}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card className="p-8 text-center">
          <p className="font-medium">{t('list.none')}</p>
          <p className="text-sm text-muted-foreground">{t('list.noneHint')}</p>
        </Card>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  )
}
