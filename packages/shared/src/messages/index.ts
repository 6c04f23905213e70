export * from './copy';
export * from './errors';
export * from './team-web-copy';
