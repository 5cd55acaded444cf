import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '~/components/forms'

const CHOICES = [
  {
    value: '',
    title: 'Solace video room',
    text: 'Each booking gets its own private room in the browser, nothing to install.',
  },
  {
    value: 'on',
    title: 'My own meeting link',
    text: 'Join Session opens the link below (for example your own Zoom room).',
  },
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
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Where sessions are held</legend>
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
              <span className="block text-sm font-semibold">{choice.title}</span>
              <span className="block text-xs text-muted-foreground">{choice.text}</span>
            </span>
          </label>
        ))}
      </div>
      <Field
        labelProps={{ children: 'Meeting link' }}
        inputProps={{ ...getInputProps(meetingLink, { type: 'url' }), placeholder: 'https://' }}
        hint="Needed for your own meeting link; with the video room, offered to a client whose browser cannot run it."
        errors={meetingLink.errors}
      />
    </fieldset>
  )
}
