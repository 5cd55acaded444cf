import { useRouteLoaderData } from '@remix-run/react'
import type { Language } from '~/lib/i18n/languages'
import type { PublicUser } from '~/models/accounts/user'

/**
 * What the root loader (app/root.tsx) gives every page that components read. Declared here, not
 * inferred from the loader, so components read it without importing the root route above them
 * (imports point down, decision 044); the root loader builds its answer from this type.
 */
export type RootData = {
  /** The signed-in user, or null. */
  user: PublicUser | null
  /** How many messages addressed to the signed-in person are unread (0 signed out, and for admins). */
  unreadMessages: number
  /** The page's language (docs/decisions/052-languages.md). */
  language: Language
}

/** The signed-in user (or null), from the root loader; usable by any route's component. */
export function useOptionalUser() {
  return useRouteLoaderData<RootData>('root')?.user ?? null
}

/** How many messages addressed to the signed-in person are unread (0 signed out), from the root loader. */
export function useUnreadMessageCount() {
  return useRouteLoaderData<RootData>('root')?.unreadMessages ?? 0
}
