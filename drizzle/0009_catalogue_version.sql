-- The catalogue's data version (docs/decisions/027-render-cache.md). Written by hand around what
-- drizzle-kit generated (the table).
--
-- 1. One row, whose number goes up with every write that changes what an anonymous catalogue
--    page shows. The render cache and the memoised counts compare it on each request; being a
--    row of the database, it reaches LiteFS replicas with the writes it counts.
CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
-- 2. Triggers bump it inside the writing transaction, whichever model (or admin, seed or
--    script) writes: a model cannot forget to, and a rolled-back write bumps nothing.
--    Services, specialties, time slots and reviews: every change.
CREATE TRIGGER `catalogue_services_insert` AFTER INSERT ON `services` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_services_update` AFTER UPDATE ON `services` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_services_delete` AFTER DELETE ON `services` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_specialties_insert` AFTER INSERT ON `user_specialties` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_specialties_update` AFTER UPDATE ON `user_specialties` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_specialties_delete` AFTER DELETE ON `user_specialties` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_slots_insert` AFTER INSERT ON `time_slots` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_slots_update` AFTER UPDATE ON `time_slots` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_slots_delete` AFTER DELETE ON `time_slots` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_reviews_insert` AFTER INSERT ON `reviews` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_reviews_update` AFTER UPDATE ON `reviews` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_reviews_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
-- 3. Bookings: the home page ranks practitioners by completed sessions, so a status change
--    counts (holds and payments change the slot too, which its own trigger counts).
CREATE TRIGGER `catalogue_bookings_status` AFTER UPDATE OF `status` ON `bookings` WHEN OLD.`status` IS NOT NEW.`status` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_bookings_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
-- 4. People: only the columns a public page shows (a practitioner's card and profile, the
--    listing rule's inputs, a reviewer's name and picture). Sign-ins, passwords, zones and
--    Stripe ids change nothing public; a new client account shows nowhere.
CREATE TRIGGER `catalogue_people_insert` AFTER INSERT ON `users` WHEN NEW.`is_practitioner` = 1 BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_people_update` AFTER UPDATE ON `users` WHEN
  OLD.`first_name` IS NOT NEW.`first_name` OR OLD.`last_name` IS NOT NEW.`last_name`
  OR OLD.`profile_image_url` IS NOT NEW.`profile_image_url` OR OLD.`title` IS NOT NEW.`title`
  OR OLD.`bio` IS NOT NEW.`bio` OR OLD.`rating` IS NOT NEW.`rating` OR OLD.`review_count` IS NOT NEW.`review_count`
  OR OLD.`is_practitioner` IS NOT NEW.`is_practitioner` OR OLD.`suspended_at` IS NOT NEW.`suspended_at`
  OR OLD.`onboarding_complete` IS NOT NEW.`onboarding_complete`
BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `catalogue_people_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
