export function migrateDatabase(databasePath: string): void
