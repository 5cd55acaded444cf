CREATE TABLE `session_attendance` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`user_id` integer,
	`joined_at` integer NOT NULL,
	`left_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "session_attendance_order" CHECK("session_attendance"."left_at" IS NULL OR "session_attendance"."left_at" >= "session_attendance"."joined_at")
);
--> statement-breakpoint
CREATE INDEX `session_attendance_booking_idx` ON `session_attendance` (`booking_id`,`joined_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `session_ended_at` integer;--> statement-breakpoint
ALTER TABLE `services` ADD `use_own_meeting_link` integer DEFAULT false NOT NULL;