/**
 * The pictures shown when a service or a person has none. A module of their own, so a page
 * that shows them (the booking page, held to a JavaScript budget) does not load the service
 * card's code with them.
 */
export const PLACEHOLDER_SERVICE_IMAGE = '/images/placeholder-service.svg'
export const PLACEHOLDER_AVATAR = '/images/placeholder-avatar.svg'
