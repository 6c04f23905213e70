export * from './copy';
export * from './errors';
export * from './team-web-copy';
export * from './api-web-copy';
export * from './api-docs-copy';
export * from './api-docs-snippets';
export * from './api-errors';
export * from './plan-change-copy';
