import { describe, expect, it } from 'vitest';
import { ORIGINAL_PHOTO_SIZES } from '@rv/contracts/images';
import { firstImageOf } from './page-renderer';

describe("a results page's largest image, read from its answer through a schema", () => {
  const answer = (original: unknown) => ({ designView: { id: 'd1', answer: { design: { original }, editable: false } } });

  it("is the design's original photo, with its srcset when it has one", () => {
    expect(firstImageOf(answer({ url: '/api/files/designs/d1/original.webp', srcset: 'a 720w, b 1600w' }))).toEqual({
      href: '/api/files/designs/d1/original.webp',
      responsive: { srcset: 'a 720w, b 1600w', sizes: ORIGINAL_PHOTO_SIZES },
    });
    expect(firstImageOf(answer({ url: '/api/files/designs/d1/original.webp', srcset: 7 }))).toEqual({
      href: '/api/files/designs/d1/original.webp',
    });
  });

  it('is none for an answer without a photo (a 404 answer, another page)', () => {
    expect(firstImageOf({})).toBeNull();
    expect(firstImageOf({ designView: { id: 'd1', answer: { error: 'Not found' } } })).toBeNull();
    expect(firstImageOf(answer({ url: 5 }))).toBeNull();
  });
});
