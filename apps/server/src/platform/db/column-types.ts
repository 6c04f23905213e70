import type { Dialect } from './database';

/**
 * The two column types that differ between the dialects. SQLite has no boolean or timestamp
 * type: better-auth stores 0/1 and ISO-8601 text there, and checks the schema against these names.
 */
export function columnTypes(dialect: Dialect) {
  return dialect === 'postgres'
    ? ({ boolean: 'boolean', timestamp: 'timestamptz' } as const)
    : ({ boolean: 'integer', timestamp: 'date' } as const);
}

/** Timestamps come back as Date from PostgreSQL and as ISO text from SQLite. */
export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
