import { describe, expect, it } from 'vitest';
import { findWindowX, gradePixels } from './grade-image';
import { NO_GRADE } from './style-words';

const grey = (v: number, n = 4) => Buffer.from(Array.from({ length: n * 3 }, () => v));

describe('gradePixels', () => {
  it('changes nothing without a grade or tint', () => {
    const pixels = Buffer.from([10, 20, 30, 200, 150, 100]);
    expect(gradePixels(pixels, 3, NO_GRADE)).toEqual(pixels);
  });

  it('keeps the order of brightness (no edge can move or vanish)', () => {
    const ramp = Buffer.from(Array.from({ length: 256 * 3 }, (_, i) => Math.floor(i / 3)));
    const out = gradePixels(ramp, 3, { light: 0.05, contrast: 0.1, warmth: 0.03, saturation: 0.2 }, [
      { rgb: [156, 175, 136], strength: 0.5 },
    ]);
    for (let i = 3; i < out.length; i += 3) {
      const y = (j: number) => 0.299 * (out[j] ?? 0) + 0.587 * (out[j + 1] ?? 0) + 0.114 * (out[j + 2] ?? 0);
      expect(y(i)).toBeGreaterThanOrEqual(y(i - 3) - 0.6);
    }
  });

  it('tints towards a colour, warms, lightens and skips an alpha channel', () => {
    const [r, g, b] = gradePixels(grey(128, 1), 3, NO_GRADE, [{ rgb: [30, 150, 40], strength: 1 }]);
    expect((g ?? 0) - ((r ?? 0) + (b ?? 0)) / 2).toBeGreaterThan(20);
    const [wr, , wb] = gradePixels(grey(128, 1), 3, { ...NO_GRADE, warmth: 0.05 });
    expect((wr ?? 0) - (wb ?? 0)).toBeGreaterThan(10);
    const rgba = Buffer.from([100, 100, 100, 77]);
    const lighter = gradePixels(rgba, 4, { ...NO_GRADE, light: 0.1 });
    expect(lighter[0]).toBeGreaterThan(120);
    expect(lighter[3]).toBe(77);
  });
});

describe('findWindowX', () => {
  it('finds the bright band of a window, or nothing in an even room', () => {
    const width = 100;
    const height = 50;
    const pixels = Buffer.alloc(width * height * 3, 120);
    for (let y = 15; y < 28; y++) for (let x = 60; x < 75; x++) pixels.fill(240, (y * width + x) * 3, (y * width + x) * 3 + 3);
    expect(findWindowX(pixels, width, height, 3)).toBeCloseTo(0.675, 1);
    expect(findWindowX(Buffer.alloc(width * height * 3, 120), width, height, 3)).toBeUndefined();
  });
});
