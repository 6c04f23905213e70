export * from './account';
export * from './resizer';
export * from './site';
export * from './files';
export * from './team';
export * from './api';
