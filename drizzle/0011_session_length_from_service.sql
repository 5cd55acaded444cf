PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_session_lengths` (
	`service_id` integer PRIMARY KEY NOT NULL,
	`gap_minutes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "session_lengths_gap" CHECK("__new_session_lengths"."gap_minutes" BETWEEN 0 AND 120)
);
--> statement-breakpoint
INSERT INTO `__new_session_lengths`("service_id", "gap_minutes") SELECT "service_id", "gap_minutes" FROM `session_lengths`;--> statement-breakpoint
DROP TABLE `session_lengths`;--> statement-breakpoint
ALTER TABLE `__new_session_lengths` RENAME TO `session_lengths`;--> statement-breakpoint
PRAGMA foreign_keys=ON;