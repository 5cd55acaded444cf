import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/components/forms'

/** The two places, their words by key in `practice:serviceForm`. */
const CHOICES = [
  { value: '', title: 'videoRoom', text: 'videoRoomText' },
  { value: 'on', title: 'ownLink', text: 'ownLinkText' },
] as const

/**
 * Where the service's sessions are held: the Solace video room (the default) or the
 * practitioner's own meeting link. The link stays editable either way: with the room chosen it
 * is what a client without JavaScript is offered.
 */
export function MeetingPlaceFields({
  useOwnMeetingLink,
  meetingLink,
  ownLinkChosen,
}: {
  useOwnMeetingLink: FieldMetadata<boolean | undefined>
  meetingLink: FieldMetadata<string | null | undefined>
  ownLinkChosen: boolean
}) {
  const { t } = useTranslation('practice')
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{t('serviceForm.meetingPlace')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.title}
            className="flex cursor-pointer gap-3 rounded-lg border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary"
          >
            <input
              type="radio"
              name={useOwnMeetingLink.name}
              value={choice.value}
              defaultChecked={(choice.value === 'on') === ownLinkChosen}
              className="mt-1 accent-primary"
            />
            <span>
              <span className="block text-sm font-semibold">{t(`serviceForm.${choice.title}`)}</span>
              <span className="block text-xs text-muted-foreground">{t(`serviceForm.${choice.text}`)}</span>
            </span>
          </label>
        ))}
      </div>
      <Field
        labelProps={{ children: t('serviceForm.meetingLink') }}
        inputProps={{ ...getInputProps(meetingLink, { type: 'url' }), placeholder: 'https://' }}
        hint={t('serviceForm.meetingLinkHint')}
        errors={meetingLink.errors}
      />
    </fieldset>
  )
}
