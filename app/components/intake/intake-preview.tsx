import { IntakeAnswerForm } from '~/components/intake/intake-answer-form'
import { Card } from '~/components/ui/card'
import { LinkTabs } from '~/components/ui/link-tabs'
import type { IntakeForm } from '~/models/intake/intake-form'

/**
 * The builder's two tabs, Edit and Preview, each a link (`?preview=1`): the tab is in the URL,
 * so it works without JavaScript.
 */
export function BuilderTabs({ here, previewing }: { here: string; previewing: boolean }) {
  const tabs = [
    { key: 'edit', label: 'Edit', href: here, current: !previewing },
    { key: 'preview', label: 'Preview', href: `${here}?preview=1`, current: previewing },
  ]
  return <LinkTabs label="Intake form" tabs={tabs} preventScrollReset />
}

/** Where the client's name goes in the preview's consent ("To agree, type your full name (...)"). */
const PREVIEW_NAME = 'the client’s full name'

/**
 * The saved version as a client meets it: the client's own form component (one component, so the
 * preview cannot drift from it), with its buttons off, inside the same card.
 */
export function IntakePreview({ form }: { form: IntakeForm }) {
  return (
    <section aria-labelledby="intake-preview" className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {`Version ${form.version} as your clients see it. Save your changes to see them here.`}
      </p>
      <h2 id="intake-preview" className="text-2xl font-bold tracking-tight">
        {form.title}
      </h2>
      <Card className="p-5">
        <IntakeAnswerForm questions={form.questions} answers={{}} fullName={PREVIEW_NAME} lastResult={null} preview />
      </Card>
    </section>
  )
}
