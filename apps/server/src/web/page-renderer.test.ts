import { describe, expect, it } from 'vitest';
import { RESULT_IMAGE_SIZES } from '@rv/contracts/images';
import { firstImageOf } from './page-renderer';

describe("a results page's largest image, read from its answer through a schema", () => {
  const answer = (images: unknown) => ({
    designView: { id: 'd1', answer: { design: { original: { url: '/api/files/designs/d1/original.webp' }, images }, editable: false } },
  });
  const generated = (n: number, srcset?: unknown) => ({ kind: 'generated', url: `/api/files/designs/d1/generated-${n}.webp`, srcset });

  it('is the design shown first (its first result, not a refinement), with its srcset when it has one; never the original photo', () => {
    const refined = { kind: 'refined', url: '/api/files/designs/d1/task-t-1.webp', srcset: 'r 720w' };
    expect(firstImageOf(answer([refined, generated(1, 'a 720w, b 1600w'), generated(2)]))).toEqual({
      href: '/api/files/designs/d1/generated-1.webp',
      responsive: { srcset: 'a 720w, b 1600w', sizes: RESULT_IMAGE_SIZES },
    });
    expect(firstImageOf(answer([generated(1, 7)]))).toEqual({ href: '/api/files/designs/d1/generated-1.webp' });
    // A design not made yet (or failed) has no result: nothing is preloaded, not its original photo either.
    expect(firstImageOf(answer([]))).toBeNull();
  });

  it('is none for an answer without a photo (a 404 answer, another page)', () => {
    expect(firstImageOf({})).toBeNull();
    expect(firstImageOf({ designView: { id: 'd1', answer: { error: 'Not found' } } })).toBeNull();
    expect(firstImageOf(answer([{ kind: 'generated', url: 5 }]))).toBeNull();
  });
});
