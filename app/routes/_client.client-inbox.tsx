import { useActionData, useLoaderData } from '@remix-run/react'
import { ConversationView } from '~/components/messaging/conversation-view'
import { inboxAction, loadInbox } from '~/models/messaging/inbox-page.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'My Messages — Solace' }]

/** A client's inbox (practitioners are sent to theirs, admins to their dashboard). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadInbox(request, 'client')
}

/** Reply (or a first message) and delete-for-me, each answered on this page with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  return inboxAction(request, 'client')
}

export default function ClientInboxPage() {
  return (
    <ConversationView
      title="My Messages"
      description="View and respond to messages from practitioners"
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  )
}
