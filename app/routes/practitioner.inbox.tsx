import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConversationView } from '~/components/messaging/conversation-view'
import { metaT } from '~/lib/i18n/meta'
import { inboxAction, loadInbox } from '~/models/messaging/inbox-page.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'messaging')('titles.practitionerInbox') }]

/** A practitioner's inbox (clients are sent to theirs, admins to their dashboard). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadInbox(request, 'practitioner')
}

/** Reply (or a first message to a client who booked) and delete-for-me, with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  return inboxAction(request, 'practitioner')
}

export default function PractitionerInboxPage() {
  const { t } = useTranslation('messaging')
  return (
    <ConversationView
      title={t('inbox.practitionerTitle')}
      description={t('inbox.practitionerDescription')}
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}
