import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const START_HINT =
  'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';

type TestDatabaseKind = 'sqlite' | 'postgres';

/** Which database this run tests: TEST_DATABASE=sqlite (default) or TEST_DATABASE=postgres. */
export function testDatabaseKind(): TestDatabaseKind {
  const kind = process.env.TEST_DATABASE ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres') {
    throw new Error(`TEST_DATABASE must be sqlite or postgres, got "${kind}"`);
  }
  return kind;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at 127.0.0.1:5432 (TEST_DATABASE=postgres). ${START_HINT}`,
      { cause: error },
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh PostgreSQL database with a random name; returns its URL and a drop function. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `reframe_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () =>
      withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
