import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/http/app-error';
import { assertWebhookUrl } from './webhook-url';

function refusal(url: string, isProduction: boolean): string | null {
  try {
    assertWebhookUrl(url, isProduction);
    return null;
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : 'other';
  }
}

describe('webhook_url', () => {
  it('is https anywhere, and http only to this machine outside production', () => {
    expect(refusal('https://hooks.example.com/reframe', true)).toBeNull();
    expect(refusal('http://localhost:4000/hook', false)).toBeNull();
    expect(refusal('http://127.0.0.1:4000/hook', false)).toBeNull();
    expect(refusal('http://localhost:4000/hook', true)).toBe('400 API_WEBHOOK_URL_INVALID');
    expect(refusal('http://127.0.0.1/hook', true)).toBe('400 API_WEBHOOK_URL_INVALID');
    expect(refusal('http://example.com/hook', false)).toBe('400 API_WEBHOOK_URL_INVALID');
    expect(refusal('http://10.0.0.5/hook', false)).toBe('400 API_WEBHOOK_URL_INVALID');
    expect(refusal('ftp://example.com/hook', false)).toBe('400 API_WEBHOOK_URL_INVALID');
  });
});
