import { useTranslation } from 'react-i18next'
import { IntakeAnswerForm } from '~/components/intake/intake-answer-form'
import { Card } from '~/components/ui/card'
import { LinkTabs } from '~/components/ui/link-tabs'
import type { IntakeForm } from '~/models/intake/intake-form'

/**
 * The builder's two tabs, Edit and Preview, each a link (`?preview=1`): the tab is in the URL,
 * so it works without JavaScript.
 */
export function BuilderTabs({ here, previewing }: { here: string; previewing: boolean }) {
  const { t } = useTranslation('intake')
  const tabs = [
    { key: 'edit', label: t('builder.edit'), href: here, current: !previewing },
    { key: 'preview', label: t('builder.preview'), href: `${here}?preview=1`, current: previewing },
  ]
  return <LinkTabs label={t('builder.tabsLabel')} tabs={tabs} preventScrollReset />
}

/**
 * The saved version as a client meets it: the client's own form component (one component, so the
 * preview cannot drift from it), with its buttons off, inside the same card.
 */
export function IntakePreview({ form }: { form: IntakeForm }) {
  const { t } = useTranslation('intake')
  return (
    <section aria-labelledby="intake-preview" className="space-y-3">
      <p className="text-sm text-muted-foreground">{t('builder.previewIntro', { version: form.version })}</p>
      <h2 id="intake-preview" className="text-2xl font-bold tracking-tight">
        {form.title}
      </h2>
      <Card className="p-5">
        {/* Where the client's name goes in the consent ("To agree, type your full name (...)"). */}
        <IntakeAnswerForm
          questions={form.questions}
          answers={{}}
          fullName={t('builder.previewName')}
          lastResult={null}
          preview
        />
      </Card>
    </section>
  )
}
