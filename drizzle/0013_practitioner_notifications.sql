ALTER TABLE `users` ADD `email_new_bookings` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_cancellations` integer DEFAULT true NOT NULL;