/**
 * The second server the browser tests start: AI_PROVIDER=replicate against the fake Replicate
 * (apps/server/test/helpers/fake-replicate-server.ts), which posts real signed webhooks to it.
 */
export const FAKE_REPLICATE_TOKEN = 'r8_e2e_fake_replicate_token_0123456789';
export const FAKE_REPLICATE_WEBHOOK_SECRET = `whsec_${Buffer.from('e2e fake replicate signing secret').toString('base64')}`;
const FAKE_CA_FILE = new URL(
  '../../apps/server/test/helpers/fake-replicate-tls/cert.pem',
  import.meta.url,
).pathname;

/** The hosted models the resizer is run against, one server each (replicate-models.spec.ts). */
export const E2E_MODELS = [
  'black-forest-labs/flux-fill-pro',
  'black-forest-labs/flux-fill-dev',
  'bria/expand-image',
  'stability-ai/stable-diffusion-inpainting',
] as const;

/** The port variable of the server that runs `model`. */
export function modelPortVariable(model: (typeof E2E_MODELS)[number]): string {
  return `E2E_MODEL_PORT_${E2E_MODELS.indexOf(model)}`;
}

/** With `model`, the server runs it by name; without, the brief's request to a bare version. */
export function replicateServerEnv(apiPort: string, model?: string): Record<string, string> {
  return {
    AI_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: FAKE_REPLICATE_TOKEN,
    ...(model
      ? { REPLICATE_MODEL: model }
      : {
          REPLICATE_MODEL_VERSION:
            'e2e0000000000000000000000000000000000000000000000000000000000000',
        }),
    REPLICATE_BASE_URL: `http://127.0.0.1:${apiPort}/v1`,
    REPLICATE_WEBHOOK_SECRET: FAKE_REPLICATE_WEBHOOK_SECRET,
    REPLICATE_OUTPUT_HOSTS: '127.0.0.1',
    REPLICATE_CA_FILE: FAKE_CA_FILE,
  };
}
