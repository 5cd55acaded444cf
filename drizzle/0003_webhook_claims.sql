-- A delivery claims an event (`processing`, with the time) before applying it and marks it
-- `done` after, so two deliveries of one event never apply it together. Rows already here were
-- applied, hence the default.
ALTER TABLE `stripe_events` ADD `status` text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `claimed_at` integer;
