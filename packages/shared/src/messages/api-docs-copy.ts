import { getPlan } from '../plans';
import {
  API_DOWNLOAD_URL_TTL_SECONDS,
  API_EXPANSIONS_PER_MINUTE,
  API_HEADERS,
  API_KEY_PREFIXES,
  TEST_KEY_CALLS_PER_DAY,
  TEST_KEY_OUTPUTS_PER_CALL,
  TEST_KEYS_PER_ACCOUNT,
  WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF,
  WEBHOOK_PENDING_PER_ACCOUNT,
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
  apiFormats,
  type ApiErrorCode,
} from '../schemas/api';

const expert = getPlan('expert');
const h = API_HEADERS;
const urlMinutes = API_DOWNLOAD_URL_TTL_SECONDS / 60;

/** The words of the public page /docs/api (issue 30); its code samples are in api-docs-snippets. */
export const apiDocsCopy = {
  title: 'Reframe API',
  eyebrow: 'Developers',
  lead: 'Extend photos to new aspect ratios and ad placements from your own scripts: upload a photo, name the sizes you need, and collect the results when they are ready.',
  openApi: 'OpenAPI 3.1 document',
  contentsLabel: 'On this page',
  code: {
    shell: 'Shell',
    answer: 'Answer',
    typescript: 'TypeScript',
    node: 'Node.js',
    json: 'JSON',
    http: 'HTTP request',
    copyLabel: (sample: string) => `Copy the ${sample} sample`,
  },
  sections: {
    overview: {
      heading: 'How it works',
      paragraphs: [
        'The API does what the app does, over HTTP. You POST a photo with the ratios, exact sizes or placement packs you want; Reframe answers at once with 202 and an expansion id, and extends the background of every output in the background.',
        `Poll the expansion until it settles, or give a webhook URL and Reframe calls you. Each finished output has a signed download URL that works for ${urlMinutes} minutes. Runs made through the API appear in History, marked with the key's name.`,
      ],
    },
    auth: {
      heading: 'Authentication',
      paragraphs: [
        `Send your key as a Bearer token in the Authorization header of every call. Keys are made in Settings → API keys by ${expert.name} accounts, and by a team's owner and admins; a team's keys spend from the team's pool.`,
        `Live keys start with ${API_KEY_PREFIXES.live} and spend one credit per output, exactly as the app does. Test keys start with ${API_KEY_PREFIXES.test}: they spend nothing, put a visible watermark on their results and are always made by the built-in engine, never a hosted model, so you can build your integration for free. An account has at most ${TEST_KEYS_PER_ACCOUNT} test keys, which share ${TEST_KEY_CALLS_PER_DAY} calls a day (UTC) and make at most ${TEST_KEY_OUTPUTS_PER_CALL} outputs a call.`,
        'A key is shown once, when it is made. Keep it on your server, never in a browser or an app; the API answers no cross-origin requests. Revoke a key in Settings and it stops working at once.',
        "A key is only as good as its maker's rights, checked on every call: if they leave the team or are removed, stop being an admin, or the plan ends, the key answers 401 key_suspended. It works again if they regain those rights, and it stays listed in Settings, where it can be revoked. A team member's own keys never spend the team's pool.",
      ],
    },
    quickstart: {
      heading: 'A complete session with curl',
      steps: {
        setKey: 'Keep the key in an environment variable.',
        create:
          'Ask for 16:9 and the Meta pack. Each output costs one credit, charged all at once: either every output is accepted or none is.',
        createAnswer: 'Reframe answers at once, with one output per size:',
        poll: 'Ask again every few seconds until the status is no longer processing (this uses jq).',
        pollAnswer: `When it settles, each finished output has a download URL that works for ${urlMinutes} minutes. A failed output says why, and its credit is refunded. A finished output also says which part of the photo it kept (crop, in the photo's pixels), where that part sits on the image (offset) and how sure the engine is of the new area (confidence: below 0.5, look before you publish; null for a hosted model).`,
        download: 'Download every finished output; no key is needed for a signed URL.',
      },
    },
    typescript: {
      heading: 'TypeScript (fetch)',
      lead: 'The same session in Node 18 or later, with the built-in fetch and FormData:',
    },
    request: {
      heading: 'What POST /v1/expansions takes',
      lead: 'A multipart form with one file and at least one ratio, size or pack:',
      fields: [
        ['image', 'The photo: one file, with the same types and limits as an upload in the app.'],
        ['ratio', 'An aspect ratio such as 16:9. Repeat the field for more than one.'],
        ['size', 'An exact size such as 1080x1920. Repeat the field for more than one.'],
        ['pack', 'A placement pack, such as meta or google: one output per placement.'],
        [
          'alignment',
          'Where the original sits in the new canvas; auto (the default) lets Reframe choose.',
        ],
        [
          'framing',
          'How much of the photo may be trimmed so that less is invented: auto (the default with the built-in engine: it trims a little only when that gives a cleaner result, from the side with the least in it), trim (up to 25 %), trim_more (up to 50 %) or keep (the whole photo; the default with a hosted AI model, which cannot trim). Each output says what it kept in crop.',
        ],
        [
          'style',
          'How the new area is filled: natural (the default) or blurred_backdrop (the photo, scaled to cover the canvas, blurred and darkened, under the original).',
        ],
        ['format', `The results' format: ${apiFormats.join(', ')} (default png).`],
        ['webhook_url', 'An https URL Reframe calls when the expansion settles.'],
      ] as const,
    },
    limits: {
      heading: 'Limits',
      items: [
        `${API_EXPANSIONS_PER_MINUTE} expansions a minute per account, all its keys together.`,
        'The same job limits as the app: outputs in progress at once per account. GET /v1/account tells you yours, with your balance and plan.',
        `Test keys, per account: at most ${TEST_KEYS_PER_ACCOUNT} keys, ${TEST_KEY_CALLS_PER_DAY} calls a day (UTC) between them, and ${TEST_KEY_OUTPUTS_PER_CALL} outputs a call.`,
        `Past a limit the answer is 429 with a ${h.retryAfter} header: wait that many seconds, then try again.`,
      ],
    },
    errors: {
      heading: 'Errors',
      lead: 'Every error has the same JSON shape, whatever its status. Show the message; branch on the code.',
      fieldLead:
        'When one field of the request is at fault, field names it (the message starts with it too), so you can point at the input to fix:',
      codeColumn: 'Code',
      statusColumn: 'Status',
      meaningColumn: 'Meaning',
      /** The status column of a code that marks a failed output, never an answer. */
      noStatus: '—',
    },
    headers: {
      heading: 'Headers',
      items: [
        [h.creditsRemaining, 'On every answer: the credits the key can still spend.'],
        [h.creditsCharged, 'On a POST: the credits this expansion took.'],
        [h.idempotencyKey, 'On a POST, optional: see below.'],
        [h.retryAfter, 'On a 429: seconds to wait before trying again.'],
      ] as const,
    },
    idempotency: {
      heading: 'Retrying safely',
      paragraphs: [
        `Send an ${h.idempotencyKey} header (any unique string, such as your product's SKU or a UUID) with a POST. If the connection drops and you send the same request again with the same key, you get the first answer back and are not charged twice.`,
        'Reusing an idempotency key with a different request is refused with 422 idempotency_conflict.',
      ],
    },
    webhooks: {
      heading: 'Webhooks',
      paragraphs: [
        `When an expansion settles, Reframe POSTs its final JSON, the same body GET /v1/expansions/{id} answers, to the webhook_url you gave. Any 2xx answer counts as delivered; otherwise the delivery is retried with backoff for up to ${WEBHOOK_RETRY_WINDOW_HOURS} hours. Redirects are not followed.`,
        `Your receiver has ${WEBHOOK_TIMEOUT_SECONDS} seconds to answer. A host that lets ${WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF} attempts in a row go unanswered gets no webhooks for a minute, then twice as long after each further time-out, up to an hour; the deliveries due meanwhile wait, and its first answer ends the wait. At most ${WEBHOOK_PENDING_PER_ACCOUNT} of your deliveries can be pending at once: a webhook past them is not sent (poll the expansion instead).`,
        `Webhooks are signed the Standard Webhooks way, with your account's signing secret from Settings → API keys. The ${h.webhookSignature} header holds v1, followed by the base64 HMAC-SHA256 of "${h.webhookId}.${h.webhookTimestamp}.body", keyed with the secret's bytes (the part after whsec_, base64-decoded).`,
        `Verify the raw body before parsing it, reject timestamps more than 5 minutes old, and use ${h.webhookId} to apply each delivery once: it stays the same across retries.`,
      ],
      verifyLead: 'Verifying one in Node:',
    },
    openApi: {
      heading: 'OpenAPI',
      paragraph:
        'The whole contract (every route, field, answer and error) is described in an OpenAPI 3.1 document, generated from the same schemas the server validates with. Use it to generate a client.',
    },
  },
  /**
   * The error table: what every code of the API's catalogue (`apiErrorCatalogue`, which gives
   * its statuses) means.
   */
  errorCodes: {
    unauthorized: 'The key is missing, malformed, revoked or unknown.',
    key_suspended:
      "The key's maker no longer has API access on its account (removed, no longer an admin, or the plan ended).",
    not_found: 'No such expansion for this key’s account, or a download link that expired.',
    invalid_request:
      'A field is missing or wrong: field names it (such as pack, ratio, size, framing or style), and the message starts with it and says what it takes.',
    unsupported_image:
      'The file is not an image Reframe reads (415), or it is damaged or outside the upload rules (400).',
    image_too_large: 'The file or its pixel size is over the upload limits.',
    insufficient_credits: 'Not enough credits for every output: nothing was charged.',
    rate_limited: `Over ${API_EXPANSIONS_PER_MINUTE} a minute (429), or the server is busy with other uploads (503): see ${h.retryAfter}.`,
    test_key_daily_limit: `The account's test keys made their ${TEST_KEY_CALLS_PER_DAY} calls today.`,
    idempotency_conflict: 'The idempotency key was used with a different request.',
    output_failed: 'On a failed output, not an answer: its credit is refunded.',
    internal: 'Something failed on our side (500), or the storage is full (507). Try again later.',
  } satisfies Record<ApiErrorCode, string>,
} as const;
