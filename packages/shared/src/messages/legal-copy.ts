/**
 * The Terms of Service and the Privacy Policy (/terms, /privacy; issue 29), in plain words for what
 * the product does. Their facts come from the code: what the server stores, the limits it applies
 * (apps/server/src/platform/config/limits-config.ts) and what deleting a run or the account removes
 * (history and account services). `copy.legal` spreads this in.
 */
interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

interface LegalPage {
  title: string;
  lead: string;
  sections: readonly LegalSection[];
}

const supportEmail = 'support@reframe.app';

const terms = {
  title: 'Terms of Service',
  lead: 'These terms are the agreement between you and Reframe when you create an account and use the resizer.',
  sections: [
    {
      heading: 'What Reframe does',
      paragraphs: [
        'Reframe extends the background of a photo you upload to the aspect ratios and sizes you choose, using an image model. Each output costs one credit.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You need a verified email address to use the resizer. Keep your password to yourself: you are responsible for what is done with your account.',
        'You may delete your account at any time from Settings.',
      ],
    },
    {
      heading: 'Your photos',
      paragraphs: [
        'Upload only photos you have the right to use. They stay yours, and so do the results: we use them only to make and show you your results, never to train a model or for anything else.',
        'Do not upload anything illegal, or photos of people who have not agreed to it.',
      ],
    },
    {
      heading: 'Credits and plans',
      paragraphs: [
        'A new account gets 5 free credits. Paid plans renew every month and set your balance to the plan’s monthly credits: unused credits do not carry over.',
        'A run that fails refunds its credit. Payments are handled by Stripe; you can change or cancel your plan from Billing, and a cancelled plan runs to the end of the period already paid.',
      ],
    },
    {
      heading: 'Fair use',
      paragraphs: [
        'To keep the service working for everyone, an account may upload up to 60 photos an hour, store up to 10 GB, and run a few images at once. Do not try to get around these limits or to reach other users’ files.',
      ],
    },
    {
      heading: 'No guarantee',
      paragraphs: [
        'The results are made by a model and may contain mistakes: check them before you use them. We work to keep Reframe available but cannot promise it will never be interrupted.',
        `Questions: ${supportEmail}.`,
      ],
    },
  ],
} satisfies LegalPage;

const privacy = {
  title: 'Privacy Policy',
  lead: 'What Reframe stores about you, for how long, and how you delete it.',
  sections: [
    {
      heading: 'What we store',
      paragraphs: [
        'Your account: your name, your email address, a hash of your password (never the password itself), your settings and your sign-in sessions.',
        'Your photos: each original you upload and every result made from it, with the run’s history (sizes, versions and dates).',
        'Your credits: a ledger with one line for each change to your balance (the free credits, each plan renewal, each output and each refund).',
        'Payments: Stripe takes your card details and processes the payment; we never see or store your card. We keep your plan, its renewal date and the Stripe references of your subscription.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Your photos, results and history stay until you delete them: nothing expires on its own, and an account can hold up to 10 GB.',
        'Your account and credit ledger stay as long as your account exists. A session ends when you sign out, or after a week without use. Verification links expire after 24 hours and password reset links after one hour.',
      ],
    },
    {
      heading: 'How to delete it',
      paragraphs: [
        'One run: in History, choose Delete on the run. Its original and all of its results are deleted at once.',
        'Everything: in Settings, choose Delete Account and confirm with your password. A paid plan is cancelled first, so you are not charged again; then your account, settings, sessions, credit ledger, photos and results are deleted.',
        'We keep one thing: a keyed fingerprint of the deleted email address, which names no one, so that an account made again with that address does not receive the free credits a second time.',
      ],
    },
    {
      heading: 'Who else sees it',
      paragraphs: [
        'Stripe, for payments. If Reframe is set to use a hosted image model, the photo being resized is sent to that model’s provider to make the result. We do not sell your data or show you ads.',
        `Questions or requests: ${supportEmail}.`,
      ],
    },
  ],
} satisfies LegalPage;

export const legalCopy = {
  terms,
  privacy,
  lastUpdated: 'Last updated: November 26, 2026',
  /** The sign-up box's label (the brief's words), with its two links. */
  acceptTerms: {
    before: 'I agree to the ',
    terms: 'Terms of Service',
    and: ' and ',
    privacy: 'Privacy Policy',
  },
};
