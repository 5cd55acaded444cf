/**
 * The practitioner profile's two forms, told apart by `intent`: the page's action, the cards
 * and the lazy forms inside them all read these, so the forms need not import their cards.
 */
export const MESSAGE_INTENT = 'message'
export const REVIEW_INTENT = 'review'

/** The URL parameter that opens the review dialog, so it works (server-rendered) without JavaScript. */
export const REVIEW_PARAM = 'review'
