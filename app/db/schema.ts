import { sql } from 'drizzle-orm'
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core'
import { LANGUAGES } from '../lib/i18n/languages'
import {
  ADMIN_ACTIONS,
  AUDIT_ACTIONS,
  BOOKING_SIDES,
  BOOKING_STATUSES,
  CANCELLATION_REASONS,
  CONNECTION_EVENT_KINDS,
  PACKAGE_HOLDING_STATUSES,
  EMAIL_STATUSES,
  EXPERIENCE_VALUES,
  type INTAKE_QUESTION_KINDS,
  INTAKE_RESPONSE_STATUSES,
  LEAD_SOURCES,
  REMINDER_KINDS,
  LEAD_USER_TYPES,
  NOTE_TYPES,
  PRACTICE_TYPES,
  PROFESSIONS,
  RECEIPT_KINDS,
  SERVICE_CATEGORIES,
  TAX_KINDS,
} from './enums'

/**
 * The whole data model: the spec's entities plus our own tables.
 * Conventions: money is integer cents (`*_cents`), instants are UTC epoch milliseconds,
 * booleans are 0/1, enums and ranges are guarded by CHECK constraints.
 */

const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
}

const createdAt = timestamps.createdAt

export * from './enums'

/** `col IN ('a','b')` for CHECK constraints. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`)
}

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Always stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    title: text('title'),
    isPractitioner: integer('is_practitioner', { mode: 'boolean' }).notNull().default(false),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    /** Average review rating, kept in step with `reviews` by the review model. */
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    country: text('country').notNull().default('CA'),
    /** IANA zone used to show times to this person. */
    timeZone: text('time_zone').notNull().default('America/Toronto'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeAccountId: text('stripe_account_id'),
    stripeAccountStatus: text('stripe_account_status'),
    onboardingComplete: integer('onboarding_complete', { mode: 'boolean' }).notNull().default(false),
    /**
     * Set while an admin has suspended the account: it cannot sign in, and its services and
     * profile are not listed (the listing rule reads it, drizzle/0007_admin.sql).
     */
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    /**
     * The secret part of this person's calendar subscription address, or null while they have
     * none (app/models/accounts/calendar-feed.server.ts). Resetting it ends the old address.
     */
    calendarFeedToken: text('calendar_feed_token'),
    /** A practitioner's emails about their own bookings: one per new booking, one per cancellation. */
    emailNewBookings: integer('email_new_bookings', { mode: 'boolean' }).notNull().default(true),
    emailCancellations: integer('email_cancellations', { mode: 'boolean' }).notNull().default(true),
    /** Session reminders by email, each kind on or off: a day before, an hour before. */
    emailReminderDay: integer('email_reminder_day', { mode: 'boolean' }).notNull().default(true),
    emailReminderHour: integer('email_reminder_hour', { mode: 'boolean' }).notNull().default(true),
    /**
     * An authenticator app (TOTP, decision 042): its base32 secret, set while being set up and
     * kept once `totpEnabledAt` says a first code confirmed it; the step of the last code
     * accepted, so that no code is accepted twice.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: integer('totp_enabled_at', { mode: 'timestamp_ms' }),
    totpLastStep: integer('totp_last_step'),
    /** When a practitioner dismissed the dashboard's prompt to set up two-factor sign-in. */
    twoFactorPromptDismissedAt: integer('two_factor_prompt_dismissed_at', { mode: 'timestamp_ms' }),
    /**
     * A practitioner's professional details (issue 44), printed on their receipts: the
     * profession (`professionOther` names it when it is 'other'), the regulatory college and the
     * registration number there (also shown on the public profile), the business name and address,
     * and the GST/HST registration number without which no service may charge tax.
     */
    profession: text('profession', { enum: PROFESSIONS }),
    professionOther: text('profession_other'),
    regulatoryBody: text('regulatory_body'),
    registrationNumber: text('registration_number'),
    businessName: text('business_name'),
    businessAddress: text('business_address'),
    gstHstNumber: text('gst_hst_number'),
    /**
     * The language this person chose (settings, the header's switch, the API), or null until
     * they do: pages then follow their browser, and emails English (docs/decisions/052-languages.md).
     */
    language: text('language', { enum: LANGUAGES }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_stripe_account_unique').on(t.stripeAccountId),
    index('users_practitioner_rating_idx').on(t.isPractitioner, t.rating, t.reviewCount),
    index('users_practitioner_name_idx').on(t.isPractitioner, t.firstName, t.lastName),
    check('users_rating_range', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check('users_review_count_nonneg', sql`${t.reviewCount} >= 0`),
    check('users_country_code', sql`length(${t.country}) = 2`),
    check('users_profession', sql`profession IS NULL OR ${oneOf('profession', PROFESSIONS)}`),
  ],
)

/** A practitioner's specialties, one row each, so a specialty filter is an index lookup. */
export const userSpecialties = sqliteTable(
  'user_specialties',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialty: text('specialty').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.specialty] }), index('user_specialties_specialty_idx').on(t.specialty)],
)

/** Server-side sessions: the cookie holds only `sid`; this row is the truth. */
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sess: text('sess', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    expire: integer('expire', { mode: 'timestamp_ms' }).notNull(),
    /** Updated at most every five minutes, on the primary (the sessions list's "last seen"). */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expire_idx').on(t.expire)],
)

