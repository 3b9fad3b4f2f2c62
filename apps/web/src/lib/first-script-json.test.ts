import { describe, expect, it } from 'vitest';
import { isPartialSiteConfig, parseJsonObject } from './first-script-json';

describe("the first scripts' JSON checks", () => {
  it('takes only a JSON object', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    for (const text of ['{', '[1]', 'null', '"text"', '3']) expect(parseJsonObject(text)).toBeUndefined();
  });

  it('a site configuration passes when every field it has is of its shape, nested ones included', () => {
    const sample = { id: 1, room: 'Living Room', before: '/b.jpg', after: '/a.jpg', thumb: '/t.jpg', alt: 'A room' };
    expect(isPartialSiteConfig({})).toBe(true);
    expect(isPartialSiteConfig({ faqUrl: '/faq', walkthroughVideoUrl: null, samples: [sample] })).toBe(true);
    expect(isPartialSiteConfig({ payments: { provider: 'stripe', publishableKey: 'pk_test_1' } })).toBe(true);
    expect(isPartialSiteConfig({ payments: { provider: 'paypal', publishableKey: null } })).toBe(false);
    expect(isPartialSiteConfig({ samples: [{ ...sample, id: '1' }] })).toBe(false);
    expect(isPartialSiteConfig({ samples: [{ ...sample, alt: undefined }] })).toBe(false);
    expect(isPartialSiteConfig({ googleSignIn: 'yes' })).toBe(false);
    expect(isPartialSiteConfig({ faqUrl: null })).toBe(false);
  });
});
