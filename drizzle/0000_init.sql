CREATE TABLE `ai_consultations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_profile_id` integer NOT NULL,
	`practitioner_id` integer NOT NULL,
	`question` text NOT NULL,
	`response` text NOT NULL,
	`summary` text,
	`model` text,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`patient_profile_id`) REFERENCES `patient_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_consultations_profile_created_idx` ON `ai_consultations` (`patient_profile_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_id` integer,
	`client_id` integer,
	`practitioner_id` integer,
	`time_slot_id` integer,
	`service_name` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_amount_cents` integer DEFAULT 0 NOT NULL,
	`platform_fee_cents` integer DEFAULT 0 NOT NULL,
	`practitioner_amount_cents` integer DEFAULT 0 NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`stripe_payment_intent_id` text,
	`stripe_checkout_session_id` text,
	`hold_expires_at` integer,
	`refunded_amount_cents` integer DEFAULT 0 NOT NULL,
	`stripe_refund_id` text,
	`cancelled_at` integer,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`time_slot_id`) REFERENCES `time_slots`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bookings_status" CHECK(status IN ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_order" CHECK("bookings"."end_time" > "bookings"."start_time"),
	CONSTRAINT "bookings_amounts" CHECK("bookings"."total_amount_cents" >= 0 AND "bookings"."platform_fee_cents" >= 0 AND "bookings"."practitioner_amount_cents" >= 0 AND "bookings"."platform_fee_cents" + "bookings"."practitioner_amount_cents" <= "bookings"."total_amount_cents"),
	CONSTRAINT "bookings_refund_range" CHECK("bookings"."refunded_amount_cents" >= 0 AND "bookings"."refunded_amount_cents" <= "bookings"."total_amount_cents")
);
--> statement-breakpoint
CREATE INDEX `bookings_client_start_idx` ON `bookings` (`client_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_practitioner_start_idx` ON `bookings` (`practitioner_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_status_end_idx` ON `bookings` (`status`,`end_time`);--> statement-breakpoint
CREATE INDEX `bookings_hold_idx` ON `bookings` (`status`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `bookings_service_idx` ON `bookings` (`service_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_checkout_session_unique` ON `bookings` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_payment_intent_unique` ON `bookings` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_live_slot_unique` ON `bookings` (`time_slot_id`) WHERE status IN ('pending', 'confirmed');--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'logged' NOT NULL,
	`provider_message_id` text,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	CONSTRAINT "email_outbox_status" CHECK(status IN ('logged', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to_created_idx` ON `email_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`country_code` text NOT NULL,
	`phone_number` text NOT NULL,
	`practice_type` text,
	`years_of_experience` text,
	`user_type` text DEFAULT 'practitioner' NOT NULL,
	`source` text DEFAULT 'launching_soon' NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "leads_user_type" CHECK(user_type IN ('practitioner', 'patient')),
	CONSTRAINT "leads_source" CHECK(source IN ('launching_soon', 'contact_form', 'referral', 'social_media', 'other')),
	CONSTRAINT "leads_practice_type" CHECK(practice_type IS NULL OR practice_type IN ('naturopath', 'nutritionist', 'mental-health', 'yoga', 'acupuncture', 'chiropractic', 'massage', 'counseling', 'life-coaching', 'other')),
	CONSTRAINT "leads_experience" CHECK(years_of_experience IS NULL OR years_of_experience IN ('new', '1-2', '3-5', '5-10', '10+'))
);
--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sender_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`is_reply_to` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`is_reply_to`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_recipient_created_idx` ON `messages` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_sender_created_idx` ON `messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_recipient_unread_idx` ON `messages` (`recipient_id`,`is_read`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`is_used` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_unique` ON `password_reset_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `patient_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`patient_profile_id` integer,
	`action` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`patient_profile_id`) REFERENCES `patient_profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "patient_audit_action" CHECK(action IN ('view', 'create', 'update', 'delete', 'note_create', 'note_update', 'note_delete', 'document_upload', 'document_download', 'document_delete', 'ai_consult'))
);
--> statement-breakpoint
CREATE INDEX `patient_audit_practitioner_created_idx` ON `patient_audit_log` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `patient_audit_profile_idx` ON `patient_audit_log` (`patient_profile_id`);--> statement-breakpoint
CREATE TABLE `patient_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_profile_id` integer NOT NULL,
	`practitioner_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`original_name` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_path` text NOT NULL,
	`description` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`patient_profile_id`) REFERENCES `patient_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "patient_documents_size" CHECK("patient_documents"."file_size" >= 0 AND "patient_documents"."file_size" <= 10485760)
);
--> statement-breakpoint
CREATE INDEX `patient_documents_profile_idx` ON `patient_documents` (`patient_profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `patient_documents_practitioner_idx` ON `patient_documents` (`practitioner_id`);--> statement-breakpoint
CREATE TABLE `patient_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_profile_id` integer NOT NULL,
	`practitioner_id` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`note_type` text DEFAULT 'general' NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`patient_profile_id`) REFERENCES `patient_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "patient_notes_type" CHECK(note_type IN ('general', 'assessment', 'treatment', 'followup'))
);
--> statement-breakpoint
CREATE INDEX `patient_notes_profile_created_idx` ON `patient_notes` (`patient_profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `patient_notes_practitioner_idx` ON `patient_notes` (`practitioner_id`);--> statement-breakpoint
CREATE TABLE `patient_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text,
	`phone` text,
	`date_of_birth` text,
	`gender` text,
	`address` text,
	`emergency_contact` text,
	`emergency_phone` text,
	`medical_history` text,
	`allergies` text,
	`medications` text,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `patient_profiles_practitioner_created_idx` ON `patient_profiles` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`booking_id` integer,
	`stripe_transfer_id` text,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'paid' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payouts_practitioner_idx` ON `payouts` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_transfer_unique` ON `payouts` (`stripe_transfer_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer,
	`client_id` integer NOT NULL,
	`practitioner_id` integer NOT NULL,
	`service_id` integer,
	`rating` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_practitioner_created_idx` ON `reviews` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_service_idx` ON `reviews` (`service_id`);--> statement-breakpoint
CREATE INDEX `reviews_client_idx` ON `reviews` (`client_id`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`image_url` text,
	`meeting_link` text,
	`details` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_free_intro` integer DEFAULT false NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "services_category" CHECK(category IN ('Yoga', 'Meditation', 'Nutrition', 'Mental Wellness', 'Fitness', 'Holistic Health', 'Other')),
	CONSTRAINT "services_price_nonneg" CHECK("services"."price_cents" >= 0),
	CONSTRAINT "services_duration_min" CHECK("services"."duration_minutes" >= 15),
	CONSTRAINT "services_rating_range" CHECK("services"."rating" >= 0 AND "services"."rating" <= 5)
);
--> statement-breakpoint
CREATE INDEX `services_practitioner_idx` ON `services` (`practitioner_id`);--> statement-breakpoint
CREATE INDEX `services_active_category_price_idx` ON `services` (`is_active`,`category`,`price_cents`);--> statement-breakpoint
CREATE INDEX `services_active_price_idx` ON `services` (`is_active`,`price_cents`);--> statement-breakpoint
CREATE INDEX `services_active_popularity_idx` ON `services` (`is_active`,`rating`,`review_count`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `time_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`service_id` integer,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`is_booked` integer DEFAULT false NOT NULL,
	`batch_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "time_slots_order" CHECK("time_slots"."end_time" > "time_slots"."start_time")
);
--> statement-breakpoint
CREATE INDEX `time_slots_service_start_idx` ON `time_slots` (`service_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `time_slots_practitioner_start_idx` ON `time_slots` (`practitioner_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `time_slots_batch_idx` ON `time_slots` (`batch_id`);--> statement-breakpoint
CREATE TABLE `user_specialties` (
	`user_id` integer NOT NULL,
	`specialty` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `specialty`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_specialties_specialty_idx` ON `user_specialties` (`specialty`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone_number` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`profile_image_url` text,
	`bio` text,
	`title` text,
	`is_practitioner` integer DEFAULT false NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`country` text DEFAULT 'CA' NOT NULL,
	`time_zone` text DEFAULT 'America/Toronto' NOT NULL,
	`stripe_customer_id` text,
	`stripe_account_id` text,
	`stripe_account_status` text,
	`onboarding_complete` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_rating_range" CHECK("users"."rating" >= 0 AND "users"."rating" <= 5),
	CONSTRAINT "users_review_count_nonneg" CHECK("users"."review_count" >= 0),
	CONSTRAINT "users_country_code" CHECK(length("users"."country") = 2)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_stripe_account_unique` ON `users` (`stripe_account_id`);--> statement-breakpoint
CREATE INDEX `users_practitioner_rating_idx` ON `users` (`is_practitioner`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `users_practitioner_name_idx` ON `users` (`is_practitioner`,`first_name`,`last_name`);