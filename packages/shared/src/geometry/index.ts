export * from './canvas';
export * from './ratio';
