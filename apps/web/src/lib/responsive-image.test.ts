import { describe, expect, it } from 'vitest';
import { designView } from '@test/design-image';
import { responsiveImage } from './responsive-image';

describe('responsiveImage', () => {
  it('gives the browser the thumbnail and the full image to choose from, and the picture’s size', () => {
    const { original } = designView();
    expect(responsiveImage(original, '(min-width: 768px) 50vw, 100vw')).toEqual({
      src: '/api/files/designs/d1/original.webp',
      srcSet: '/api/files/designs/d1/original-thumb.webp 720w, /api/files/designs/d1/original.webp 1600w',
      sizes: '(min-width: 768px) 50vw, 100vw',
      width: 1600,
      height: 1200,
    });
  });

  it('a picture whose thumbnail is the full image (no srcset) is the image alone, without sizes', () => {
    const { srcset: _none, ...original } = designView().original;
    expect(responsiveImage(original, '100vw')).toEqual({ src: original.url, width: 1600, height: 1200 });
  });
});
