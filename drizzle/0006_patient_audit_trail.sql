-- Patient records' access trail (docs/decisions/019-patient-records.md): an audit row must keep
-- naming its patient after the patient is deleted, so `patient_profile_id` stops being a foreign
-- key to `patient_profiles` (it was ON DELETE SET NULL, which kept the row but forgot whose it
-- was). Patient ids are AUTOINCREMENT, never reused, so a kept id never comes to name someone
-- else. SQLite can only drop a foreign key by making the table again. Written by hand, like
-- 0005: drizzle-kit's rebuild relies on `PRAGMA foreign_keys=OFF`, which does nothing inside the
-- migrator's transaction. Nothing references `patient_audit_log`, so dropping it is safe; the
-- rows are copied to a plain table first and back afterwards, ids and times unchanged, and the
-- AUTOINCREMENT high-water mark is kept.
CREATE TABLE `__patient_audit_log_0006` AS SELECT `id`, `practitioner_id`, `patient_profile_id`, `action`, `detail`, `created_at` FROM `patient_audit_log`;
--> statement-breakpoint
CREATE TABLE `__patient_audit_log_0006_seq` AS SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'patient_audit_log';
--> statement-breakpoint
DROP TABLE `patient_audit_log`;
--> statement-breakpoint
CREATE TABLE `patient_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`patient_profile_id` integer,
	`action` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "patient_audit_action" CHECK(action IN ('view', 'create', 'update', 'delete', 'note_create', 'note_update', 'note_delete', 'document_upload', 'document_download', 'document_delete', 'ai_consult'))
);
--> statement-breakpoint
INSERT INTO `patient_audit_log` (`id`, `practitioner_id`, `patient_profile_id`, `action`, `detail`, `created_at`)
SELECT `id`, `practitioner_id`, `patient_profile_id`, `action`, `detail`, `created_at`
FROM `__patient_audit_log_0006` ORDER BY `id`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = 'patient_audit_log';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`)
SELECT 'patient_audit_log', max(coalesce((SELECT max(`seq`) FROM `__patient_audit_log_0006_seq`), 0), coalesce((SELECT max(`id`) FROM `patient_audit_log`), 0));
--> statement-breakpoint
DROP TABLE `__patient_audit_log_0006`;
--> statement-breakpoint
DROP TABLE `__patient_audit_log_0006_seq`;
--> statement-breakpoint
CREATE INDEX `patient_audit_practitioner_created_idx` ON `patient_audit_log` (`practitioner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `patient_audit_profile_idx` ON `patient_audit_log` (`patient_profile_id`);
