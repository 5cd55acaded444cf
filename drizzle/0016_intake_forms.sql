CREATE TABLE `intake_form_services` (
	`service_id` integer PRIMARY KEY NOT NULL,
	`form_id` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `intake_forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `intake_form_services_form_idx` ON `intake_form_services` (`form_id`);--> statement-breakpoint
CREATE TABLE `intake_form_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form_id` integer NOT NULL,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`questions` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`form_id`) REFERENCES `intake_forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intake_form_versions_number` ON `intake_form_versions` (`form_id`,`version`);--> statement-breakpoint
CREATE TABLE `intake_forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`title` text NOT NULL,
	`first_session_only` integer DEFAULT false NOT NULL,
	`current_version_id` integer,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `intake_forms_practitioner_idx` ON `intake_forms` (`practitioner_id`);--> statement-breakpoint
CREATE TABLE `intake_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`version_id` integer NOT NULL,
	`practitioner_id` integer NOT NULL,
	`client_id` integer,
	`patient_profile_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`consent_name` text,
	`consent_at` integer,
	`sent_at` integer,
	`reminded_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `intake_form_versions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`patient_profile_id`) REFERENCES `patient_profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "intake_responses_status" CHECK(status IN ('draft', 'sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intake_responses_booking_unique` ON `intake_responses` (`booking_id`);--> statement-breakpoint
CREATE INDEX `intake_responses_patient_idx` ON `intake_responses` (`patient_profile_id`);--> statement-breakpoint
CREATE INDEX `intake_responses_client_idx` ON `intake_responses` (`client_id`);--> statement-breakpoint
-- The access trail takes a new action, 'intake_received', in its CHECK: the table is made again.
-- Nothing refers to it (its patient column is deliberately no foreign key, decision 019), so the
-- DROP below fires no foreign-key action, inside the migrator's transaction as anywhere.
CREATE TABLE `__new_patient_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`patient_profile_id` integer,
	`action` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "patient_audit_action" CHECK(action IN ('view', 'create', 'update', 'delete', 'note_create', 'note_update', 'note_delete', 'document_upload', 'document_download', 'document_delete', 'ai_consult', 'intake_received'))
);
--> statement-breakpoint
INSERT INTO `__new_patient_audit_log`("id", "practitioner_id", "patient_profile_id", "action", "detail", "created_at") SELECT "id", "practitioner_id", "patient_profile_id", "action", "detail", "created_at" FROM `patient_audit_log`;--> statement-breakpoint
-- The rebuild keeps the AUTOINCREMENT high-water mark (decision 019): the copy's sequence
-- starts where the old table's stood, so no id of a removed entry is ever given again.
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_patient_audit_log', `seq` FROM `sqlite_sequence` WHERE `name` = 'patient_audit_log' AND NOT EXISTS (SELECT 1 FROM `sqlite_sequence` WHERE `name` = '__new_patient_audit_log');--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = max(`seq`, coalesce((SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'patient_audit_log'), 0)) WHERE `name` = '__new_patient_audit_log';--> statement-breakpoint
DROP TABLE `patient_audit_log`;--> statement-breakpoint
ALTER TABLE `__new_patient_audit_log` RENAME TO `patient_audit_log`;--> statement-breakpoint
CREATE INDEX `patient_audit_practitioner_created_idx` ON `patient_audit_log` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `patient_audit_profile_idx` ON `patient_audit_log` (`patient_profile_id`);