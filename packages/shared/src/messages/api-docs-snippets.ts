import { API_HEADERS, API_KEY_PREFIXES, type Expansion, type V1Error } from '../schemas/api';
import { apiFieldErrors } from './api-errors';
import { errorMessages } from './errors';

/**
 * The code samples of /docs/api (issue 30), built from the API's own constants and shapes so they
 * cannot drift from what the server answers. `base` is the site's origin, e.g.
 * "https://reframe.example".
 */

const h = API_HEADERS;
const keyVariable = 'REFRAME_API_KEY';

/** An example expansion: a 1600 x 1200 photo for 16:9 plus the Meta pack, five outputs. */
export function exampleExpansion(settled: boolean, base: string): Expansion {
  const id = '6f1c2a9e-4b7d-4e0a-9c35-8d2f71b0e4a6';
  const whole = { x: 0, y: 0, width: 1600, height: 1200 };
  // Auto framing kept the whole photo for four outputs and trimmed its sides for the stories.
  const outputs = [
    { ratio: '16:9', width: 2560, height: 1440, made: [whole, 480, 120, 0.81] },
    { placement: 'meta-feed-1080x1080', width: 1080, height: 1080, made: [whole, 0, 135, 0.9] },
    {
      placement: 'meta-portrait-1080x1350',
      width: 1080,
      height: 1350,
      made: [whole, 90, 337, 0.74],
    },
    {
      placement: 'meta-stories-1080x1920',
      width: 1080,
      height: 1920,
      made: [{ x: 200, y: 0, width: 1200, height: 1200 }, 0, 420, 0.68],
    },
    { placement: 'meta-link-1200x628', width: 1200, height: 628, made: [whole, 251, 52, 0.86] },
  ] as const;
  return {
    id,
    status: settled ? 'succeeded' : 'processing',
    test: false,
    alignment: 'auto',
    format: 'png',
    credits_charged: outputs.length,
    created_at: '2026-11-27T08:00:00.000Z',
    settled_at: settled ? '2026-11-27T08:00:41.000Z' : null,
    outputs: outputs.map(({ made: [crop, x, y, confidence], ...output }, index) => ({
      ...output,
      status: settled ? 'succeeded' : 'queued',
      crop: settled ? crop : null,
      offset: settled ? { x, y } : null,
      confidence: settled ? confidence : null,
      error: null,
      url: settled
        ? `${base}/v1/files/a41e0c7d-2f5b-4c8e-b1d9-${String(index).padStart(12, '0')}.png.t4k2qx.Yk3v…`
        : null,
      url_expires_at: settled ? '2026-11-27T09:00:41.000Z' : null,
    })),
  };
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const apiDocsSnippets = {
  setKey: `export ${keyVariable}=${API_KEY_PREFIXES.live}…   # from Settings → API keys`,

  create: (base: string) => `curl ${base}/v1/expansions \\
  -H "Authorization: Bearer $${keyVariable}" \\
  -H "${h.idempotencyKey}: catalogue-sku-4417" \\
  -F image=@photo.jpg \\
  -F ratio=16:9 \\
  -F pack=meta`,

  createAnswer: (base: string) => `HTTP/1.1 202 Accepted
${h.creditsCharged}: 5
${h.creditsRemaining}: 170

${json(exampleExpansion(false, base))}`,

  poll: (base: string) => `ID=${exampleExpansion(false, base).id}
until curl -s ${base}/v1/expansions/$ID \\
    -H "Authorization: Bearer $${keyVariable}" > expansion.json &&
  [ "$(jq -r .status expansion.json)" != processing ]; do
  sleep 2
done`,

  pollAnswer: (base: string) => json(exampleExpansion(true, base)),

  download: `jq -r '.outputs[] | select(.status == "succeeded") | "\\(.width)x\\(.height) \\(.url)"' \\
  expansion.json | while read -r size url; do
    curl -s -o "photo-$size.png" "$url"
  done`,

  typescript: (base: string) => `import { readFile, writeFile } from 'node:fs/promises';

const base = '${base}';
const auth = { Authorization: \`Bearer \${process.env.${keyVariable}}\` };

const form = new FormData();
const photo = new Blob([await readFile('photo.jpg')], { type: 'image/jpeg' });
form.append('image', photo, 'photo.jpg');
form.append('ratio', '16:9');
form.append('pack', 'meta');

const created = await fetch(\`\${base}/v1/expansions\`, {
  method: 'POST',
  headers: { ...auth, '${h.idempotencyKey}': crypto.randomUUID() },
  body: form,
});
let expansion = await created.json();
if (!created.ok) throw new Error(expansion.error.message);

while (expansion.status === 'processing') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const answer = await fetch(\`\${base}/v1/expansions/\${expansion.id}\`, { headers: auth });
  expansion = await answer.json();
}

for (const output of expansion.outputs) {
  if (output.status !== 'succeeded') {
    console.warn(output.ratio ?? output.size ?? output.placement, output.error.message);
    continue;
  }
  const image = await fetch(output.url);
  const name = \`photo-\${output.width}x\${output.height}.png\`;
  await writeFile(name, Buffer.from(await image.arrayBuffer()));
}`,

  errorShape: json({
    error: { code: 'insufficient_credits', message: errorMessages.NO_CREDITS },
  }),

  fieldErrorShape: json({
    error: { code: 'invalid_request', message: apiFieldErrors.invalid('pack'), field: 'pack' },
  } satisfies V1Error),

  webhookHeaders: `POST /your/receiver HTTP/1.1
content-type: application/json
${h.webhookId}: msg_2pQm7Yx1bV9c
${h.webhookTimestamp}: 1795762841
${h.webhookSignature}: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`,

  /** Plain ESM JavaScript, so it runs as it is in Node 18 and later (tested as it is). */
  verify: `import { createHmac, timingSafeEqual } from 'node:crypto';

const toleranceSeconds = 5 * 60;

/** True when \`body\` (the raw request body, as text) was signed with \`secret\`. */
export function verifyWebhook(secret, headers, body) {
  const id = headers['${h.webhookId}'];
  const timestamp = headers['${h.webhookTimestamp}'];
  const signatures = headers['${h.webhookSignature}'] ?? '';
  if (!id || !timestamp) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;

  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();

  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`,
};
