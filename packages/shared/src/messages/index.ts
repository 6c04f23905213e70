export * from './copy';
export * from './errors';
