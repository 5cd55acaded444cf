-- Weekly hours (docs/decisions/026-weekly-hours.md), as drizzle-kit generated it from
-- app/db/schema.ts, with these comments added by hand.
--
-- 1. Blocked dates: calendar days (yyyy-MM-dd, both ends included) with no slots from weekly hours.
CREATE TABLE `blocked_dates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`first_date` text NOT NULL,
	`last_date` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "blocked_dates_order" CHECK("blocked_dates"."last_date" >= "blocked_dates"."first_date")
);
--> statement-breakpoint
CREATE INDEX `blocked_dates_practitioner_idx` ON `blocked_dates` (`practitioner_id`,`first_date`);--> statement-breakpoint
-- 2. Each service's session length and the gap after a session.
CREATE TABLE `session_lengths` (
	`service_id` integer PRIMARY KEY NOT NULL,
	`session_minutes` integer NOT NULL,
	`gap_minutes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "session_lengths_session" CHECK("session_lengths"."session_minutes" BETWEEN 15 AND 480),
	CONSTRAINT "session_lengths_gap" CHECK("session_lengths"."gap_minutes" BETWEEN 0 AND 120)
);
--> statement-breakpoint
-- 3. Generated times the practitioner deleted, so the weekly hours do not make them again.
CREATE TABLE `skipped_weekly_slots` (
	`practitioner_id` integer NOT NULL,
	`start_time` integer NOT NULL,
	PRIMARY KEY(`practitioner_id`, `start_time`),
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- 4. The ranges of each weekday's wall clock, in the zone they were saved in, one service each.
CREATE TABLE `weekly_hours` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "weekly_hours_weekday" CHECK("weekly_hours"."weekday" BETWEEN 0 AND 6),
	CONSTRAINT "weekly_hours_order" CHECK("weekly_hours"."start_minute" >= 0 AND "weekly_hours"."end_minute" > "weekly_hours"."start_minute" AND "weekly_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE INDEX `weekly_hours_practitioner_idx` ON `weekly_hours` (`practitioner_id`,`weekday`);--> statement-breakpoint
-- 5. A slot made from weekly hours is marked, so a change of hours can remove it while unbooked.
--    Existing slots are one-off or batch slots: 0.
ALTER TABLE `time_slots` ADD `is_generated` integer DEFAULT false NOT NULL;