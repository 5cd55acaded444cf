CREATE TABLE `session_connection_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`user_id` integer,
	`side` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`value_ms` integer,
	`relay` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "session_connection_events_side" CHECK(side IN ('client', 'practitioner')),
	CONSTRAINT "session_connection_events_kind" CHECK(kind IN ('first_media', 'reconnecting', 'reconnected', 'left', 'ended', 'closed')),
	CONSTRAINT "session_connection_events_value" CHECK((kind IN ('first_media', 'reconnected')) = (value_ms IS NOT NULL) AND (value_ms IS NULL OR value_ms >= 0) AND (relay IS NULL OR kind IN ('first_media', 'reconnected')))
);
--> statement-breakpoint
CREATE INDEX `session_connection_events_booking_idx` ON `session_connection_events` (`booking_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `session_connection_events_at_idx` ON `session_connection_events` (`at`);