/**
 * How many steps migrations.ts holds. A launch's reader (read-stores.ts)
 * checks a store against it without loading the steps, whose backfills
 * import the statement rules. store.test.ts holds it to MIGRATIONS.length:
 * a new step raises both.
 */
export const MIGRATION_COUNT = 21;
