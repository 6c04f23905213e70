import { startFakeReplicate } from '../../apps/server/test/helpers/fake-replicate-server';
import { FAKE_REPLICATE_TOKEN, FAKE_REPLICATE_WEBHOOK_SECRET } from './replicate';

/** The fake Replicate as a process of its own, for Playwright to start beside the servers. */
const fake = await startFakeReplicate({
  token: FAKE_REPLICATE_TOKEN,
  webhookSecret: FAKE_REPLICATE_WEBHOOK_SECRET,
  deliverWebhooks: true,
  apiPort: Number(process.env.FAKE_REPLICATE_API_PORT),
  outputPort: Number(process.env.FAKE_REPLICATE_FILES_PORT),
});
process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
process.once('SIGINT', () => void fake.close().then(() => process.exit(0)));
