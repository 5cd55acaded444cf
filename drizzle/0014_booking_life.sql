-- 1. bookings: a new cancellation reason, 'practitioner'. As in 0007, only the column is made
--    again (its value kept aside, the column and its CHECK dropped and added back with the new
--    list, the value put back): rebuilding the table would drop it, and with it clear the
--    references reviews and payouts hold to their bookings.
ALTER TABLE `bookings` ADD `__cancellation_reason_0014` text;--> statement-breakpoint
UPDATE `bookings` SET `__cancellation_reason_0014` = `cancellation_reason`;--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `cancellation_reason`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancellation_reason` text CONSTRAINT "bookings_cancellation_reason" CHECK(cancellation_reason IS NULL OR cancellation_reason IN ('client', 'hold_expired', 'payment_failed', 'refunded', 'account_removed', 'practitioner'));--> statement-breakpoint
UPDATE `bookings` SET `cancellation_reason` = `__cancellation_reason_0014`;--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `__cancellation_reason_0014`;--> statement-breakpoint
-- 2. bookings: the practitioner's reason, the calendar revision, moves and absences.
ALTER TABLE `bookings` ADD `cancellation_note` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `sequence` integer DEFAULT 0 NOT NULL CONSTRAINT "bookings_sequence_nonneg" CHECK(sequence >= 0);--> statement-breakpoint
ALTER TABLE `bookings` ADD `rescheduled_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `moved_by_practitioner_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `client_no_show_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `practitioner_no_show_reported_at` integer;--> statement-breakpoint
-- A cancellation was the first revision of its calendar event (the feed said SEQUENCE:1).
UPDATE `bookings` SET `sequence` = 1 WHERE `status` = 'cancelled';--> statement-breakpoint
-- 3. email_outbox: queued and sending, for emails delivered (and retried) after their
--    transaction. Nothing refers to this table yet, so it is rebuilt whole.
CREATE TABLE `__new_email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'logged' NOT NULL,
	`provider_message_id` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`claimed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	CONSTRAINT "email_outbox_status" CHECK(status IN ('queued', 'sending', 'logged', 'sent', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_email_outbox`("id", "to", "subject", "text", "html", "attachments", "status", "provider_message_id", "error", "created_at", "sent_at") SELECT "id", "to", "subject", "text", "html", "attachments", "status", "provider_message_id", "error", "created_at", "sent_at" FROM `email_outbox`;--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `__new_email_outbox` RENAME TO `email_outbox`;--> statement-breakpoint
CREATE INDEX `email_outbox_to_created_idx` ON `email_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`) WHERE status IN ('queued', 'sending');--> statement-breakpoint
-- 4. A contact message may be about a booking; reminders per kind; the reminders sent.
ALTER TABLE `contact_messages` ADD `booking_id` integer REFERENCES `bookings`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `contact_messages_booking_idx` ON `contact_messages` (`booking_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_reminder_day` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_reminder_hour` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE `booking_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`kind` text NOT NULL,
	`start_time` integer NOT NULL,
	`outbox_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outbox_id`) REFERENCES `email_outbox`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_reminders_kind" CHECK(kind IN ('day', 'hour'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_reminders_once` ON `booking_reminders` (`booking_id`,`recipient_id`,`kind`,`start_time`);--> statement-breakpoint
CREATE INDEX `booking_reminders_recipient_idx` ON `booking_reminders` (`recipient_id`);
