import { describe, expect, it } from 'vitest';
import { PREVIEW_LABEL_TEXT, previewLabel } from './preview-label';

describe('previewLabel', () => {
  it('draws "Local preview" with white letters on a translucent plate, scaled to the photo', () => {
    const small = previewLabel(480);
    expect(small.width).toBe(PREVIEW_LABEL_TEXT.length * 6 - 1 + 6);
    expect(small.height).toBe(13);
    let letters = 0;
    for (let i = 0; i < small.data.length; i += 4) if ((small.data[i] ?? 0) === 250) letters++;
    expect(letters).toBeGreaterThan(100);
    const big = previewLabel(4000);
    expect(big.width).toBe(small.width * 7);
  });
});
