-- Why a booking was cancelled (client, hold_expired, payment_failed, refunded). Added as a
-- column rather than by rebuilding the table: a rebuild would drop `bookings` under the reviews
-- and payouts that point at it.
ALTER TABLE `bookings` ADD `cancellation_reason` text CONSTRAINT "bookings_cancellation_reason" CHECK(cancellation_reason IS NULL OR cancellation_reason IN ('client', 'hold_expired', 'payment_failed', 'refunded'));
--> statement-breakpoint
UPDATE `bookings` SET `cancellation_reason` = 'client' WHERE `status` = 'cancelled';
