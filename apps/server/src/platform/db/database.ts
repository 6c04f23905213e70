import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/env';
import type { DB } from './types';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** Opens the configured database: a SQLite file (WAL, foreign keys on) or a PostgreSQL pool. */
export function openDatabase(config: Config['db']): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server closed (a restart, a fail-over, an administrator) is
    // reported here and dropped from the pool; without a listener it would crash the process.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  // Owner-only: the folder 0700, the file 0600 (SQLite gives its -wal and -shm files the same).
  mkdirSync(dirname(config.file), { recursive: true, mode: 0o700 });
  closeSync(openSync(config.file, 'a', 0o600));
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
