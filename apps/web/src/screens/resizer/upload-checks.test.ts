import { describe, expect, it } from 'vitest';
import { DROPZONE_ACCEPT, firstDroppedFile, uploadProblem } from './upload-checks';

describe('uploadProblem: what counts as an image', () => {
  const accepted = (file: { name: string; type: string }) =>
    uploadProblem({ ...file, size: 10 }) === null;

  it('accepts any image/ type, or a known extension when the type is missing', () => {
    expect(accepted({ name: 'a', type: 'image/gif' })).toBe(true);
    expect(accepted({ name: 'photo.JPG', type: '' })).toBe(true);
    expect(accepted({ name: 'scan.bmp', type: 'application/octet-stream' })).toBe(true);
  });

  it('accepts an iPhone photo by its .HEIC name when the browser gives no type (issue 41)', () => {
    expect(accepted({ name: 'IMG_0001.HEIC', type: '' })).toBe(true);
    expect(accepted({ name: 'IMG_0002.heif', type: '' })).toBe(true);
  });

  it('rejects other files', () => {
    expect(accepted({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(accepted({ name: 'png', type: '' })).toBe(false);
  });
});

describe('uploadProblem', () => {
  it('names the wrong type and the 10 MB limit', () => {
    expect(uploadProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(
      'Invalid file type. Please upload an image file.',
    );
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Upload failed: The file is larger than 10MB',
    );
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
  });
});

describe('firstDroppedFile', () => {
  it('takes the first accepted file, else the first rejected one', () => {
    expect(firstDroppedFile(['a', 'b'], [])).toBe('a');
    expect(firstDroppedFile([], [{ file: 'c' }, { file: 'd' }])).toBe('c');
    expect(firstDroppedFile([], [])).toBeNull();
  });
});

describe('DROPZONE_ACCEPT', () => {
  it('lets the file picker offer every format the server accepts, GIF and HEIC included (issue 41)', () => {
    expect(DROPZONE_ACCEPT).toEqual({
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
      'image/webp': ['.webp'],
      'image/heic': ['.heic', '.heif'],
      'image/heif': ['.heic', '.heif'],
      'image/bmp': ['.bmp'],
      'image/gif': ['.gif'],
    });
  });
});
