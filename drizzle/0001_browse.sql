DROP INDEX `services_active_category_price_idx`;--> statement-breakpoint
DROP INDEX `services_active_price_idx`;--> statement-breakpoint
DROP INDEX `services_active_popularity_idx`;--> statement-breakpoint
ALTER TABLE `services` ADD `booking_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `is_listed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `services_listed_category_price_idx` ON `services` (`is_listed`,`category`,`price_cents`);--> statement-breakpoint
CREATE INDEX `services_listed_price_idx` ON `services` (`is_listed`,`price_cents`);--> statement-breakpoint
CREATE INDEX `services_listed_popularity_idx` ON `services` (`is_listed`,`rating`,`review_count`,`booking_count`);--> statement-breakpoint
CREATE INDEX `bookings_practitioner_status_idx` ON `bookings` (`practitioner_id`,`status`);--> statement-breakpoint
-- services.is_listed: what the public may see (issue 3's rules), recomputed by triggers whenever
-- a column it depends on changes, on the service or on its practitioner. Blank means empty or only
-- spaces, tabs and line breaks, as the profile-completion alert sees it.
CREATE VIEW `service_listing` AS
  SELECT s.id AS service_id,
    (s.is_active = 1 AND (s.price_cents = 0 OR u.onboarding_complete = 1) AND u.is_practitioner = 1
      AND trim(coalesce(u.profile_image_url, ''), ' ' || char(9, 10, 13)) <> '' AND trim(coalesce(u.title, ''), ' ' || char(9, 10, 13)) <> '' AND trim(coalesce(u.bio, ''), ' ' || char(9, 10, 13)) <> '') AS listed
  FROM services s JOIN users u ON u.id = s.practitioner_id;
--> statement-breakpoint
UPDATE services SET is_listed = (SELECT listed FROM service_listing WHERE service_id = services.id);
--> statement-breakpoint
CREATE TRIGGER `services_listed_insert` AFTER INSERT ON `services` BEGIN
  UPDATE services SET is_listed = (SELECT listed FROM service_listing WHERE service_id = new.id) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `services_listed_update` AFTER UPDATE OF is_active, price_cents, practitioner_id ON `services` BEGIN
  UPDATE services SET is_listed = (SELECT listed FROM service_listing WHERE service_id = new.id) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `services_listed_practitioner_update` AFTER UPDATE OF is_practitioner, profile_image_url, title, bio, onboarding_complete ON `users` BEGIN
  UPDATE services SET is_listed = (SELECT listed FROM service_listing WHERE service_id = services.id) WHERE practitioner_id = new.id;
END;
--> statement-breakpoint
-- Full-text search for the browse pages (FTS5, case- and accent-insensitive), kept in step by
-- triggers so no write path can forget it.
-- Services: an external-content index over name, description and category.
CREATE VIRTUAL TABLE `services_fts` USING fts5(name, description, category, content='services', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `services_fts_insert` AFTER INSERT ON `services` BEGIN
  INSERT INTO services_fts(rowid, name, description, category) VALUES (new.id, new.name, new.description, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER `services_fts_delete` AFTER DELETE ON `services` BEGIN
  INSERT INTO services_fts(services_fts, rowid, name, description, category) VALUES ('delete', old.id, old.name, old.description, old.category);
END;
--> statement-breakpoint
CREATE TRIGGER `services_fts_update` AFTER UPDATE OF name, description, category ON `services` BEGIN
  INSERT INTO services_fts(services_fts, rowid, name, description, category) VALUES ('delete', old.id, old.name, old.description, old.category);
  INSERT INTO services_fts(rowid, name, description, category) VALUES (new.id, new.name, new.description, new.category);
END;
--> statement-breakpoint
INSERT INTO services_fts(services_fts) VALUES ('rebuild');
--> statement-breakpoint
-- Practitioners: name, title, bio and specialties (which live in their own table), one row per user.
CREATE VIRTUAL TABLE `people_fts` USING fts5(name, title, bio, specialties, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO people_fts(rowid, name, title, bio, specialties)
  SELECT id, first_name || ' ' || last_name, coalesce(title, ''), coalesce(bio, ''),
    coalesce((SELECT group_concat(specialty, ' ') FROM user_specialties WHERE user_id = users.id), '')
  FROM users;
--> statement-breakpoint
CREATE TRIGGER `people_fts_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO people_fts(rowid, name, title, bio, specialties)
    VALUES (new.id, new.first_name || ' ' || new.last_name, coalesce(new.title, ''), coalesce(new.bio, ''), '');
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_update` AFTER UPDATE OF first_name, last_name, title, bio ON `users` BEGIN
  UPDATE people_fts SET name = new.first_name || ' ' || new.last_name, title = coalesce(new.title, ''), bio = coalesce(new.bio, '')
    WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM people_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_specialty_insert` AFTER INSERT ON `user_specialties` BEGIN
  UPDATE people_fts SET specialties = coalesce((SELECT group_concat(specialty, ' ') FROM user_specialties WHERE user_id = new.user_id), '')
    WHERE rowid = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `people_fts_specialty_delete` AFTER DELETE ON `user_specialties` BEGIN
  UPDATE people_fts SET specialties = coalesce((SELECT group_concat(specialty, ' ') FROM user_specialties WHERE user_id = old.user_id), '')
    WHERE rowid = old.user_id;
END;
