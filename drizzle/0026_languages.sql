-- Languages (issue 48, docs/decisions/052-languages.md): the language a person chose (null until
-- they choose; their browser's then decides), and a service description's language with an
-- optional text in the other language, shown to readers of that language.
ALTER TABLE `users` ADD `language` text CHECK(`language` IN ('en', 'fr'));--> statement-breakpoint
ALTER TABLE `services` ADD `description_language` text DEFAULT 'en' NOT NULL CHECK(`description_language` IN ('en', 'fr'));--> statement-breakpoint
ALTER TABLE `services` ADD `description_translation` text;
