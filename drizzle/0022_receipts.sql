CREATE TABLE `receipt_counters` (
	`practitioner_id` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer,
	`client_id` integer,
	`booking_id` integer,
	`number` integer NOT NULL,
	`kind` text NOT NULL,
	`refers_to_id` integer,
	`issued_at` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`platform_fee_cents` integer NOT NULL,
	`snapshot` text NOT NULL,
	`pdf` blob,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refers_to_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "receipts_kind" CHECK(kind IN ('receipt', 'refund')),
	CONSTRAINT "receipts_number_positive" CHECK("receipts"."number" > 0),
	CONSTRAINT "receipts_amounts" CHECK("receipts"."fee_cents" + "receipts"."tax_cents" = "receipts"."total_cents" AND (kind = 'receipt') = ("receipts"."total_cents" >= 0) AND (kind = 'refund') = (refers_to_id IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_practitioner_number_unique` ON `receipts` (`practitioner_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_booking_payment_unique` ON `receipts` (`booking_id`) WHERE kind = 'receipt';--> statement-breakpoint
CREATE INDEX `receipts_client_issued_idx` ON `receipts` (`client_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `receipts_practitioner_issued_idx` ON `receipts` (`practitioner_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `receipts_refers_to_idx` ON `receipts` (`refers_to_id`);--> statement-breakpoint
-- Written by hand: drizzle-kit rebuilds a table to add a CHECK, which would drop the triggers
-- and full-text tables on users, services and bookings. The new columns carry the same checks
-- as column constraints instead.
ALTER TABLE `users` ADD `profession` text CONSTRAINT "users_profession" CHECK(profession IS NULL OR profession IN ('psychotherapist', 'counsellor', 'psychologist', 'social_worker', 'massage_therapist', 'naturopath', 'dietitian', 'nutritionist', 'chiropractor', 'physiotherapist', 'acupuncturist', 'kinesiologist', 'osteopath', 'occupational_therapist', 'yoga_therapist', 'other'));--> statement-breakpoint
ALTER TABLE `users` ADD `profession_other` text;--> statement-breakpoint
ALTER TABLE `users` ADD `regulatory_body` text;--> statement-breakpoint
ALTER TABLE `users` ADD `registration_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `business_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `business_address` text;--> statement-breakpoint
ALTER TABLE `users` ADD `gst_hst_number` text;--> statement-breakpoint
-- The public profile shows the profession, the college and the registration number: their
-- changes move the catalogue's version like the other public columns (drizzle/0009).
DROP TRIGGER `catalogue_people_update`;--> statement-breakpoint
CREATE TRIGGER `catalogue_people_update` AFTER UPDATE ON `users` WHEN
  OLD.`first_name` IS NOT NEW.`first_name` OR OLD.`last_name` IS NOT NEW.`last_name`
  OR OLD.`profile_image_url` IS NOT NEW.`profile_image_url` OR OLD.`title` IS NOT NEW.`title`
  OR OLD.`bio` IS NOT NEW.`bio` OR OLD.`rating` IS NOT NEW.`rating` OR OLD.`review_count` IS NOT NEW.`review_count`
  OR OLD.`is_practitioner` IS NOT NEW.`is_practitioner` OR OLD.`suspended_at` IS NOT NEW.`suspended_at`
  OR OLD.`onboarding_complete` IS NOT NEW.`onboarding_complete`
  OR OLD.`profession` IS NOT NEW.`profession` OR OLD.`profession_other` IS NOT NEW.`profession_other`
  OR OLD.`regulatory_body` IS NOT NEW.`regulatory_body` OR OLD.`registration_number` IS NOT NEW.`registration_number`
BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
ALTER TABLE `services` ADD `tax_kind` text DEFAULT 'none' NOT NULL CONSTRAINT "services_tax_kind" CHECK(tax_kind IN ('none', 'gst5', 'hst13', 'hst14', 'hst15', 'gst_qst'));--> statement-breakpoint
ALTER TABLE `bookings` ADD `tax_kind` text DEFAULT 'none' NOT NULL CONSTRAINT "bookings_tax_kind" CHECK(tax_kind IN ('none', 'gst5', 'hst13', 'hst14', 'hst15', 'gst_qst'));--> statement-breakpoint
ALTER TABLE `bookings` ADD `tax_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "bookings_tax_range" CHECK(tax_cents >= 0 AND tax_cents <= total_amount_cents);--> statement-breakpoint
-- An issued receipt is never rewritten: only its file may be stored, once, and its people and
-- booking set to null when their rows go (docs/decisions/049-receipts.md).
CREATE TRIGGER `receipts_immutable` BEFORE UPDATE ON `receipts`
WHEN NEW.number IS NOT OLD.number OR NEW.kind IS NOT OLD.kind OR NEW.refers_to_id IS NOT OLD.refers_to_id
  OR NEW.issued_at IS NOT OLD.issued_at OR NEW.fee_cents IS NOT OLD.fee_cents OR NEW.tax_cents IS NOT OLD.tax_cents
  OR NEW.total_cents IS NOT OLD.total_cents OR NEW.platform_fee_cents IS NOT OLD.platform_fee_cents
  OR NEW.snapshot IS NOT OLD.snapshot OR (OLD.pdf IS NOT NULL AND NEW.pdf IS NOT OLD.pdf)
  OR (NEW.practitioner_id IS NOT OLD.practitioner_id AND NEW.practitioner_id IS NOT NULL)
  OR (NEW.client_id IS NOT OLD.client_id AND NEW.client_id IS NOT NULL)
  OR (NEW.booking_id IS NOT OLD.booking_id AND NEW.booking_id IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'an issued receipt cannot be changed');
END;--> statement-breakpoint
CREATE TRIGGER `receipts_kept` BEFORE DELETE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'an issued receipt cannot be deleted');
END;