/** Ten single-use codes that stand in for the authenticator app; only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
)

/** WebAuthn credentials (passkeys): the id and public key the authenticator gave, and its counter. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url, as the browser reports it. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/** Browsers each account has signed in from (a hash of their `__device` id), for new-device emails. */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
)

export const services = sqliteTable(
  'services',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /**
     * The language the description is written in, and optionally the same description in the
     * other language: a reader of that language is shown the translation (decision 052).
     */
    descriptionLanguage: text('description_language', { enum: LANGUAGES }).notNull().default('en'),
    descriptionTranslation: text('description_translation'),
    category: text('category', { enum: SERVICE_CATEGORIES }).notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    imageUrl: text('image_url'),
    meetingLink: text('meeting_link'),
    /**
     * Sessions are held at the practitioner's own `meetingLink` instead of Solace's video room
     * (the room is the default; docs/decisions/039-video-rooms.md).
     */
    useOwnMeetingLink: integer('use_own_meeting_link', { mode: 'boolean' }).notNull().default(false),
    details: text('details', { mode: 'json' })
      .notNull()
      .$type<string[]>()
      .default(sql`'[]'`),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    isFreeIntro: integer('is_free_intro', { mode: 'boolean' }).notNull().default(false),
    /** The sales tax the practitioner says applies on top of the price (app/models/billing/tax.ts). */
    taxKind: text('tax_kind', { enum: TAX_KINDS }).notNull().default('none'),
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Confirmed and completed bookings, kept by the booking model: the popularity tie-break. */
    bookingCount: integer('booking_count').notNull().default(0),
    /**
     * Shown to the public: active, its practitioner's profile complete, and (when paid) the
     * practitioner able to take payments. Kept exact by triggers (drizzle/0001_browse.sql), so every
     * browse query filters on one indexed column.
     */
    isListed: integer('is_listed', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('services_practitioner_idx').on(t.practitionerId),
    index('services_listed_category_price_idx').on(t.isListed, t.category, t.priceCents),
    index('services_listed_price_idx').on(t.isListed, t.priceCents),
    index('services_listed_popularity_idx').on(t.isListed, t.rating, t.reviewCount, t.bookingCount),
    check('services_category', oneOf('category', SERVICE_CATEGORIES)),
    check('services_tax_kind', oneOf('tax_kind', TAX_KINDS)),
    check('services_price_nonneg', sql`${t.priceCents} >= 0`),
    check('services_duration_min', sql`${t.durationMinutes} >= 15`),
    check('services_rating_range', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
  ],
)

/**
 * Every uploaded picture kept in storage, with its owner and size: an account's stored bytes
 * are the sum of its rows, so the per-account cap is one indexed query, checked and reserved
 * in one transaction (docs/decisions/017-images.md). Written and deleted only by
 * app/models/images/image.server.ts, together with the file.
 */
export const storedImages = sqliteTable(
  'stored_images',
  {
    /** The file name in storage and in the URL (`<uuid>.webp`). */
    name: text('name').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    createdAt,
  },
  (t) => [index('stored_images_owner_idx').on(t.ownerId), check('stored_images_bytes_nonneg', sql`${t.bytes} >= 0`)],
)

export const timeSlots = sqliteTable(
  'time_slots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    startTime: integer('start_time', { mode: 'timestamp_ms' }).notNull(),
    endTime: integer('end_time', { mode: 'timestamp_ms' }).notNull(),
    isBooked: integer('is_booked', { mode: 'boolean' }).notNull().default(false),
    /** Slots created together by "Add Batch Slots" share this id. */
    batchId: text('batch_id'),
    /**
     * Made from the practitioner's weekly hours (app/models/practice/weekly-hours.server.ts), which
     * may remove it again while it is unbooked; otherwise an ordinary slot.
     */
    isGenerated: integer('is_generated', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('time_slots_service_start_idx').on(t.serviceId, t.startTime),
    index('time_slots_practitioner_start_idx').on(t.practitionerId, t.startTime),
    index('time_slots_batch_idx').on(t.batchId),
    check('time_slots_order', sql`${t.endTime} > ${t.startTime}`),
  ],
)

/* The waitlist (docs/decisions/050-waitlist.md). */

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'booked'] as const
export const WAITLIST_OFFER_STATES = ['live', 'claimed', 'expired', 'withdrawn'] as const
/** A stretch of the week a waitlisted client can come: weekdays (0 is Sunday) and clock times. */
export type WaitlistWindow = { days: number[]; from: string; to: string }

/**
 * A client waiting for a time of a service, in join order (`id`): at most one waiting entry per
 * client and service. `windows` are read in `time_zone` (the client's zone when they joined); none
 * means any time. An entry that took an offer is `booked` and waits no more.
 */
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    windows: text('windows', { mode: 'json' })
      .notNull()
      .$type<WaitlistWindow[]>()
      .default(sql`'[]'`),
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: WAITLIST_ENTRY_STATUSES }).notNull().default('waiting'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('waitlist_entries_waiting_unique')
      .on(t.clientId, t.serviceId)
      .where(sql`status = 'waiting'`),
    index('waitlist_entries_service_idx').on(t.serviceId, t.status, t.id),
    check('waitlist_entries_status', oneOf('status', WAITLIST_ENTRY_STATUSES)),
  ],
)

