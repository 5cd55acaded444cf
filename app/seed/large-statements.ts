import type Database from 'better-sqlite3'

/**
 * Prepared single-row inserts for the benchmark data set. One prepared statement run many
 * times inside one transaction is the fastest path better-sqlite3 offers, and each run hands
 * back the new row id, which the next table needs. Booleans are 0/1 and instants epoch ms,
 * exactly as drizzle stores them.
 */
export function prepareLargeInserts(sqlite: Database.Database) {
  const user = sqlite.prepare(`
    INSERT INTO users (email, password_hash, phone_number, first_name, last_name,
      profile_image_url, bio, title, is_practitioner, country, time_zone,
      stripe_account_id, stripe_account_status, onboarding_complete, created_at, updated_at)
    VALUES (@email, @passwordHash, @phoneNumber, @firstName, @lastName,
      @profileImageUrl, @bio, @title, @isPractitioner, @country, @timeZone,
      @stripeAccountId, @stripeAccountStatus, @onboardingComplete, @createdAt, @createdAt)`)
  const specialty = sqlite.prepare('INSERT INTO user_specialties (user_id, specialty, position) VALUES (?, ?, ?)')
  const service = sqlite.prepare(`
    INSERT INTO services (practitioner_id, name, description, category, price_cents,
      duration_minutes, image_url, meeting_link, details, is_active, is_free_intro,
      created_at, updated_at)
    VALUES (@practitionerId, @name, @description, @category, @priceCents,
      @durationMinutes, @imageUrl, @meetingLink, @details, @isActive, @isFreeIntro,
      @createdAt, @createdAt)`)
  const slot = sqlite.prepare(`
    INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked,
      batch_id, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
  const booking = sqlite.prepare(`
    INSERT INTO bookings (service_id, client_id, practitioner_id, time_slot_id, service_name,
      duration_minutes, start_time, end_time, status, total_amount_cents, platform_fee_cents,
      practitioner_amount_cents, is_paid, stripe_payment_intent_id, stripe_checkout_session_id,
      created_at, updated_at)
    VALUES (@serviceId, @clientId, @practitionerId, @timeSlotId, @serviceName,
      @durationMinutes, @startTime, @endTime, 'completed', @totalAmountCents, @platformFeeCents,
      @practitionerAmountCents, @isPaid, @paymentIntentId, @checkoutSessionId,
      @createdAt, @updatedAt)`)
  const payout = sqlite.prepare(`
    INSERT INTO payouts (practitioner_id, booking_id, stripe_transfer_id, amount_cents, status,
      created_at, updated_at)
    VALUES (?, ?, ?, ?, 'paid', ?, ?)`)
  const review = sqlite.prepare(`
    INSERT INTO reviews (booking_id, client_id, practitioner_id, service_id, rating, content,
      created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
  return { user, specialty, service, slot, booking, payout, review }
}

export type LargeInserts = ReturnType<typeof prepareLargeInserts>
