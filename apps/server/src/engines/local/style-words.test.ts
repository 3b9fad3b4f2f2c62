import { describe, expect, it } from 'vitest';
import { NO_GRADE, gradeFromWords, scaleGrade } from './style-words';

describe('gradeFromWords', () => {
  it('makes scandinavian lighter and cooler, cosy warmer, moody darker', () => {
    const scandi = gradeFromWords('Scandinavian living room').grade;
    expect(scandi.light).toBeGreaterThan(0);
    expect(scandi.warmth).toBeLessThan(0);
    expect(gradeFromWords('warm and cozy').grade.warmth).toBeGreaterThan(0);
    const moody = gradeFromWords('a moody, dark library').grade;
    expect(moody.light).toBeLessThan(-0.1);
    expect(moody.contrast).toBeGreaterThan(0);
  });

  it('counts each rule once, caps the total, and ignores colour names', () => {
    expect(gradeFromWords('dark dark dark moody dramatic').grade.light).toBeCloseTo(-0.12);
    expect(gradeFromWords('boho eclectic vibrant bold maximalist').grade.saturation).toBeLessThanOrEqual(0.3);
    expect(gradeFromWords('warm sand walls, dark blue sofa')).toEqual({ grade: NO_GRADE, words: [] });
    expect(gradeFromWords('mid-century modern').words).toEqual(['mid-century']);
  });

  it('scales a grade', () => {
    expect(scaleGrade({ light: 0.1, contrast: 0.2, warmth: -0.02, saturation: 0 }, 2)).toEqual({
      light: 0.2,
      contrast: 0.4,
      warmth: -0.04,
      saturation: 0,
    });
  });
});