/**
 * A freed time offered to one waiting entry. While `live` (until `expires_at`) the slot is held
 * for them (`time_slots.is_booked` = 1, so nobody else can claim it); one live offer per slot and
 * per entry, and an entry is offered a slot at most once. `token` is the SHA-256 of the emailed
 * link's single-use token.
 */
export const waitlistOffers = sqliteTable(
  'waitlist_offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    /** Null once the practitioner removed the time: its link then says so. */
    timeSlotId: integer('time_slot_id').references(() => timeSlots.id, { onDelete: 'set null' }),
    token: text('token').notNull(),
    state: text('state', { enum: WAITLIST_OFFER_STATES }).notNull().default('live'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    bookingId: integer('booking_id').references((): AnySQLiteColumn => bookings.id, { onDelete: 'set null' }),
    outboxId: integer('outbox_id'),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_unique').on(t.token),
    uniqueIndex('waitlist_offers_slot_entry_unique').on(t.timeSlotId, t.entryId),
    uniqueIndex('waitlist_offers_live_slot_unique')
      .on(t.timeSlotId)
      .where(sql`state = 'live'`),
    uniqueIndex('waitlist_offers_live_entry_unique')
      .on(t.entryId)
      .where(sql`state = 'live'`),
    index('waitlist_offers_live_expiry_idx')
      .on(t.expiresAt)
      .where(sql`state = 'live'`),
    check('waitlist_offers_state', oneOf('state', WAITLIST_OFFER_STATES)),
  ],
)

/** Services whose practitioner turned their waitlist off: nobody joins, nothing is offered. */
export const waitlistClosedServices = sqliteTable('waitlist_closed_services', {
  serviceId: integer('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  createdAt,
})

/**
 * Weekly hours (docs/decisions/026-weekly-hours.md): ranges of a weekday's wall clock, in
 * `time_zone` (the practitioner's zone when they saved), each offering one service. Ranges of a
 * practitioner's day never overlap; the model checks it before saving.
 */
export const weeklyHours = sqliteTable(
  'weekly_hours',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday. */
    weekday: integer('weekday').notNull(),
    /** Minutes after midnight on the wall clock. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt,
  },
  (t) => [
    index('weekly_hours_practitioner_idx').on(t.practitionerId, t.weekday),
    check('weekly_hours_weekday', sql`${t.weekday} BETWEEN 0 AND 6`),
    check(
      'weekly_hours_order',
      sql`${t.startMinute} >= 0 AND ${t.endMinute} > ${t.startMinute} AND ${t.endMinute} <= 1440`,
    ),
  ],
)

/** A service's session length and the gap after each session, for slots made from weekly hours. */
export const sessionLengths = sqliteTable(
  'session_lengths',
  {
    serviceId: integer('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    gapMinutes: integer('gap_minutes').notNull().default(0),
  },
  (t) => [check('session_lengths_gap', sql`${t.gapMinutes} BETWEEN 0 AND 120`)],
)

/**
 * Days a practitioner is away: calendar dates (yyyy-MM-dd, both included) on the weekly hours'
 * zone. No slot is made from weekly hours on them; booked slots stay.
 */
export const blockedDates = sqliteTable(
  'blocked_dates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstDate: text('first_date').notNull(),
    lastDate: text('last_date').notNull(),
    createdAt,
  },
  (t) => [
    index('blocked_dates_practitioner_idx').on(t.practitionerId, t.firstDate),
    check('blocked_dates_order', sql`${t.lastDate} >= ${t.firstDate}`),
  ],
)

/**
 * Times a practitioner deleted from their generated slots: the weekly hours do not make them
 * again. Past ones are cleared by the next top-up.
 */
export const skippedWeeklySlots = sqliteTable(
  'skipped_weekly_slots',
  {
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: integer('start_time', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.startTime] })],
)

