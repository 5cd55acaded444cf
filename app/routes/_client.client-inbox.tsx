import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConversationView } from '~/components/messaging/conversation-view'
import { metaT } from '~/lib/i18n/meta'
import { inboxAction, loadInbox } from '~/models/messaging/inbox-page.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'messaging')('titles.clientInbox') }]

/** A client's inbox (practitioners are sent to theirs, admins to their dashboard). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadInbox(request, 'client')
}

/** Reply (or a first message) and delete-for-me, each answered on this page with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  return inboxAction(request, 'client')
}

export default function ClientInboxPage() {
  const { t } = useTranslation('messaging')
  return (
    <ConversationView
      title={t('inbox.clientTitle')}
      description={t('inbox.clientDescription')}
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}
