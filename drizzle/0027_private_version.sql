-- The signed-in pages' data version (docs/decisions/054-signed-in-pages-kept-per-person.md).
-- Written by hand around what drizzle-kit generated (the table).
--
-- 1. One row, whose number goes up with every write that a signed-in page can show: the
--    per-person render cache (server/private-cache.js) keeps a page only while it is unchanged.
--    A row of the database, so a LiteFS replica reads the same number as the primary.
CREATE TABLE `private_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "private_version_one_row" CHECK("private_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `private_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
-- 2. Coarse on purpose: every insert, update and delete of every table a person's page can read
--    bumps it, inside the writing transaction (a rolled-back write bumps nothing). Left out, as
--    no page shows them or they are written on every request: `sessions` (a kept page is keyed
--    by its session's row, read on every hit, and "last seen" is written as people browse),
--    the two version rows, the email outbox (its sweeper's sends), Stripe's event ids, the
--    receipt number counter (the receipts themselves count) and the patient access trail (shown
--    only on an opened chart, which is never kept; opening one writes it, whoever started the
--    GET). A new table a page shows needs its triggers in a new migration.
CREATE TRIGGER `private_admin_audit_log_insert` AFTER INSERT ON `admin_audit_log` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_admin_audit_log_update` AFTER UPDATE ON `admin_audit_log` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_admin_audit_log_delete` AFTER DELETE ON `admin_audit_log` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_ai_consultations_insert` AFTER INSERT ON `ai_consultations` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_ai_consultations_update` AFTER UPDATE ON `ai_consultations` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_ai_consultations_delete` AFTER DELETE ON `ai_consultations` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_blocked_dates_insert` AFTER INSERT ON `blocked_dates` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_blocked_dates_update` AFTER UPDATE ON `blocked_dates` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_blocked_dates_delete` AFTER DELETE ON `blocked_dates` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_booking_move_notices_insert` AFTER INSERT ON `booking_move_notices` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_booking_move_notices_update` AFTER UPDATE ON `booking_move_notices` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_booking_move_notices_delete` AFTER DELETE ON `booking_move_notices` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_booking_reminders_insert` AFTER INSERT ON `booking_reminders` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_booking_reminders_update` AFTER UPDATE ON `booking_reminders` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_booking_reminders_delete` AFTER DELETE ON `booking_reminders` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_bookings_insert` AFTER INSERT ON `bookings` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_bookings_update` AFTER UPDATE ON `bookings` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_bookings_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_contact_messages_insert` AFTER INSERT ON `contact_messages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_contact_messages_update` AFTER UPDATE ON `contact_messages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_contact_messages_delete` AFTER DELETE ON `contact_messages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_email_change_tokens_insert` AFTER INSERT ON `email_change_tokens` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_email_change_tokens_update` AFTER UPDATE ON `email_change_tokens` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_email_change_tokens_delete` AFTER DELETE ON `email_change_tokens` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_form_services_insert` AFTER INSERT ON `intake_form_services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_form_services_update` AFTER UPDATE ON `intake_form_services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_form_services_delete` AFTER DELETE ON `intake_form_services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_form_versions_insert` AFTER INSERT ON `intake_form_versions` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_form_versions_update` AFTER UPDATE ON `intake_form_versions` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_form_versions_delete` AFTER DELETE ON `intake_form_versions` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_forms_insert` AFTER INSERT ON `intake_forms` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_forms_update` AFTER UPDATE ON `intake_forms` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_forms_delete` AFTER DELETE ON `intake_forms` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_responses_insert` AFTER INSERT ON `intake_responses` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_responses_update` AFTER UPDATE ON `intake_responses` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_intake_responses_delete` AFTER DELETE ON `intake_responses` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_known_devices_insert` AFTER INSERT ON `known_devices` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_known_devices_update` AFTER UPDATE ON `known_devices` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_known_devices_delete` AFTER DELETE ON `known_devices` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_leads_insert` AFTER INSERT ON `leads` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_leads_update` AFTER UPDATE ON `leads` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_leads_delete` AFTER DELETE ON `leads` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_messages_insert` AFTER INSERT ON `messages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_messages_update` AFTER UPDATE ON `messages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_messages_delete` AFTER DELETE ON `messages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_package_holdings_insert` AFTER INSERT ON `package_holdings` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_package_holdings_update` AFTER UPDATE ON `package_holdings` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_package_holdings_delete` AFTER DELETE ON `package_holdings` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_packages_insert` AFTER INSERT ON `packages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_packages_update` AFTER UPDATE ON `packages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_packages_delete` AFTER DELETE ON `packages` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_passkeys_insert` AFTER INSERT ON `passkeys` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_passkeys_update` AFTER UPDATE ON `passkeys` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_passkeys_delete` AFTER DELETE ON `passkeys` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_password_reset_tokens_insert` AFTER INSERT ON `password_reset_tokens` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_password_reset_tokens_update` AFTER UPDATE ON `password_reset_tokens` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_password_reset_tokens_delete` AFTER DELETE ON `password_reset_tokens` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_documents_insert` AFTER INSERT ON `patient_documents` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_documents_update` AFTER UPDATE ON `patient_documents` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_documents_delete` AFTER DELETE ON `patient_documents` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_notes_insert` AFTER INSERT ON `patient_notes` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_notes_update` AFTER UPDATE ON `patient_notes` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_notes_delete` AFTER DELETE ON `patient_notes` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_profiles_insert` AFTER INSERT ON `patient_profiles` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_profiles_update` AFTER UPDATE ON `patient_profiles` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_patient_profiles_delete` AFTER DELETE ON `patient_profiles` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_payouts_insert` AFTER INSERT ON `payouts` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_payouts_update` AFTER UPDATE ON `payouts` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_payouts_delete` AFTER DELETE ON `payouts` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_receipts_insert` AFTER INSERT ON `receipts` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_receipts_update` AFTER UPDATE ON `receipts` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_receipts_delete` AFTER DELETE ON `receipts` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_recovery_codes_insert` AFTER INSERT ON `recovery_codes` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_recovery_codes_update` AFTER UPDATE ON `recovery_codes` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_recovery_codes_delete` AFTER DELETE ON `recovery_codes` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_reviews_insert` AFTER INSERT ON `reviews` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_reviews_update` AFTER UPDATE ON `reviews` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_reviews_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_services_insert` AFTER INSERT ON `services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_services_update` AFTER UPDATE ON `services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_services_delete` AFTER DELETE ON `services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_attendance_insert` AFTER INSERT ON `session_attendance` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_attendance_update` AFTER UPDATE ON `session_attendance` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_attendance_delete` AFTER DELETE ON `session_attendance` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_connection_events_insert` AFTER INSERT ON `session_connection_events` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_connection_events_update` AFTER UPDATE ON `session_connection_events` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_connection_events_delete` AFTER DELETE ON `session_connection_events` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_lengths_insert` AFTER INSERT ON `session_lengths` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_lengths_update` AFTER UPDATE ON `session_lengths` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_session_lengths_delete` AFTER DELETE ON `session_lengths` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_skipped_weekly_slots_insert` AFTER INSERT ON `skipped_weekly_slots` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_skipped_weekly_slots_update` AFTER UPDATE ON `skipped_weekly_slots` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_skipped_weekly_slots_delete` AFTER DELETE ON `skipped_weekly_slots` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_stored_images_insert` AFTER INSERT ON `stored_images` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_stored_images_update` AFTER UPDATE ON `stored_images` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_stored_images_delete` AFTER DELETE ON `stored_images` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_time_slots_insert` AFTER INSERT ON `time_slots` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_time_slots_update` AFTER UPDATE ON `time_slots` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_time_slots_delete` AFTER DELETE ON `time_slots` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_user_specialties_insert` AFTER INSERT ON `user_specialties` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_user_specialties_update` AFTER UPDATE ON `user_specialties` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_user_specialties_delete` AFTER DELETE ON `user_specialties` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_users_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_users_update` AFTER UPDATE ON `users` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_users_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_closed_services_insert` AFTER INSERT ON `waitlist_closed_services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_closed_services_update` AFTER UPDATE ON `waitlist_closed_services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_closed_services_delete` AFTER DELETE ON `waitlist_closed_services` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_entries_insert` AFTER INSERT ON `waitlist_entries` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_entries_update` AFTER UPDATE ON `waitlist_entries` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_entries_delete` AFTER DELETE ON `waitlist_entries` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_offers_insert` AFTER INSERT ON `waitlist_offers` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_offers_update` AFTER UPDATE ON `waitlist_offers` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_waitlist_offers_delete` AFTER DELETE ON `waitlist_offers` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_weekly_hours_insert` AFTER INSERT ON `weekly_hours` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_weekly_hours_update` AFTER UPDATE ON `weekly_hours` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `private_weekly_hours_delete` AFTER DELETE ON `weekly_hours` BEGIN
  UPDATE `private_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
