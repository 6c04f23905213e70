export * from './copy';
export * from './errors';
export * from './team-web-copy';
export * from './api-web-copy';