/**
 * Bookings outlive the accounts and services they point at: those references are set to
 * NULL on delete, and the booking keeps its own copy of what was bought (service name,
 * duration, amounts), so money records and the other party's history stay intact.
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    practitionerId: integer('practitioner_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    timeSlotId: integer('time_slot_id').references(() => timeSlots.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startTime: integer('start_time', { mode: 'timestamp_ms' }).notNull(),
    endTime: integer('end_time', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    /**
     * What the client pays: the session's fee plus `taxCents`, the tax of `taxKind` on it (both
     * copied from the service when booked). The platform fee is 5 % of the fee before tax; the
     * practitioner's amount is the rest of the fee and the whole tax (app/models/billing/tax.ts).
     */
    totalAmountCents: integer('total_amount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    taxKind: text('tax_kind', { enum: TAX_KINDS }).notNull().default('none'),
    platformFeeCents: integer('platform_fee_cents').notNull().default(0),
    practitionerAmountCents: integer('practitioner_amount_cents').notNull().default(0),
    isPaid: integer('is_paid', { mode: 'boolean' }).notNull().default(false),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    /** A pending paid booking holds its slot until this instant. */
    holdExpiresAt: integer('hold_expires_at', { mode: 'timestamp_ms' }),
    refundedAmountCents: integer('refunded_amount_cents').notNull().default(0),
    stripeRefundId: text('stripe_refund_id'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancellationReason: text('cancellation_reason', { enum: CANCELLATION_REASONS }),
    /** The practitioner's own words when they cancelled it (sent to the client). */
    cancellationNote: text('cancellation_note'),
    /** The calendar event's revision (iCalendar SEQUENCE): raised by each move and by a cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /** When the booking was last moved to another time; its reminders count from then. */
    rescheduledAt: integer('rescheduled_at', { mode: 'timestamp_ms' }),
    /**
     * Set when the practitioner moved the booking and the client has not yet accepted the new
     * time: until they do, the client may cancel with a full refund whenever it is.
     */
    movedByPractitionerAt: integer('moved_by_practitioner_at', { mode: 'timestamp_ms' }),
    /**
     * The practitioner's words with the new time they moved it to (plain text, at most 500
     * characters): shown to the client while the move waits for them, cleared once they accept
     * it or move it themselves.
     */
    moveMessage: text('move_message'),
    /** How many times it was moved, by either side: bounded (MAX_MOVES in booking/reschedule.ts). */
    moveCount: integer('move_count').notNull().default(0),
    /** The practitioner marked that the client did not attend (no refund, no review). */
    clientNoShowAt: integer('client_no_show_at', { mode: 'timestamp_ms' }),
    /** The client reported that the practitioner did not attend (sent to the admins' messages). */
    practitionerNoShowReportedAt: integer('practitioner_no_show_reported_at', { mode: 'timestamp_ms' }),
    /** The client, marked absent, told the admins they were there ("I was there"; once). */
    clientNoShowDisputedAt: integer('client_no_show_disputed_at', { mode: 'timestamp_ms' }),
    /** The practitioner ended the session in its video room: the room stays closed. */
    sessionEndedAt: integer('session_ended_at', { mode: 'timestamp_ms' }),
    notes: text('notes'),
    /** Booked with a session of this package (nothing paid on the booking itself): docs/decisions/051-packages.md. */
    packageHoldingId: integer('package_holding_id').references((): AnySQLiteColumn => packageHoldings.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('bookings_package_holding_idx').on(t.packageHoldingId),
    index('bookings_client_start_idx').on(t.clientId, t.startTime),
    index('bookings_practitioner_start_idx').on(t.practitionerId, t.startTime),
    index('bookings_practitioner_status_idx').on(t.practitionerId, t.status),
    index('bookings_status_end_idx').on(t.status, t.endTime),
    index('bookings_hold_idx').on(t.status, t.holdExpiresAt),
    index('bookings_service_idx').on(t.serviceId),
    uniqueIndex('bookings_checkout_session_unique').on(t.stripeCheckoutSessionId),
    uniqueIndex('bookings_payment_intent_unique').on(t.stripePaymentIntentId),
    // One live booking per slot, whatever the application code does.
    uniqueIndex('bookings_live_slot_unique')
      .on(t.timeSlotId)
      .where(sql`status IN ('pending', 'confirmed')`),
    check('bookings_status', oneOf('status', BOOKING_STATUSES)),
    check(
      'bookings_cancellation_reason',
      sql`cancellation_reason IS NULL OR ${oneOf('cancellation_reason', CANCELLATION_REASONS)}`,
    ),
    check('bookings_order', sql`${t.endTime} > ${t.startTime}`),
    check('bookings_sequence_nonneg', sql`${t.sequence} >= 0`),
    check('bookings_tax_kind', oneOf('tax_kind', TAX_KINDS)),
    check('bookings_tax_range', sql`${t.taxCents} >= 0 AND ${t.taxCents} <= ${t.totalAmountCents}`),
    check(
      'bookings_amounts',
      sql`${t.totalAmountCents} >= 0 AND ${t.platformFeeCents} >= 0 AND ${t.practitionerAmountCents} >= 0 AND ${t.platformFeeCents} + ${t.practitionerAmountCents} <= ${t.totalAmountCents}`,
    ),
    check(
      'bookings_refund_range',
      sql`${t.refundedAmountCents} >= 0 AND ${t.refundedAmountCents} <= ${t.totalAmountCents}`,
    ),
  ],
)

/** Automatic transfers to a practitioner's connected account, recorded from payment events. */
export const payouts = sqliteTable(
  'payouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    stripeTransferId: text('stripe_transfer_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('paid'),
    ...timestamps,
  },
  (t) => [
    index('payouts_practitioner_idx').on(t.practitionerId, t.createdAt),
    uniqueIndex('payouts_transfer_unique').on(t.stripeTransferId),
  ],
)

/**
 * The last receipt number each practitioner issued: receipts are numbered 1, 2, 3… per
 * practitioner, taken by one UPDATE in the transaction that records the payment or refund, so
 * numbers never repeat or skip (docs/decisions/049-receipts.md).
 */
