-- Packages of sessions (issue 47, docs/decisions/051-packages.md): a practitioner's offer of a
-- number of sessions of one service at one price, the packages clients bought, the bookings made
-- with them and their receipts. Written by hand: the receipts' triggers are replaced with the
-- package reference in them, and drizzle-kit would rebuild bookings and receipts to add a column.
CREATE TABLE `packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practitioner_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`sessions` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`expires_in_months` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`retired_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "packages_sessions" CHECK("packages"."sessions" >= 2 AND "packages"."sessions" <= 50),
	CONSTRAINT "packages_price" CHECK("packages"."price_cents" > 0),
	CONSTRAINT "packages_months" CHECK("packages"."expires_in_months" >= 1 AND "packages"."expires_in_months" <= 36)
);
--> statement-breakpoint
CREATE INDEX `packages_service_idx` ON `packages` (`service_id`);--> statement-breakpoint
CREATE INDEX `packages_practitioner_idx` ON `packages` (`practitioner_id`);--> statement-breakpoint
CREATE TABLE `package_holdings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_id` integer,
	`client_id` integer,
	`practitioner_id` integer,
	`service_id` integer,
	`service_name` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`sessions_total` integer NOT NULL,
	`sessions_used` integer DEFAULT 0 NOT NULL,
	`sessions_refunded` integer DEFAULT 0 NOT NULL,
	`expires_in_months` integer NOT NULL,
	`total_amount_cents` integer NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`tax_kind` text DEFAULT 'none' NOT NULL,
	`platform_fee_cents` integer NOT NULL,
	`practitioner_amount_cents` integer NOT NULL,
	`refunded_amount_cents` integer DEFAULT 0 NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`paid_at` integer,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`practitioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "package_holdings_status" CHECK(status IN ('pending', 'paid')),
	CONSTRAINT "package_holdings_tax_kind" CHECK(tax_kind IN ('none', 'gst5', 'hst13', 'hst14', 'hst15', 'gst_qst')),
	CONSTRAINT "package_holdings_balance" CHECK("package_holdings"."sessions_used" >= 0 AND "package_holdings"."sessions_refunded" >= 0 AND "package_holdings"."sessions_used" + "package_holdings"."sessions_refunded" <= "package_holdings"."sessions_total"),
	CONSTRAINT "package_holdings_amounts" CHECK("package_holdings"."total_amount_cents" > 0 AND "package_holdings"."tax_cents" >= 0 AND "package_holdings"."platform_fee_cents" >= 0 AND "package_holdings"."practitioner_amount_cents" >= 0 AND "package_holdings"."platform_fee_cents" + "package_holdings"."practitioner_amount_cents" <= "package_holdings"."total_amount_cents"),
	CONSTRAINT "package_holdings_refund_range" CHECK("package_holdings"."refunded_amount_cents" >= 0 AND "package_holdings"."refunded_amount_cents" <= "package_holdings"."total_amount_cents")
);
--> statement-breakpoint
CREATE INDEX `package_holdings_client_idx` ON `package_holdings` (`client_id`,`service_id`);--> statement-breakpoint
CREATE INDEX `package_holdings_practitioner_idx` ON `package_holdings` (`practitioner_id`);--> statement-breakpoint
CREATE INDEX `package_holdings_package_idx` ON `package_holdings` (`package_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `package_holdings_checkout_session_unique` ON `package_holdings` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `package_holdings_payment_intent_unique` ON `package_holdings` (`stripe_payment_intent_id`);--> statement-breakpoint
-- A booking made with a package session: confirmed at once, nothing to pay, the session taken
-- from this holding (and given back by the cancellations that give it back).
ALTER TABLE `bookings` ADD `package_holding_id` integer REFERENCES `package_holdings`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `bookings_package_holding_idx` ON `bookings` (`package_holding_id`);--> statement-breakpoint
-- A package's receipt and its refund receipts name the package bought instead of a booking.
ALTER TABLE `receipts` ADD `package_holding_id` integer REFERENCES `package_holdings`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_package_payment_unique` ON `receipts` (`package_holding_id`) WHERE kind = 'receipt';--> statement-breakpoint
-- The receipts stay immutable: the same trigger as drizzle/0022, the package reference in it.
DROP TRIGGER `receipts_immutable`;--> statement-breakpoint
CREATE TRIGGER `receipts_immutable` BEFORE UPDATE ON `receipts`
WHEN NEW.number IS NOT OLD.number OR NEW.kind IS NOT OLD.kind OR NEW.refers_to_id IS NOT OLD.refers_to_id
  OR NEW.issued_at IS NOT OLD.issued_at OR NEW.fee_cents IS NOT OLD.fee_cents OR NEW.tax_cents IS NOT OLD.tax_cents
  OR NEW.total_cents IS NOT OLD.total_cents OR NEW.platform_fee_cents IS NOT OLD.platform_fee_cents
  OR NEW.snapshot IS NOT OLD.snapshot OR (OLD.pdf IS NOT NULL AND NEW.pdf IS NOT OLD.pdf)
  OR (NEW.practitioner_id IS NOT OLD.practitioner_id AND NEW.practitioner_id IS NOT NULL)
  OR (NEW.client_id IS NOT OLD.client_id AND NEW.client_id IS NOT NULL)
  OR (NEW.booking_id IS NOT OLD.booking_id AND NEW.booking_id IS NOT NULL)
  OR (NEW.package_holding_id IS NOT OLD.package_holding_id AND NEW.package_holding_id IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'an issued receipt cannot be changed');
END;
