import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberReturnPath, takeReturnPath } from './return-path';

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('the page to come back to after signing in again', () => {
  it('is the page shown when the session ended, taken once', () => {
    window.history.replaceState(null, '', '/furnishing-decorating/design/d1?x=1#refined-title');
    rememberReturnPath();
    expect(takeReturnPath()).toBe('/furnishing-decorating/design/d1?x=1#refined-title');
    expect(takeReturnPath()).toBeNull();
  });

  it('is only ever a path of this site, and never the sign-in pages', () => {
    for (const path of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/login', '/process-login?token=t']) {
      rememberReturnPath(path);
      expect(takeReturnPath()).toBeNull();
    }
    // A value planted in the tab's storage is checked as it is taken.
    sessionStorage.setItem('rv:return-to', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(takeReturnPath()).toBeNull();
    sessionStorage.setItem('rv:return-to', 'not json');
    expect(takeReturnPath()).toBeNull();
  });

  it('is forgotten after 30 minutes: a later sign-in lands as usual', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    rememberReturnPath('/account');
    vi.setSystemTime(new Date('2026-01-01T10:31:00Z'));
    expect(takeReturnPath()).toBeNull();
  });
});
