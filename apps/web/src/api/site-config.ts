import { siteConfigSchema, type SiteConfig } from '@reframe/shared';
import { apiFetch } from './http';

/** GET /api/site-config: public facts about this deployment (is it a payments demo?). */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  return siteConfigSchema.parse(await apiFetch<unknown>('/api/site-config'));
}
