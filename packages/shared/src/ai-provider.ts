/** Who makes the images: the built-in engine, or the brief's hosted AI service. */
export const AI_PROVIDERS = ['engine', 'replicate'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The brief's pause between consecutive ratios (section 9), meant for a hosted AI service. */
export const HOSTED_PAUSE_BETWEEN_RATIOS_MS = 2000;

/**
 * How the resizer submits the selected ratios. The built-in engine's jobs wait in the server's
 * queue, so every ratio goes at once and the worker pool runs as many as it has workers; a
 * hosted service keeps the brief's run, one ratio after another with its pause in between
 * (ARCHITECTURE.md: the pause is the provider's).
 */
export type RatioSubmission = { kind: 'all-at-once' } | { kind: 'one-by-one'; pauseMs: number };

export function ratioSubmission(provider: AiProvider): RatioSubmission {
  switch (provider) {
    case 'engine':
      return { kind: 'all-at-once' };
    case 'replicate':
      return { kind: 'one-by-one', pauseMs: HOSTED_PAUSE_BETWEEN_RATIOS_MS };
  }
}
