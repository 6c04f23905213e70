import * as z from 'zod';
import { AI_PROVIDERS } from '../ai-provider';

/** GET /api/site-config: what every page needs to know about this deployment, before sign-in. */
export const siteConfigSchema = z.object({
  /** PAYMENTS_DEMO_MODE: payments are simulated; every page shows copy.demo.banner. */
  paymentsDemo: z.boolean(),
  /** Who makes the images; the resizer submits ratios as `ratioSubmission` says for it. */
  aiProvider: z.enum(AI_PROVIDERS),
  /** MAX_ACTIVE_JOBS_PER_USER: the resizer never has more predictions than this queued or running. */
  maxActiveJobsPerUser: z.number().int().positive(),
  /**
   * The hosted model REPLICATE_MODEL names ("black-forest-labs/flux-fill-pro"), or null: a weak
   * result the engine made offers it (issue 38). Null for the engine and for a pinned version.
   */
  hostedModel: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
