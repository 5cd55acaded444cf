import { type SubmissionResult } from '@conform-to/react'
import { Form, useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorList } from '~/components/forms'
import { Toaster, type ToastData } from '~/components/toaster'
import { Button, buttonClass } from '~/components/ui/button'
import { Label, Textarea } from '~/components/ui/input'
import { Link } from '~/components/ui/link'
import { useHydrated } from '~/components/use-hydrated'
import { msg } from '~/lib/i18n/message'
import {
  AI_ANALYZING,
  AI_CONSULT_COMPLETE,
  AI_CONSULT_FAILED,
  AI_CONTEXT_DISCLOSURE,
  AI_CONTEXT_TITLE,
  AI_QUESTION_MAX_LENGTH,
  AI_WAIT_HINT,
} from '~/models/records/ai-consult'
import { EVENT_STREAM, readAiConsultAnswer } from '~/models/records/ai-consult-stream'
import { AI_CONSULT_INTENT, withParam, type ChartAi } from '~/models/records/chart-links'
import { AiAnswer, AiMarkdown } from './ai-answer'
import { useSay } from './use-say'

type Streaming = { question: string; text: string }

/**
 * 'Consult the AI'. Without JavaScript the form posts and the page waits for the whole answer;
 * with it, the answer streams in from the /api twin as the model writes, then the page shows
 * the stored one. The answer stays until Clear (a link to the tab without it) or the next one.
 */
export function PatientAiTab({
  patientId,
  ai,
  lastResult,
}: {
  patientId: number
  ai: ChartAi
  lastResult: SubmissionResult<string[]> | null
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const sent = lastResult?.initialValue?.question
  const [question, setQuestion] = useState(typeof sent === 'string' ? sent : ai.question)
  const [streaming, setStreaming] = useState<Streaming | null>(null)
  const [toast, setToast] = useState<ToastData | null>(null)
  const errors = lastResult?.error?.question ?? lastResult?.error?.['']
  const { t } = useTranslation('records')
  const say = useSay()

  async function ask(text: string) {
    setStreaming({ question: text, text: '' })
    try {
      const response = await fetch(ai.apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: EVENT_STREAM },
        body: JSON.stringify({ question: text }),
      })
      const consultation = await readAiConsultAnswer(response, {
        onText: (delta) => setStreaming((s) => s && { ...s, text: s.text + delta }),
      })
      setQuestion('')
      setToast({ type: 'success', title: AI_CONSULT_COMPLETE })
      navigate(withParam(ai.href, 'consultation', consultation.id), { preventScrollReset: true })
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : AI_CONSULT_FAILED
      // The server's message is in the page's language already; the fallback is a catalogue key.
      setToast({ type: 'error', title: msg('common:toast.error'), description: message })
    } finally {
      setStreaming(null)
    }
  }

  return (
    <div className="space-y-4">
      <details className="rounded-md border border-border p-3 text-sm">
        <summary className="cursor-pointer font-medium">{say(AI_CONTEXT_TITLE)}</summary>
        <p className="mt-2 text-muted-foreground">{say(AI_CONTEXT_DISCLOSURE)}</p>
      </details>
      <Form
        method="post"
        action={ai.href}
        preventScrollReset
        className="space-y-3"
        onSubmit={(event) => {
          if (!hydrated) return
          event.preventDefault()
          if (question.trim() && !streaming) void ask(question.trim())
        }}
      >
        <input type="hidden" name="intent" value={AI_CONSULT_INTENT} />
        <input type="hidden" name="patientId" value={patientId} />
        <div className="space-y-1.5">
          <Label htmlFor="ai-question">{t('ai.questionLabel')}</Label>
          <Textarea
            id="ai-question"
            name="question"
            rows={4}
            maxLength={AI_QUESTION_MAX_LENGTH}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? 'ai-question-error' : undefined}
            placeholder={t('ai.questionPlaceholder')}
          />
          <ErrorList id="ai-question-error" errors={errors} />
        </div>
        <div>
          <p className="mb-1 text-xs text-muted-foreground">{t('ai.examplesLabel')}</p>
          <ul className="flex flex-wrap gap-2">
            {ai.examples.map((example) => (
              <li key={example.href}>
                <Link
                  to={example.href}
                  replace
                  preventScrollReset
                  className="inline-block rounded-full border border-border px-3 py-1 text-xs hover:bg-muted"
                  onClick={(event) => {
                    event.preventDefault()
                    setQuestion(example.text)
                  }}
                >
                  {example.text}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={hydrated && (!question.trim() || Boolean(streaming))}>
            {t('ai.ask')}
          </Button>
          <Link
            to={ai.href}
            preventScrollReset
            className={buttonClass({ variant: 'outline' })}
            onClick={() => setQuestion('')}
          >
            {t('ai.clear')}
          </Link>
        </div>
      </Form>
      {streaming ? (
        <section
          aria-live="polite"
          aria-label={t('ai.answerLabel')}
          className="space-y-2 rounded-md border border-border p-3"
        >
          <p className="font-medium break-words">{streaming.question}</p>
          {streaming.text ? (
            <AiMarkdown>{streaming.text}</AiMarkdown>
          ) : (
            <div role="status">
              <p className="text-sm">{say(AI_ANALYZING)}</p>
              <p className="text-xs text-muted-foreground">{say(AI_WAIT_HINT)}</p>
            </div>
          )}
        </section>
      ) : ai.result ? (
        <AiAnswer consultation={ai.result} />
      ) : null}
      {ai.earlier.length ? (
        <section aria-labelledby="earlier-consultations" className="space-y-2">
          <h3 id="earlier-consultations" className="font-semibold">
            {t('ai.earlier')}
          </h3>
          <ul className="max-h-96 space-y-2 overflow-y-auto">
            {ai.earlier.map((c) => (
              <li key={c.id}>
                <details className="rounded-md border border-border p-2">
                  <summary className="cursor-pointer text-sm">
                    <span className="font-medium">{c.question}</span>{' '}
                    <span className="text-xs text-muted-foreground">· {c.askedAt}</span>
                  </summary>
                  <div className="mt-2">
                    <AiAnswer consultation={c} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Toaster toast={toast} />
    </div>
  )
}