export const receiptCounters = sqliteTable('receipt_counters', {
  practitionerId: integer('practitioner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
})

/**
 * Issued receipts (docs/decisions/049-receipts.md): a document, never a view. `snapshot` holds
 * everything it prints, copied when it was issued, and `pdf` the file made from it once; neither
 * changes afterwards (a trigger refuses it), so a later profile or booking change never rewrites
 * an issued receipt. A refund receipt refers to the receipt of the payment it returns, and its
 * amounts are negative. The people stay null-able: an account's removal does not unmake a
 * document the other side may need.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    refersToId: integer('refers_to_id').references((): AnySQLiteColumn => receipts.id),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    /** The amounts, negative on a refund receipt: fee + tax = total; the platform's 5 % of the fee. */
    feeCents: integer('fee_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    snapshot: text('snapshot', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    pdf: blob('pdf', { mode: 'buffer' }),
    /** A package's receipt (or its refund receipt) names the package bought instead of a booking. */
    packageHoldingId: integer('package_holding_id').references((): AnySQLiteColumn => packageHoldings.id, {
      onDelete: 'set null',
    }),
    createdAt,
  },
  (t) => [
    uniqueIndex('receipts_practitioner_number_unique').on(t.practitionerId, t.number),
    // One receipt per paid booking; refunds may be several (partial refunds).
    uniqueIndex('receipts_booking_payment_unique')
      .on(t.bookingId)
      .where(sql`kind = 'receipt'`),
    index('receipts_client_issued_idx').on(t.clientId, t.issuedAt),
    index('receipts_practitioner_issued_idx').on(t.practitionerId, t.issuedAt),
    index('receipts_refers_to_idx').on(t.refersToId),
    uniqueIndex('receipts_package_payment_unique')
      .on(t.packageHoldingId)
      .where(sql`kind = 'receipt'`),
    check('receipts_kind', oneOf('kind', RECEIPT_KINDS)),
    check('receipts_number_positive', sql`${t.number} > 0`),
    check(
      'receipts_amounts',
      sql`${t.feeCents} + ${t.taxCents} = ${t.totalCents} AND (kind = 'receipt') = (${t.totalCents} >= 0) AND (kind = 'refund') = (refers_to_id IS NOT NULL)`,
    ),
  ],
)

/**
 * A practitioner's package: `sessions` sessions of one service for `priceCents` (before tax),
 * valid `expiresInMonths` months from purchase (docs/decisions/051-packages.md). One that
 * someone bought is retired (`retiredAt`), never deleted, when its practitioner deletes it.
 */
export const packages = sqliteTable(
  'packages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    sessions: integer('sessions').notNull(),
    priceCents: integer('price_cents').notNull(),
    expiresInMonths: integer('expires_in_months').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    retiredAt: integer('retired_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    index('packages_service_idx').on(t.serviceId),
    index('packages_practitioner_idx').on(t.practitionerId),
    check('packages_sessions', sql`${t.sessions} >= 2 AND ${t.sessions} <= 50`),
    check('packages_price', sql`${t.priceCents} > 0`),
    check('packages_months', sql`${t.expiresInMonths} >= 1 AND ${t.expiresInMonths} <= 36`),
  ],
)

/**
 * A package a client bought (or is paying for: `pending`), with what was bought copied from the
 * package and its service, as a booking copies them. Its balance: `sessionsTotal` minus
 * `sessionsUsed` (booked with it) minus `sessionsRefunded` (given back as money), never below zero.
 */
export const packageHoldings = sqliteTable(
  'package_holdings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    practitionerId: integer('practitioner_id').references(() => users.id, { onDelete: 'set null' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status', { enum: PACKAGE_HOLDING_STATUSES }).notNull().default('pending'),
    sessionsTotal: integer('sessions_total').notNull(),
    sessionsUsed: integer('sessions_used').notNull().default(0),
    sessionsRefunded: integer('sessions_refunded').notNull().default(0),
    expiresInMonths: integer('expires_in_months').notNull(),
    /** What the client pays: the price plus its tax; 5 % of the price is ours, the rest and the tax the practitioner's. */
    totalAmountCents: integer('total_amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    taxKind: text('tax_kind', { enum: TAX_KINDS }).notNull().default('none'),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    practitionerAmountCents: integer('practitioner_amount_cents').notNull(),
    refundedAmountCents: integer('refunded_amount_cents').notNull().default(0),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** Set when paid: `paidAt` plus `expiresInMonths`; no session is booked with it from then. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    index('package_holdings_client_idx').on(t.clientId, t.serviceId),
    index('package_holdings_practitioner_idx').on(t.practitionerId),
    index('package_holdings_package_idx').on(t.packageId),
    uniqueIndex('package_holdings_checkout_session_unique').on(t.stripeCheckoutSessionId),
    uniqueIndex('package_holdings_payment_intent_unique').on(t.stripePaymentIntentId),
    check('package_holdings_status', oneOf('status', PACKAGE_HOLDING_STATUSES)),
    check('package_holdings_tax_kind', oneOf('tax_kind', TAX_KINDS)),
    check(
      'package_holdings_balance',
      sql`${t.sessionsUsed} >= 0 AND ${t.sessionsRefunded} >= 0 AND ${t.sessionsUsed} + ${t.sessionsRefunded} <= ${t.sessionsTotal}`,
    ),
    check(
      'package_holdings_amounts',
      sql`${t.totalAmountCents} > 0 AND ${t.taxCents} >= 0 AND ${t.platformFeeCents} >= 0 AND ${t.practitionerAmountCents} >= 0 AND ${t.platformFeeCents} + ${t.practitionerAmountCents} <= ${t.totalAmountCents}`,
    ),
    check(
      'package_holdings_refund_range',
      sql`${t.refundedAmountCents} >= 0 AND ${t.refundedAmountCents} <= ${t.totalAmountCents}`,
    ),
  ],
)

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    content: text('content').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_practitioner_created_idx').on(t.practitionerId, t.createdAt),
    index('reviews_service_idx').on(t.serviceId),
    index('reviews_client_idx').on(t.clientId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
)

