import { useTranslation } from 'react-i18next'
import { answerText, type IntakeAnswers, type IntakeQuestion } from '~/models/intake/intake-form'

/**
 * Intake answers as a list of questions and answers: the client's summary before sending, their
 * copy of what they sent, and the practitioner's chart and export. A consent shows the statement
 * and the name it was signed with (and when, once sent: `signedAt`, in the viewer's zone).
 */
export function IntakeSummary({
  questions,
  answers,
  signedAt,
}: {
  questions: IntakeQuestion[]
  answers: IntakeAnswers
  signedAt?: string | null
}) {
  const { t } = useTranslation('intake')
  return (
    <dl className="space-y-4">
      {questions.map((question, index) => (
        <div key={question.id} className="space-y-1">
          <dt className="text-sm font-medium whitespace-pre-line">
            {t(question.kind === 'consent' ? 'summary.consent' : 'answer.label', {
              number: index + 1,
              label: question.label,
            })}
          </dt>
          <dd className="text-sm whitespace-pre-line text-muted-foreground">
            {question.kind === 'consent' && answers[question.id]
              ? t(signedAt ? 'summary.signedOn' : 'summary.signed', {
                  name: String(answers[question.id]),
                  date: signedAt,
                })
              : answerText(question, answers[question.id], t)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
