export * from './account';
export * from './resizer';