/**
 * Messages between two members (docs/decisions/018-messaging.md). Each side deletes only its
 * own copy (`deleted_by_sender_at`, `deleted_by_recipient_at`); the row goes when both have.
 * `sender_id` and `recipient_id` are not foreign keys: a message outlives either account, so
 * the other person keeps their copy (shown as 'Deleted account'). Deleting an account marks
 * its side of every message deleted (`forgetMessagesOf`), and user ids are never reused
 * (AUTOINCREMENT), so an id here never comes to name someone else. Written and read only by
 * app/models/messaging/.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    senderId: integer('sender_id').notNull(),
    recipientId: integer('recipient_id').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    isReplyTo: integer('is_reply_to').references((): AnySQLiteColumn => messages.id, {
      onDelete: 'set null',
    }),
    /** When the sender deleted it from their own view. */
    deletedBySenderAt: integer('deleted_by_sender_at', { mode: 'timestamp_ms' }),
    /** When the recipient deleted it from their own view. */
    deletedByRecipientAt: integer('deleted_by_recipient_at', { mode: 'timestamp_ms' }),
    /**
     * When an unread-message email covered it (or it was settled without one, its sender's
     * account being gone): the sweeper writes once per conversation about the messages still
     * unread that no email has covered yet.
     */
    notifiedAt: integer('notified_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    // A person's side of each conversation: the conversation list scans its first column, a
    // thread reads (me, them) in order, "have they written to me" is one probe.
    index('messages_sender_idx').on(t.senderId, t.recipientId, t.deletedBySenderAt, t.createdAt),
    index('messages_recipient_idx').on(t.recipientId, t.senderId, t.deletedByRecipientAt, t.createdAt),
    // Unread counts (in all, and per conversation) read this index alone.
    index('messages_recipient_unread_idx').on(t.recipientId, t.isRead, t.deletedByRecipientAt, t.senderId),
    // What the unread-message email sweeper still has to look at.
    index('messages_unnotified_idx')
      .on(t.createdAt)
      .where(sql`is_read = 0 AND notified_at IS NULL AND deleted_by_recipient_at IS NULL`),
    // Deleting a row sets its replies' is_reply_to to NULL: found through this index.
    index('messages_reply_to_idx').on(t.isReplyTo),
    check('messages_not_to_self', sql`sender_id <> recipient_id`),
  ],
)

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    /** The session a message is about (a client's report that the practitioner did not attend). */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_booking_idx').on(t.bookingId)],
)

export const leads = sqliteTable(
  'leads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    practiceType: text('practice_type', { enum: PRACTICE_TYPES }),
    yearsOfExperience: text('years_of_experience', { enum: EXPERIENCE_VALUES }),
    userType: text('user_type', { enum: LEAD_USER_TYPES }).notNull().default('practitioner'),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('launching_soon'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    check('leads_user_type', oneOf('user_type', LEAD_USER_TYPES)),
    check('leads_source', oneOf('source', LEAD_SOURCES)),
    check('leads_practice_type', sql`practice_type IS NULL OR ${oneOf('practice_type', PRACTICE_TYPES)}`),
    check('leads_experience', sql`years_of_experience IS NULL OR ${oneOf('years_of_experience', EXPERIENCE_VALUES)}`),
  ],
)

export const patientProfiles = sqliteTable(
  'patient_profiles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Calendar date `yyyy-MM-dd` (a birthday has no time zone). */
    dateOfBirth: text('date_of_birth'),
    gender: text('gender'),
    address: text('address'),
    emergencyContact: text('emergency_contact'),
    emergencyPhone: text('emergency_phone'),
    medicalHistory: text('medical_history'),
    allergies: text('allergies'),
    medications: text('medications'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('patient_profiles_practitioner_created_idx').on(t.practitionerId, t.createdAt)],
)

export const patientNotes = sqliteTable(
  'patient_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientProfileId: integer('patient_profile_id')
      .notNull()
      .references(() => patientProfiles.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    noteType: text('note_type', { enum: NOTE_TYPES }).notNull().default('general'),
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('patient_notes_profile_created_idx').on(t.patientProfileId, t.createdAt),
    index('patient_notes_practitioner_idx').on(t.practitionerId),
    check('patient_notes_type', oneOf('note_type', NOTE_TYPES)),
  ],
)

