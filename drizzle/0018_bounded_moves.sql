CREATE TABLE `booking_move_notices` (
	`booking_id` integer NOT NULL,
	`recipient` text NOT NULL,
	`outbox_id` integer,
	`was_start` integer NOT NULL,
	`was_end` integer NOT NULL,
	PRIMARY KEY(`booking_id`, `recipient`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outbox_id`) REFERENCES `email_outbox`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_move_notices_recipient" CHECK(recipient IN ('client', 'practitioner'))
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `move_count` integer DEFAULT 0 NOT NULL;