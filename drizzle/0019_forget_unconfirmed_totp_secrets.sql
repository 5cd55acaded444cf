-- A setup's secret now lives in the session that started it (decision 043); one kept on the
-- account from before, never confirmed, could have been seen by any session: forget it.
UPDATE `users` SET `totp_secret` = NULL, `totp_last_step` = NULL WHERE `totp_enabled_at` IS NULL AND `totp_secret` IS NOT NULL;
