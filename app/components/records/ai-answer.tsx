import { useTranslation } from 'react-i18next'
import Markdown from 'react-markdown'
import { AI_DEMO_LABEL, AI_DEMO_NOTICE, AI_SUMMARY_TITLE, MEDICAL_DISCLAIMER } from '~/models/records/ai-consult'
import type { ChartConsultation } from '~/models/records/chart-links'
import { useSay } from './use-say'
import type { ReactNode } from 'react'

/**
 * A link the model wrote, shown as text with its address: nothing in an answer takes a click
 * out of the app. A model can be led (by a note it was given) to write a link that looks like
 * a reference and carries data from the record to another site.
 */
function LinkAsText({ href, children }: { href?: string; children?: ReactNode }) {
  const shown = typeof children === 'string' ? children : null
  return (
    <span>
      {children}
      {href && href !== shown ? <span className="text-muted-foreground"> ({href})</span> : null}
    </span>
  )
}

/**
 * The model's Markdown, rendered safely: raw HTML is shown as text, never run (react-markdown
 * without rehype-raw), links are text (`LinkAsText`), and images are not rendered at all, so
 * an answer cannot make the browser fetch an address carrying data from the record.
 */
export function AiMarkdown({ children }: { children: string }) {
  return (
    <div className="space-y-2 text-sm leading-relaxed [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown disallowedElements={['img']} unwrapDisallowed components={{ a: LinkAsText }}>
        {children}
      </Markdown>
    </div>
  )
}

/** One consultation: the question and when, the answer, the AI's summary (collapsible), the disclaimer. */
export function AiAnswer({ consultation }: { consultation: ChartConsultation }) {
  const { t } = useTranslation('records')
  const say = useSay()
  return (
    <article aria-label={t('ai.answerLabel')} className="space-y-3 rounded-md border border-border p-3">
      <header>
        <p className="font-medium break-words">{consultation.question}</p>
        <p className="text-xs text-muted-foreground">
          {t('ai.asked', { when: consultation.askedAt })}
          {consultation.isDemo ? (
            <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs">{say(AI_DEMO_LABEL)}</span>
          ) : null}
        </p>
      </header>
      {consultation.isDemo ? <p className="text-xs text-muted-foreground">{say(AI_DEMO_NOTICE)}</p> : null}
      <AiMarkdown>{consultation.response}</AiMarkdown>
      {consultation.summary ? (
        <details className="rounded-md bg-muted p-2">
          <summary className="cursor-pointer text-sm font-medium">{say(AI_SUMMARY_TITLE)}</summary>
          <div className="mt-2">
            <AiMarkdown>{consultation.summary}</AiMarkdown>
          </div>
        </details>
      ) : null}
      <p className="text-xs text-muted-foreground">
        <strong>{t('ai.disclaimerLabel')}</strong> {say(MEDICAL_DISCLAIMER)}
      </p>
    </article>
  )
}
