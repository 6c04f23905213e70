import { loadConfigOrExit } from '../config/env';
import { openDatabase } from './database';
import { runMigrations } from './migrate';

const config = loadConfigOrExit();
const database = openDatabase(config.db);
try {
  const results = await runMigrations(database);
  const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.destroy();
}
