CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`windows` text DEFAULT '[]' NOT NULL,
	`time_zone` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_entries_status" CHECK(status IN ('waiting', 'booked'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_waiting_unique` ON `waitlist_entries` (`client_id`,`service_id`) WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX `waitlist_entries_service_idx` ON `waitlist_entries` (`service_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`time_slot_id` integer,
	`token` text NOT NULL,
	`state` text DEFAULT 'live' NOT NULL,
	`expires_at` integer NOT NULL,
	`booking_id` integer,
	`outbox_id` integer,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`time_slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "waitlist_offers_state" CHECK(state IN ('live', 'claimed', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_token_unique` ON `waitlist_offers` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_slot_entry_unique` ON `waitlist_offers` (`time_slot_id`,`entry_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_live_slot_unique` ON `waitlist_offers` (`time_slot_id`) WHERE state = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_live_entry_unique` ON `waitlist_offers` (`entry_id`) WHERE state = 'live';--> statement-breakpoint
CREATE INDEX `waitlist_offers_live_expiry_idx` ON `waitlist_offers` (`expires_at`) WHERE state = 'live';--> statement-breakpoint
CREATE TABLE `waitlist_closed_services` (
	`service_id` integer PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- A live offer deleted with its entry (the client's account removed, the service deleted)
-- releases the time it held, whatever deleted it: otherwise the slot would stay taken with no
-- booking and no offer behind it.
CREATE TRIGGER `waitlist_offers_release_hold` AFTER DELETE ON `waitlist_offers`
WHEN OLD.state = 'live' BEGIN
  UPDATE `time_slots` SET `is_booked` = 0, `updated_at` = (unixepoch('subsec') * 1000)
  WHERE `id` = OLD.time_slot_id AND NOT EXISTS (
    SELECT 1 FROM `bookings` WHERE `time_slot_id` = OLD.time_slot_id AND `status` IN ('pending', 'confirmed')
  );
END;
