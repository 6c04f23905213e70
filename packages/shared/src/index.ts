export * from './messages';
export * from './geometry';
export * from './plans';
export * from './callable';
export * from './schemas';
export * from './aspect-ratios';
export * from './ai-provider';
