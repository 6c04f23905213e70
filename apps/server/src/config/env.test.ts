import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/reframe');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('runs with the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/reframe');
    expect(config.server).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir: '/srv/reframe/data',
      trustProxy: false,
    });
    expect(config.db).toEqual({ kind: 'sqlite', file: '/srv/reframe/data/reframe.db' });
    expect(config.mail).toEqual({
      from: 'Reframe <no-reply@reframe.local>',
      transport: { kind: 'outbox' },
      devMailbox: true,
    });
    expect(Object.isFrozen(config.server)).toBe(true);
  });

  it('derives APP_URL from PORT and switches to PostgreSQL and SMTP when their URLs are set', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u:p@db:5432/reframe',
        SMTP_URL: 'smtp://mail:25',
        TRUST_PROXY: '2',
      },
      '/srv',
    );
    expect(config.server.appUrl).toBe('http://localhost:8080');
    expect(config.server.trustProxy).toBe(2);
    expect(config.server.trustedOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(config.db).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/reframe' });
    expect(config.mail.transport).toEqual({ kind: 'smtp', url: 'smtp://mail:25' });
    expect(config.mail.devMailbox).toBe(false);
  });

  it('names a bad PORT and says how to fix it', () => {
    const [problem] = problemsOf({ PORT: 'abc' });
    expect(problem).toContain('PORT');
    expect(problem).toContain('e.g. PORT=3000');
    expect(problem).toContain('(got "abc")');
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: '70000', APP_URL: 'not a url', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'APP_URL', 'LOG_LEVEL']);
  });

  it('requires a long AUTH_SECRET in production without echoing it', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^AUTH_SECRET is required/);
    const [tooShort] = problemsOf({ NODE_ENV: 'production', AUTH_SECRET: 'short-secret' });
    expect(tooShort).toContain('at least 32 characters');
    expect(tooShort).not.toContain('short-secret');
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://db/reframe' })[0]).toMatch(
      /^DATABASE_URL must be a PostgreSQL URL/,
    );
  });

  it('turns off the dev mailbox in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }, '/srv');
    expect(config.mail.devMailbox).toBe(false);
    expect(config.isProduction).toBe(true);
    const public_ = loadConfig({ APP_URL: 'https://reframe.example.com/' }, '/srv');
    expect(public_.server.appUrl).toBe('https://reframe.example.com');
    expect(public_.server.trustedOrigins).toEqual(['https://reframe.example.com']);
  });
});
