import { IntakeAnswerForm } from '~/components/intake/intake-answer-form'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { cn } from '~/lib/cn'
import type { IntakeForm } from '~/models/intake/intake-form'

/**
 * The builder's two tabs, Edit and Preview, each a link (`?preview=1`): the tab is in the URL,
 * so it works without JavaScript.
 */
export function BuilderTabs({ here, previewing }: { here: string; previewing: boolean }) {
  const tabs = [
    { label: 'Edit', href: here, current: !previewing },
    { label: 'Preview', href: `${here}?preview=1`, current: previewing },
  ]
  return (
    <nav aria-label="Intake form" className="flex gap-1 border-b border-border">
      {tabs.map((tab) => (
        <Link
          key={tab.label}
          to={tab.href}
          preventScrollReset
          aria-current={tab.current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
            tab.current
              ? 'border-primary text-foreground'
              : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
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
