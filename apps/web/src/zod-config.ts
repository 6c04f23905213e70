import { config } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when the page allows it, and finds out by trying.
 * Our CSP forbids eval (script-src 'self'), so that probe is reported as a CSP violation. Parsing
 * without the compiled fast path is plenty fast for API answers. This must run before any schema
 * is built, so main.tsx imports it first.
 */
config({ jitless: true });