export const patientDocuments = sqliteTable(
  'patient_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientProfileId: integer('patient_profile_id')
      .notNull()
      .references(() => patientProfiles.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Storage key of the encrypted blob. */
    fileName: text('file_name').notNull(),
    originalName: text('original_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    filePath: text('file_path').notNull(),
    description: text('description'),
    createdAt,
  },
  (t) => [
    index('patient_documents_profile_idx').on(t.patientProfileId, t.createdAt),
    index('patient_documents_practitioner_idx').on(t.practitionerId),
    check('patient_documents_size', sql`${t.fileSize} >= 0 AND ${t.fileSize} <= 10485760`),
  ],
)

export const aiConsultations = sqliteTable(
  'ai_consultations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientProfileId: integer('patient_profile_id')
      .notNull()
      .references(() => patientProfiles.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    response: text('response').notNull(),
    summary: text('summary'),
    model: text('model'),
    /** True when answered by the offline stand-in rather than a real model. */
    isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
    createdAt,
  },
  (t) => [index('ai_consultations_profile_created_idx').on(t.patientProfileId, t.createdAt)],
)

/** Who looked at or changed which patient record, and when. */
export const patientAuditLog = sqliteTable(
  'patient_audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The patient the row is about. Not a foreign key: the row and the id outlive the patient's
     * deletion (ids are AUTOINCREMENT, never reused), so the trail still says which patient
     * (docs/decisions/019-patient-records.md).
     */
    patientProfileId: integer('patient_profile_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    detail: text('detail'),
    createdAt,
  },
  (t) => [
    index('patient_audit_practitioner_created_idx').on(t.practitionerId, t.createdAt),
    index('patient_audit_profile_idx').on(t.patientProfileId),
    check('patient_audit_action', oneOf('action', AUDIT_ACTIONS)),
  ],
)

/** One question of an intake form's version, as the version keeps it (never changed after). */
export type IntakeQuestionRow = {
  id: string
  kind: (typeof INTAKE_QUESTION_KINDS)[number]
  label: string
  required: boolean
  options?: string[]
}

/**
 * A practitioner's intake form (docs/decisions/041-intake-forms.md): what it is called, whether
 * it is asked before first sessions only, and its current version. Removing one keeps it (and its
 * versions) for the answers already given: `deleted_at`.
 */
export const intakeForms = sqliteTable(
  'intake_forms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    firstSessionOnly: integer('first_session_only', { mode: 'boolean' }).notNull().default(false),
    /** The version new answers are given to (intake_form_versions.id). */
    currentVersionId: integer('current_version_id'),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('intake_forms_practitioner_idx').on(t.practitionerId)],
)

/** Every version a form had: its title and questions exactly as clients answered them. */
export const intakeFormVersions = sqliteTable(
  'intake_form_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    questions: text('questions', { mode: 'json' }).notNull().$type<IntakeQuestionRow[]>(),
    createdAt,
  },
  (t) => [uniqueIndex('intake_form_versions_number').on(t.formId, t.version)],
)

/** Which form a service asks for: at most one per service. */
export const intakeFormServices = sqliteTable(
  'intake_form_services',
  {
    serviceId: integer('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
  },
  (t) => [index('intake_form_services_form_idx').on(t.formId)],
)

/**
 * A booking's intake: the client's draft, then what they sent, against one version. Sent answers
 * join the practitioner's chart of that client (`patient_profile_id`); a chart deleted, the
 * client keeps their copy. The client's account deleted, their drafts go and sent answers stay in
 * the practitioner's record (`client_id` NULL).
 */
export const intakeResponses = sqliteTable(
  'intake_responses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => intakeFormVersions.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    patientProfileId: integer('patient_profile_id').references(() => patientProfiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: INTAKE_RESPONSE_STATUSES }).notNull().default('draft'),
    /** Question id → the answer: text, a chosen option, the options chosen, 'yes'/'no', yyyy-MM-dd, a typed name. */
    answers: text('answers', { mode: 'json' })
      .notNull()
      .$type<Record<string, string | string[]>>()
      .default(sql`'{}'`),
    /** The consent's signature: the full name as typed, and when. */
    consentName: text('consent_name'),
    consentAt: integer('consent_at', { mode: 'timestamp_ms' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** When the practitioner last asked the client to complete it. */
    remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('intake_responses_booking_unique').on(t.bookingId),
    index('intake_responses_patient_idx').on(t.patientProfileId),
    index('intake_responses_client_idx').on(t.clientId),
    check('intake_responses_status', oneOf('status', INTAKE_RESPONSE_STATUSES)),
  ],
)

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token sent by email; the token itself is never stored. */
    token: text('token').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    isUsed: integer('is_used', { mode: 'boolean' }).notNull().default(false),
    createdAt,
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_unique').on(t.token),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
)

/**
 * Asked changes of an account's email (app/models/accounts/email-change.server.ts). The
 * account keeps its email until the link sent to `new_email` is used; a row is written for
 * every request, whether or not `new_email` already has an account, so what the person is
 * shown does not depend on it (for a taken address the token is never sent).
 */
export const emailChangeTokens = sqliteTable(
  'email_change_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** SHA-256 of the token sent by email; the token itself is never stored. */
    token: text('token').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    isUsed: integer('is_used', { mode: 'boolean' }).notNull().default(false),
    createdAt,
  },
  (t) => [
    uniqueIndex('email_change_tokens_token_unique').on(t.token),
    index('email_change_tokens_user_idx').on(t.userId),
  ],
)

/**
 * Payment-provider webhook events, each applied once: a delivery claims the id (`processing`)
 * before applying it and marks it `done` after (docs/decisions/016-webhook-claims-and-retries.md).
 */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  status: text('status', { enum: ['processing', 'done'] })
    .notNull()
    .default('done'),
  /** When the delivery applying it claimed it; a claim this old is taken as abandoned. */
  claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
  processedAt: integer('processed_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
})

/** Every email the app sends; offline it is only written here and logged. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: text('attachments', { mode: 'json' })
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('logged'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** Deliveries begun; each sends the same idempotency key, so the provider sends it once. */
    attempts: integer('attempts').notNull().default(0),
    /** A queued email waits until then (a retry's back-off). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** When the delivery now `sending` began: one that never answered is taken up again later. */
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    createdAt,
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('email_outbox_to_created_idx').on(t.to, t.createdAt),
    index('email_outbox_due_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`status IN ('queued', 'sending')`),
    check('email_outbox_status', oneOf('status', EMAIL_STATUSES)),
  ],
)

