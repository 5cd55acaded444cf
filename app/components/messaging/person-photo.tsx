import { PLACEHOLDER_AVATAR } from '~/components/marketplace/service-card'
import { cn } from '~/lib/cn'
import type { InboxPerson } from '~/models/messaging/inbox-page'

/** A conversation partner's photo, or the placeholder when they have none. */
export function PersonPhoto({ person, className }: { person: InboxPerson; className?: string }) {
  return (
    <img
      src={person.photo ?? PLACEHOLDER_AVATAR}
      alt=""
      width={40}
      height={40}
      className={cn('size-10 shrink-0 rounded-full bg-muted object-cover', className)}
    />
  )
}
