import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { HONEYPOT_FIELD } from '~/lib/honeypot.server'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { CONTACT_FAILED_TITLE, CONTACT_SENT_TOAST, ContactSchema } from '~/models/marketplace/contact'
import { submitContactMessage } from '~/models/marketplace/contact.server'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'

const ContactForm = lazyComponent(
  () => import('~/components/marketplace/contact-form').then((module) => module.ContactForm),
  { hydrate: 'on-first-use' },
)

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'marketplace')
  return [{ title: t('titles.contact') }, { name: 'description', content: t('titles.contactDescription') }]
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return invalid(submission)
  try {
    submitContactMessage(request, submission.value, formData.get(HONEYPOT_FIELD))
  } catch (error) {
    return refused(submission, error, CONTACT_FAILED_TITLE)
  }
  return redirectWithToast('/contact', { type: 'success', ...CONTACT_SENT_TOAST })
}

/** The support cards, by their keys in the catalogue (contact.support.*). */
const SUPPORT = ['email', 'hours', 'booked'] as const

/** The questions answered, by their keys in the catalogue (contact.faq.*). */
const FAQ = ['book', 'secure', 'cancel', 'practitioner'] as const

export default function ContactPage() {
  const { t } = useTranslation('marketplace')
  const actionData = useActionData<typeof action>()
  // A new location (every submission makes one) remounts the form: empty after a message was
  // sent, refilled from the server's reply after a refusal.
  const location = useLocation()

  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('contact.heading')}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{t('contact.intro')}</p>
        </div>
      </section>

      <section className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('contact.formTitle')}</CardTitle>
            <CardDescription>{t('contact.formHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm key={location.key} lastResult={actionData?.result} />
          </CardContent>
        </Card>

        <aside className="space-y-4" aria-label={t('contact.supportLabel')}>
          {SUPPORT.map((item) => (
            <Card key={item} className="p-6">
              <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {t(`contact.support.${item}.title`)}
              </h2>
              <p className="mt-2">
                {item === 'email' ? (
                  <a href="mailto:support@solace.test" className="font-medium text-primary hover:underline">
                    support@solace.test
                  </a>
                ) : (
                  <span className="font-medium">{t(`contact.support.${item}.body`)}</span>
                )}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{t(`contact.support.${item}.note`)}</p>
            </Card>
          ))}
        </aside>
      </section>

      <section className="border-t border-border bg-muted/50" aria-labelledby="faq-heading">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight">
            {t('contact.faqTitle')}
          </h2>
          {/* <details> opens and closes without JavaScript. */}
          <div className="mt-8 space-y-3">
            {FAQ.map((item) => (
              <details key={item} className="group rounded-lg border border-border bg-card p-5 shadow-sm">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                  {t(`contact.faq.${item}.question`)}
                  <span aria-hidden="true" className="text-xl text-primary transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{t(`contact.faq.${item}.answer`)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <Toaster toast={actionData?.toast} />
    </>
  )
}
