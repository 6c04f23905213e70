import * as z from 'zod';

/** GET /api/site-config: what every page needs to know about this deployment, before sign-in. */
export const siteConfigSchema = z.object({
  /** PAYMENTS_DEMO_MODE: payments are simulated; every page shows copy.demo.banner. */
  paymentsDemo: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
