import { EngineInputError } from '@reframe/engine';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import { checkDeclaredType, cleanFilename, throwUploadError } from './upload-checks';

const codeOf = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
};

describe('checkDeclaredType', () => {
  it('passes image/* types and the brief’s extensions, and refuses the rest and SVG', () => {
    expect(codeOf(() => checkDeclaredType('a.bin', 'image/png'))).toBeNull();
    expect(codeOf(() => checkDeclaredType('a.JPG', 'application/octet-stream'))).toBeNull();
    expect(codeOf(() => checkDeclaredType('a.txt', 'text/plain'))).toBe('INVALID_FILE_TYPE');
    expect(codeOf(() => checkDeclaredType('a.svg', 'image/svg+xml'))).toBe('INVALID_FILE_TYPE');
    expect(codeOf(() => checkDeclaredType('a.svg', 'application/octet-stream'))).toBe(
      'INVALID_FILE_TYPE',
    );
  });
});

describe('cleanFilename', () => {
  it('keeps the base name without control characters, or says "unknown"', () => {
    expect(cleanFilename('C:\\photos\\cat.jpg')).toBe('cat.jpg');
    expect(cleanFilename('../../etc/x\u0000.png')).toBe('x.png');
    expect(cleanFilename('   ')).toBe('unknown');
    expect(cleanFilename(undefined)).toBe('unknown');
  });
});

describe('throwUploadError', () => {
  it('maps each engine refusal to its upload message', () => {
    const code = (engineCode: ConstructorParameters<typeof EngineInputError>[0]) =>
      codeOf(() => throwUploadError(new EngineInputError(engineCode, 'x')));
    expect(code('UNSUPPORTED_FORMAT')).toBe('INVALID_FILE_TYPE');
    expect(code('TRUNCATED')).toBe('UPLOAD_TRUNCATED');
    expect(code('ANIMATED')).toBe('UPLOAD_ANIMATED');
    expect(code('TOO_MANY_PIXELS')).toBe('UPLOAD_TOO_MANY_PIXELS');
    expect(code('TOO_COSTLY')).toBe('UPLOAD_TOO_COSTLY');
  });

  it('throws a server fault as it is, not as a refusal of the file', () => {
    const fault = new Error('worker exited');
    expect(() => throwUploadError(fault)).toThrow(fault);
  });
});
