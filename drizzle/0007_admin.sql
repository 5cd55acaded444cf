-- The admin dashboard (docs/decisions/022-admin-actions.md). Written by hand around what
-- drizzle-kit generated (the audit table and the new column).
--
-- 1. Every admin action is recorded: who, what, which record, when. Neither id is a foreign key,
--    so a row keeps naming the admin and the record after either is deleted.
CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`admin_email` text NOT NULL,
	`action` text NOT NULL,
	`target_id` integer,
	`target_label` text,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "admin_audit_action" CHECK(action IN ('user_create', 'user_delete', 'user_suspend', 'user_unsuspend', 'message_read', 'message_delete', 'lead_delete', 'leads_export'))
);
--> statement-breakpoint
CREATE INDEX `admin_audit_created_idx` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_admin_idx` ON `admin_audit_log` (`admin_id`);--> statement-breakpoint
-- 2. A new cancellation reason, 'account_removed'. drizzle-kit would rebuild `bookings` for the
--    changed CHECK, but dropping that table runs its ON DELETE SET NULL actions on the reviews and
--    payouts that point at it (the migrator's transaction cannot turn foreign keys off), so only
--    the column is made again: its value is kept aside, the column (whose own CHECK goes with it)
--    dropped and added back with the new list, and the value put back. Nothing else names it.
ALTER TABLE `bookings` ADD `__cancellation_reason_0007` text;--> statement-breakpoint
UPDATE `bookings` SET `__cancellation_reason_0007` = `cancellation_reason`;--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `cancellation_reason`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancellation_reason` text CONSTRAINT "bookings_cancellation_reason" CHECK(cancellation_reason IS NULL OR cancellation_reason IN ('client', 'hold_expired', 'payment_failed', 'refunded', 'account_removed'));--> statement-breakpoint
UPDATE `bookings` SET `cancellation_reason` = `__cancellation_reason_0007`;--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `__cancellation_reason_0007`;--> statement-breakpoint
-- 3. Suspension: a suspended person cannot sign in, and a suspended practitioner is not listed.
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
-- 4. The listing rule (docs/decisions/004-the-listing-rule.md) gains "not suspended": the view
--    is made again with it, the practitioner trigger also fires on `suspended_at`, and every
--    service's `is_listed` is recomputed. The other two triggers read the view by name.
DROP VIEW `service_listing`;--> statement-breakpoint
CREATE VIEW `service_listing` AS
  SELECT s.id AS service_id,
    (s.is_active = 1 AND (s.price_cents = 0 OR u.onboarding_complete = 1) AND u.is_practitioner = 1 AND u.suspended_at IS NULL
      AND trim(coalesce(u.profile_image_url, ''), ' ' || char(9, 10, 13)) <> '' AND trim(coalesce(u.title, ''), ' ' || char(9, 10, 13)) <> '' AND trim(coalesce(u.bio, ''), ' ' || char(9, 10, 13)) <> '') AS listed
  FROM services s JOIN users u ON u.id = s.practitioner_id;
--> statement-breakpoint
DROP TRIGGER `services_listed_practitioner_update`;--> statement-breakpoint
CREATE TRIGGER `services_listed_practitioner_update` AFTER UPDATE OF is_practitioner, profile_image_url, title, bio, onboarding_complete, suspended_at ON `users` BEGIN
  UPDATE services SET is_listed = (SELECT listed FROM service_listing WHERE service_id = services.id) WHERE practitioner_id = new.id;
END;
--> statement-breakpoint
UPDATE services SET is_listed = (SELECT listed FROM service_listing WHERE service_id = services.id);
