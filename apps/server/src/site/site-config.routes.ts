import type { SiteConfig } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';

/** GET /api/site-config: public facts about the deployment the web app shows on every page. */
export function siteConfigRoutes(siteConfig: SiteConfig) {
  return function register(app: FastifyInstance) {
    app.get('/api/site-config', (): SiteConfig => siteConfig);
  };
}
