import { Migrator, type MigrationResult } from 'kysely';
import type { Database } from './database';
import { migrationsFor } from './migrations';

/** Applies every pending migration; throws (with the failing migration's name) on error. */
export async function runMigrations({ db, dialect }: Database): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return results;
}
