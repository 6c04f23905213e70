export * from './messages';
export * from './geometry';
