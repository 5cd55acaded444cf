import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { Button, buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label } from '~/components/ui/input'
import { useHydrated } from '~/components/use-hydrated'
import {
  CALENDAR_FEED_INTENT,
  type CalendarFeedAddress,
  type CalendarFeedChange,
} from '~/models/accounts/calendar-feed'

/** One of the card's buttons: a form of its own, posting the change to the settings page. */
function ChangeButton({
  change,
  children,
  variant,
}: {
  change: CalendarFeedChange
  children: string
  variant?: 'outline'
}) {
  const { t } = useTranslation('account')
  const pending = useIsSubmittingIntent(CALENDAR_FEED_INTENT)
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={CALENDAR_FEED_INTENT} />
      <input type="hidden" name="change" value={change} />
      <SubmitButton variant={variant} size="sm" pending={pending} pendingText={t('calendarFeed.saving')}>
        {children}
      </SubmitButton>
    </Form>
  )
}

/** With JavaScript: copies the address, and says so for a moment. */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('account')
  const [copied, setCopied] = useState(false)
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(() => {
          setCopied(true)
          setTimeout(() => setCopied(false), 2000)
        })
      }
    >
      {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
    </Button>
  )
}

/**
 * The settings screens' calendar subscription (docs/decisions/035-calendar-feeds.md): the
 * private address calendars read the person's sessions from, to add, copy, reset or turn off.
 * Without JavaScript the address is selectable text and the buttons are plain forms.
 */
export function CalendarFeedCard({ feed }: { feed: CalendarFeedAddress | null }) {
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('calendarFeed.title')}</CardTitle>
        <CardDescription>{t('calendarFeed.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {feed ? (
          <>
            <div className="space-y-1.5">
              <Label htmlFor="calendar-feed-address">{t('calendarFeed.address')}</Label>
              <Input
                id="calendar-feed-address"
                readOnly
                value={feed.webcal}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <a href={feed.webcal} className={buttonClass({ size: 'sm' })}>
                {t('calendarFeed.addToCalendar')}
              </a>
              {hydrated ? <CopyButton text={feed.webcal} /> : null}
              <ChangeButton change="reset" variant="outline">
                {t('calendarFeed.resetAddress')}
              </ChangeButton>
              <ChangeButton change="stop" variant="outline">
                {t('calendarFeed.turnOff')}
              </ChangeButton>
            </div>
            <p className="text-xs text-muted-foreground">{t('calendarFeed.resetNote')}</p>
          </>
        ) : (
          <ChangeButton change="start">{t('calendarFeed.create')}</ChangeButton>
        )}
      </CardContent>
    </Card>
  )
}
