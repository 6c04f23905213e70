import { describe, expect, it } from 'vitest';
import { API_KEY_NAME_MAX, apiWebCopy, type ApiKeySummary } from '@reframe/shared';
import { ApiError } from '../../../api/api-error';
import {
  formatKeyDate,
  isNotAllowed,
  keyNameProblem,
  lastUsedLabel,
  shownPrefix,
} from './api-key-display';

const key: ApiKeySummary = {
  id: 'key_1',
  name: 'Catalogue sync',
  mode: 'live',
  prefix: 'rf_live_3kQ9',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastUsedAt: null,
  suspended: false,
};

describe('the API key list', () => {
  it('shows a key by its prefix, marked as cut short', () => {
    expect(shownPrefix(key)).toBe('rf_live_3kQ9…');
  });

  it('says "Never used" until the key is first used, then the day it last was', () => {
    expect(lastUsedLabel(key, 'en-GB')).toBe('Never used');
    expect(lastUsedLabel({ ...key, lastUsedAt: '2026-11-26T18:00:00.000Z' }, 'en-GB')).toBe(
      'Last used 26 Nov 2026',
    );
  });

  it('keeps a date it cannot read as it came', () => {
    expect(formatKeyDate('soon', 'en-GB')).toBe('soon');
  });
});

describe('keyNameProblem', () => {
  it('asks for a name when there is none, or only spaces', () => {
    expect(keyNameProblem('')).toBe(apiWebCopy.createDialog.nameRequired);
    expect(keyNameProblem('   ')).toBe(apiWebCopy.createDialog.nameRequired);
  });

  it('refuses a name over the limit the server validates with, and accepts one at it', () => {
    expect(keyNameProblem('x'.repeat(API_KEY_NAME_MAX + 1))).toBe(
      apiWebCopy.createDialog.nameTooLong,
    );
    expect(keyNameProblem('x'.repeat(API_KEY_NAME_MAX))).toBeNull();
  });
});

describe('isNotAllowed', () => {
  it('is true for the 403 of a user who may not manage keys, and only for it', () => {
    expect(isNotAllowed(new ApiError('FORBIDDEN', 'No', 403))).toBe(true);
    expect(isNotAllowed(new ApiError('INTERNAL', 'Oops', 500))).toBe(false);
    expect(isNotAllowed(new Error('offline'))).toBe(false);
  });
});
