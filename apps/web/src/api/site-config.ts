import { siteConfigSchema, type SiteConfig } from '@reframe/shared';
import { apiFetch } from './http';

/** GET /api/site-config: public facts about this deployment (demo payments, the AI provider). */
async function fetchSiteConfig(): Promise<SiteConfig> {
  return siteConfigSchema.parse(await apiFetch<unknown>('/api/site-config'));
}

/** One cache entry for every screen; the deployment does not change while a page is open. */
export const siteConfigQuery = {
  queryKey: ['site-config'],
  queryFn: fetchSiteConfig,
  staleTime: Infinity,
} as const;
