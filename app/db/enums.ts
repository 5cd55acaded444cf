/**
 * The fixed value lists of the data model. Plain constants with no drizzle
 * import, so browser code can use them; the schema builds its CHECK constraints from them.
 */

export const SERVICE_CATEGORIES = [
  'Yoga',
  'Meditation',
  'Nutrition',
  'Mental Wellness',
  'Fitness',
  'Holistic Health',
  'Other',
] as const
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const
/**
 * Why a booking was cancelled: by its client, its unpaid hold ran out, its payment failed, its
 * payment was refunded in full, an admin removed the client's or practitioner's account
 * (refunding it in full first), or its practitioner called it off (with a reason, refunded in
 * full). A late payment may revive only a hold that ran out or a failed payment.
 */
export const CANCELLATION_REASONS = [
  'client',
  'hold_expired',
  'payment_failed',
  'refunded',
  'account_removed',
  'practitioner',
] as const
/** The reminders a session sends each person: a day before it and an hour before it. */
export const REMINDER_KINDS = ['day', 'hour'] as const
/** The kinds of question an intake form asks (docs/decisions/041-intake-forms.md). */
export const INTAKE_QUESTION_KINDS = ['short', 'paragraph', 'single', 'multiple', 'yesno', 'date', 'consent'] as const
export const INTAKE_RESPONSE_STATUSES = ['draft', 'sent'] as const
export const NOTE_TYPES = ['general', 'assessment', 'treatment', 'followup'] as const
export const LEAD_USER_TYPES = ['practitioner', 'patient'] as const
export const LEAD_SOURCES = ['launching_soon', 'contact_form', 'referral', 'social_media', 'other'] as const
export const PRACTICE_TYPES = [
  'naturopath',
  'nutritionist',
  'mental-health',
  'yoga',
  'acupuncture',
  'chiropractic',
  'massage',
  'counseling',
  'life-coaching',
  'other',
] as const
export const EXPERIENCE_VALUES = ['new', '1-2', '3-5', '5-10', '10+'] as const
/**
 * An email in the outbox: `queued` (waiting for its next attempt), `sending` (claimed by a
 * delivery that has not answered yet), then `logged` (offline: the row and the log are the
 * delivery), `sent` (the provider took it) or `failed` (every attempt failed).
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'logged', 'sent', 'failed'] as const
export const AUDIT_ACTIONS = [
  'view',
  'create',
  'update',
  'delete',
  'note_create',
  'note_update',
  'note_delete',
  'document_upload',
  'document_download',
  'document_delete',
  'ai_consult',
  'intake_received',
] as const
/** What an admin did, one row each in `admin_audit_log` (docs/decisions/022-admin-actions.md). */
export const ADMIN_ACTIONS = [
  'user_create',
  'user_delete',
  'user_suspend',
  'user_unsuspend',
  'message_read',
  'message_delete',
  'lead_delete',
  'leads_export',
] as const
/**
 * The professions a practitioner can name on their profile and receipts (issue 44): the
 * regulated and usual wellness professions in Canada that extended health plans reimburse,
 * and 'other', which the practitioner then names themselves. Labels live in
 * app/models/practice/professions.ts.
 */
export const PROFESSIONS = [
  'psychotherapist',
  'counsellor',
  'psychologist',
  'social_worker',
  'massage_therapist',
  'naturopath',
  'dietitian',
  'nutritionist',
  'chiropractor',
  'physiotherapist',
  'acupuncturist',
  'kinesiologist',
  'osteopath',
  'occupational_therapist',
  'yoga_therapist',
  'other',
] as const
/**
 * The sales tax a practitioner says applies to a service (issue 44): none (the default), GST,
 * HST at each province's rate, or GST with Québec's QST. Rates and names are in
 * app/models/billing/tax.ts.
 */
export const TAX_KINDS = ['none', 'gst5', 'hst13', 'hst14', 'hst15', 'gst_qst'] as const
/** A receipt for a payment, or a refund receipt that refers to one. */
export const RECEIPT_KINDS = ['receipt', 'refund'] as const
/** A bought package: `pending` while its Checkout is open, `paid` once the payment landed. */
export const PACKAGE_HOLDING_STATUSES = ['pending', 'paid'] as const
/**
 * What a video room's page reports of its connection (docs/decisions/039-video-rooms.md): the
 * first remote picture or sound (ms from its join), a reconnection's start and its end (with its
 * duration), and how the page's call ended (Leave, the practitioner's End, the page closed).
 * Joins are session_attendance's.
 */
export const CONNECTION_EVENT_KINDS = ['first_media', 'reconnecting', 'reconnected', 'left', 'ended', 'closed'] as const
/** The two people of a booking. */
export const BOOKING_SIDES = ['client', 'practitioner'] as const
