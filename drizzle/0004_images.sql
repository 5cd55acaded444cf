-- The per-account image storage ledger (docs/decisions/017-images.md). A new table, so nothing
-- else is rebuilt. Pictures uploaded before it have no row: they are not counted, and they are
-- served only as re-encoded copies.
CREATE TABLE `stored_images` (
	`name` text PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "stored_images_bytes_nonneg" CHECK("stored_images"."bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX `stored_images_owner_idx` ON `stored_images` (`owner_id`);