/**
 * One row per reminder sent (docs/decisions/036-session-reminders.md): written in the same
 * transaction as its email's outbox row, so a reminder is claimed exactly once. Keyed by the
 * start it reminded of: a booking moved to another time is reminded of the new one.
 */
export const bookingReminders = sqliteTable(
  'booking_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    startTime: integer('start_time', { mode: 'timestamp_ms' }).notNull(),
    outboxId: integer('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('booking_reminders_once').on(t.bookingId, t.recipientId, t.kind, t.startTime),
    index('booking_reminders_recipient_idx').on(t.recipientId),
    check('booking_reminders_kind', oneOf('kind', REMINDER_KINDS)),
  ],
)

/**
 * The email telling one side of a booking that it moved, while it waits in the outbox
 * (`reschedule-emails.server.ts`): a later move rewrites that email instead of adding one, so
 * moves close together send one email, from the time last told of (`was_*`) to the latest.
 */
export const bookingMoveNotices = sqliteTable(
  'booking_move_notices',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    recipient: text('recipient', { enum: ['client', 'practitioner'] }).notNull(),
    outboxId: integer('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    wasStart: integer('was_start', { mode: 'timestamp_ms' }).notNull(),
    wasEnd: integer('was_end', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.recipient] }),
    check('booking_move_notices_recipient', oneOf('recipient', ['client', 'practitioner'])),
  ],
)

/**
 * Who was in a booking's video room, when: one row each time a person joined, closed when they
 * left (ids and times only; docs/decisions/039-video-rooms.md). Kept with the booking.
 */
export const sessionAttendance = sqliteTable(
  'session_attendance',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull(),
    leftAt: integer('left_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('session_attendance_booking_idx').on(t.bookingId, t.joinedAt),
    check('session_attendance_order', sql`${t.leftAt} IS NULL OR ${t.leftAt} >= ${t.joinedAt}`),
  ],
)

/**
 * How a video room's connection went for each of its two people, nothing private: no media, no
 * address, no device (docs/decisions/039-video-rooms.md). One row per event the room's page
 * reports (`CONNECTION_EVENT_KINDS`): `value_ms` is the time to first media from the page's join,
 * or a reconnection's duration; `relay` whether the selected candidate pair went through TURN.
 * Written only by app/models/sessions/connection-events.server.ts (bounded per person and
 * session); read by the admin dashboard's figures and the metrics.
 */
export const sessionConnectionEvents = sqliteTable(
  'session_connection_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side', { enum: BOOKING_SIDES }).notNull(),
    kind: text('kind', { enum: CONNECTION_EVENT_KINDS }).notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    valueMs: integer('value_ms'),
    relay: integer('relay', { mode: 'boolean' }),
  },
  (t) => [
    index('session_connection_events_booking_idx').on(t.bookingId, t.userId),
    index('session_connection_events_at_idx').on(t.at),
    check('session_connection_events_side', oneOf('side', BOOKING_SIDES)),
    check('session_connection_events_kind', oneOf('kind', CONNECTION_EVENT_KINDS)),
    // A time for the first media and a reconnection's end, and only for them; a relay likewise.
    check(
      'session_connection_events_value',
      sql`(kind IN ('first_media', 'reconnected')) = (value_ms IS NOT NULL) AND (value_ms IS NULL OR value_ms >= 0) AND (relay IS NULL OR kind IN ('first_media', 'reconnected'))`,
    ),
  ],
)

/**
 * Every admin action: who (the admin's id and, as it was then, their email), what, which record
 * (its id and a short label naming it, as it was then) and when
 * (docs/decisions/022-admin-actions.md). Neither id is a foreign key: a row keeps naming the
 * admin and the record after either is deleted, and ids are AUTOINCREMENT, never reused.
 * Written only by app/models/admin/audit.server.ts, inside the action's own transaction. Never
 * holds a password or a message's text.
 */
export const adminAuditLog = sqliteTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminId: integer('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    targetId: integer('target_id'),
    targetLabel: text('target_label'),
    detail: text('detail'),
    createdAt,
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_admin_idx').on(t.adminId),
    check('admin_audit_action', oneOf('action', ADMIN_ACTIONS)),
  ],
)

/**
 * One row whose `version` goes up with every write the public catalogue pages show (services,
 * practitioners' public columns, specialties, time slots, bookings, reviews): triggers bump it
 * inside the writing transaction, so the in-process render cache and memoised counts compare
 * it per request, and a LiteFS replica reads the same number from its replicated database
 * (drizzle/0009_catalogue_version.sql, docs/decisions/027-render-cache.md).
 */
export const catalogueVersion = sqliteTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
)

/**
 * One row whose `version` goes up with every write a signed-in page can show (every table but
 * `sessions`, the two versions, the email outbox, Stripe's event ids, the receipt counter and
 * the patient access trail):
 * triggers bump it inside the writing transaction, and the per-person render cache keeps a page
 * only while it is unchanged (drizzle/0027_private_version.sql,
 * docs/decisions/054-signed-in-pages-kept-per-person.md).
 */
export const privateVersion = sqliteTable(
  'private_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('private_version_one_row', sql`${t.id} = 1`)],
)
