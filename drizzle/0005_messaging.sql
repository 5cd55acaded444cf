-- Messaging (docs/decisions/018-messaging.md): each side deletes only its own copy, the unread
-- email goes once per batch, and a message outlives either account. The last needs the
-- foreign keys from sender_id and recipient_id to users (ON DELETE CASCADE) gone, which SQLite
-- can only do by making the table again. Written by hand, not as drizzle-kit generates it:
-- its rebuild copies the new columns out of the old table, which has none, and relies on
-- `PRAGMA foreign_keys=OFF`, which does nothing inside the migrator's transaction. With foreign
-- keys on, dropping `messages` while the new table already points its `is_reply_to` at the
-- name `messages` would set every reply's link to NULL. So the rows are copied to a plain
-- table (no constraints) first, the old table is dropped (nothing else references it), the new
-- one is made under the same name and filled from the copy, ids, replies and times unchanged.
-- The AUTOINCREMENT high-water mark is kept, so no id of a deleted message is reused.
-- Messages already here are marked notified: the new email sweeper only writes about messages
-- sent after this migration, not about every old unread one at once.
CREATE TABLE `__messages_0005` AS SELECT `id`, `sender_id`, `recipient_id`, `subject`, `content`, `is_read`, `is_reply_to`, `created_at`, `updated_at` FROM `messages`;
--> statement-breakpoint
CREATE TABLE `__messages_0005_seq` AS SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'messages';
--> statement-breakpoint
DROP TABLE `messages`;
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sender_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`is_reply_to` integer,
	`deleted_by_sender_at` integer,
	`deleted_by_recipient_at` integer,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`is_reply_to`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_not_to_self" CHECK(sender_id <> recipient_id)
);
--> statement-breakpoint
INSERT INTO `messages` (`id`, `sender_id`, `recipient_id`, `subject`, `content`, `is_read`, `is_reply_to`, `notified_at`, `created_at`, `updated_at`)
SELECT `id`, `sender_id`, `recipient_id`, `subject`, `content`, `is_read`, `is_reply_to`, CAST(unixepoch('subsec') * 1000 AS integer), `created_at`, `updated_at`
FROM `__messages_0005` ORDER BY `id`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = 'messages';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`)
SELECT 'messages', max(coalesce((SELECT max(`seq`) FROM `__messages_0005_seq`), 0), coalesce((SELECT max(`id`) FROM `messages`), 0));
--> statement-breakpoint
DROP TABLE `__messages_0005`;
--> statement-breakpoint
DROP TABLE `__messages_0005_seq`;
--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`,`recipient_id`,`deleted_by_sender_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_recipient_idx` ON `messages` (`recipient_id`,`sender_id`,`deleted_by_recipient_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_recipient_unread_idx` ON `messages` (`recipient_id`,`is_read`,`deleted_by_recipient_at`,`sender_id`);--> statement-breakpoint
CREATE INDEX `messages_unnotified_idx` ON `messages` (`created_at`) WHERE is_read = 0 AND notified_at IS NULL AND deleted_by_recipient_at IS NULL;--> statement-breakpoint
CREATE INDEX `messages_reply_to_idx` ON `messages` (`is_reply_to`);
