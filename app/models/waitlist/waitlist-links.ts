/**
 * The waitlist's addresses and form intents, without zod: the areas' menus and the booking page
 * link here without loading a schema.
 */

export const WAITLIST_PATH = '/waitlists'
export const PRACTITIONER_WAITLIST_PATH = '/practitioner/waitlists'
export const CLAIM_INTENT = 'claim'
export const DECLINE_INTENT = 'decline'
export const LEAVE_INTENT = 'leave'
export const REMOVE_INTENT = 'remove'
export const WAITLIST_SWITCH_INTENT = 'waitlist-switch'

/** The join page of a service's waitlist. */
export function joinWaitlistPath(serviceId: number) {
  return `/waitlists/join/${serviceId}`
}

/** The offer's page, as its email links it. */
export function offerPath(token: string) {
  return `/waitlist/offers/${token}`
}
