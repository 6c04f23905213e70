export * from './canvas';
export * from './ratio';
export * from './upload-shape';
export * from './placement';
export * from './framing';
export * from './framing-choice';
export * from './kept-part';
