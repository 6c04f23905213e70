import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP for the Vite-built SPA: scripts and styles are files from our origin (style attributes set
 * by React need 'unsafe-inline' in style-src); images may be data:/blob: previews.
 */
export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(appUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: appUrl.startsWith('https://'),
  });
}
