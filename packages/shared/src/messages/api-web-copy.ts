import { getPlan } from '../plans';
import {
  API_KEY_NAME_MAX,
  TEST_KEY_CALLS_PER_DAY,
  TEST_KEY_OUTPUTS_PER_CALL,
  TEST_KEYS_PER_ACCOUNT,
} from '../schemas/api';

const expert = getPlan('expert');

/**
 * The web app's words for the public API (issue 30): Settings → API keys, the webhook signing
 * secret and History's "API" badge. Kept apart from `copy` so the server's and the web's changes
 * to the catalogue never collide; the /docs/api page has its own file (api-docs-copy.ts).
 */
export const apiWebCopy = {
  docsLinkLabel: 'API docs',
  keys: {
    heading: 'API keys',
    description:
      'Keys let your scripts call the Reframe API. Live keys spend the same credits as the app; test keys spend none.',
    docsLink: 'Read the API documentation',
    loading: 'Loading your API keys',
    loadFailed: 'Failed to load your API keys. Please try again.',
    notAllowed: `API access comes with the ${expert.name} plan. In a team, its owner and admins manage the keys.`,
    seePlans: 'See plans',
    listLabel: 'Your API keys',
    empty: 'No keys yet. Create one to call the API from your scripts.',
    /** The button that opens the dialog and the dialog's own submit: one label, one entry. */
    create: 'Create key',
    modes: { live: 'Live', test: 'Test' },
    createdOn: (date: string) => `Created ${date}`,
    lastUsed: (date: string) => `Last used ${date}`,
    neverUsed: 'Never used',
    suspended: 'Suspended',
    suspendedHint:
      'Its maker no longer has API access on this account, so calls with it get 401. Revoke it, or it works again if they regain access.',
    readOnly: `You can no longer make keys: API access comes with the ${expert.name} plan, and in a team its owner and admins manage the keys. Your keys are suspended; you can still revoke them.`,
    revoke: 'Revoke',
    revokeLabel: (name: string) => `Revoke ${name}`,
    revoking: 'Revoking...',
    revoked: (name: string) => `${name} is revoked: calls made with it now get 401.`,
    confirmRevoke: {
      title: (name: string) => `Revoke "${name}"?`,
      body: 'Every script using this key is refused from its next call. This cannot be undone.',
      confirm: 'Revoke Key',
      cancel: 'Cancel',
    },
  },
  createDialog: {
    title: 'Create an API key',
    nameLabel: 'Name',
    namePlaceholder: 'e.g. Catalogue sync',
    nameHint: 'To tell your keys apart, in this list and in History.',
    nameRequired: 'Give the key a name.',
    nameTooLong: `A key's name has at most ${API_KEY_NAME_MAX} characters.`,
    modeLabel: 'Mode',
    modeHints: {
      live: 'Spends credits and makes full-quality results.',
      test: `Spends nothing and watermarks its results. Up to ${TEST_KEYS_PER_ACCOUNT} test keys an account, sharing ${TEST_KEY_CALLS_PER_DAY} calls a day, ${TEST_KEY_OUTPUTS_PER_CALL} outputs a call.`,
    },
    creating: 'Creating...',
    cancel: 'Cancel',
  },
  keyShown: {
    title: 'Your new API key',
    keyLabel: 'API key',
    warning: 'Copy it now and keep it somewhere safe: it will not be shown again.',
    done: 'Done',
  },
  clipboard: {
    copy: 'Copy',
    copied: 'Copied',
    copyKey: 'Copy the API key',
    copySecret: 'Copy the signing secret',
    failed: 'Copying failed. Select the text and copy it yourself.',
  },
  webhook: {
    heading: 'Webhook signing secret',
    description:
      'Every webhook Reframe sends is signed with this secret, so your receiver can check it came from us.',
    secretLabel: 'Signing secret',
    hidden: 'Hidden',
    reveal: 'Reveal',
    hide: 'Hide',
    revealLabel: 'Reveal the signing secret',
    hideLabel: 'Hide the signing secret',
    rotate: 'Rotate',
    rotating: 'Rotating...',
    rotated: 'A new signing secret is in use. Update your receivers with it.',
    loadFailed: 'Failed to load the signing secret. Please try again.',
    confirmRotate: {
      title: 'Rotate the signing secret?',
      body: 'Webhooks are signed with a new secret from now on, and the current one stops verifying.',
      confirm: 'Rotate Secret',
      cancel: 'Cancel',
    },
  },
  history: {
    /** The badge on a run made through the API, e.g. "API · Catalogue sync". */
    apiBadge: (keyName: string) => `API · ${keyName}`,
    apiBadgeLabel: (keyName: string) => `Made through the API with the key ${keyName}`,
  },
} as const;
