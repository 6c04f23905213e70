import type { Expansion } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import { expertOwner } from '../helpers/team';
import { createKey, pollExpansion, postExpansion } from '../api/api-client';
import { photo } from '../resizer/images';
import { replicateEnv, TOKEN } from './replicate-harness';

/** Test keys cost nothing, so they must cost us nothing either (issue 39). */
describe('test keys with a hosted model configured', () => {
  let fake: FakeReplicate;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    t = await createTestApp({ env: replicateEnv(fake) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('makes a test call on the built-in engine, with its watermark, and never calls the provider', async () => {
    const owner = await expertOwner(t);
    const { secret } = await createKey(owner.client, 'test');
    const posted = await postExpansion(t, secret, {
      image: { bytes: await photo('coffee.png', 48), filename: 'c.png', contentType: 'image/png' },
      fields: [['ratio', '16:9']],
    });
    expect(posted.statusCode, posted.body).toBe(202);
    const expansion = await pollExpansion(t, secret, posted.json<Expansion>().id);
    expect(expansion).toMatchObject({ status: 'succeeded', test: true, credits_charged: 0 });

    expect(fake.calls).toEqual([]);
    const made = await t.database.db
      .selectFrom('prediction')
      .select(['provider', 'watermark', 'remote_input_files'])
      .where('user_id', '=', owner.userId)
      .execute();
    expect(
      made.map((row) => [row.provider, Number(row.watermark), row.remote_input_files]),
    ).toEqual([['engine', 1, null]]);
  });
});
