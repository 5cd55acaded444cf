import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { Field } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useSchemaForm } from '~/components/use-schema-form'
import { BlockDatesSchema } from '~/models/practice/weekly-hours'

/**
 * Blocked dates (holidays): a form to block a day or a range, and the blocks still to come,
 * each with Unblock. Booked sessions on a blocked day stay; the list says how many.
 */

export const BLOCK_INTENT = 'block-dates'
export const UNBLOCK_INTENT = 'unblock-dates'

export type BlockRow = { id: number; label: string; bookedSlots: number }

export function BlockedDatesCard({
  blocks,
  today,
  lastResult,
  action,
}: {
  blocks: BlockRow[]
  today: string
  lastResult: SubmissionResult<string[]> | null
  action: string
}) {
  const pending = useIsSubmittingIntent(BLOCK_INTENT)
  const unblocking = useIsSubmittingIntent(UNBLOCK_INTENT)
  const [form, fields] = useSchemaForm(BlockDatesSchema, { id: BLOCK_INTENT, lastResult })
  const { t } = useTranslation('practice')
  return (
    <Card>
      <CardHeader>
        <CardTitle id="blocked-dates">{t('hours.blockedTitle')}</CardTitle>
        <CardDescription>{t('hours.blockedDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form method="post" action={action} className="space-y-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={BLOCK_INTENT} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              labelProps={{ children: t('hours.firstDate') }}
              inputProps={{ ...getInputProps(fields.firstDate, { type: 'date' }), min: today }}
              errors={fields.firstDate.errors}
            />
            <Field
              labelProps={{ children: t('hours.lastDate') }}
              inputProps={{ ...getInputProps(fields.lastDate, { type: 'date' }), min: today }}
              errors={fields.lastDate.errors}
            />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton pending={pending} pendingText={t('hours.blocking')} variant="outline">
            {t('hours.block')}
          </SubmitButton>
        </Form>
        {blocks.length ? (
          <ul aria-labelledby="blocked-dates" className="divide-y divide-border">
            {blocks.map((block) => (
              <li key={block.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium break-words">{block.label}</p>
                  {block.bookedSlots ? (
                    <p className="text-sm text-muted-foreground">
                      {t('hours.sessionsKept', { count: block.bookedSlots })}
                    </p>
                  ) : null}
                </div>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value={UNBLOCK_INTENT} />
                  <input type="hidden" name="blockId" value={block.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    disabled={unblocking}
                    aria-label={t('hours.unblockLabel', { dates: block.label })}
                  >
                    {t('hours.unblock')}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('hours.noBlocks')}</p>
        )}
      </CardContent>
    </Card>
  )
}
