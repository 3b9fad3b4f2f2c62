import type { DesignImage } from '@rv/contracts/api/designs';

/**
 * A design image row as the API answers it, for tests: a generated image at position 1 of design d1,
 * unsaved and unnamed; `overrides` set what a test is about (the thumbnail follows `url` unless given).
 */
export function designImage(overrides: Partial<DesignImage> = {}): DesignImage {
  const url = overrides.url ?? '/api/files/designs/d1/generated-1.webp';
  return {
    id: 'img-2',
    kind: 'generated',
    url,
    thumbnailUrl: url.replace(/\.webp$/, '-thumb.webp'),
    thumbnailWidth: 720,
    width: 1600,
    height: 1200,
    position: 1,
    saved: false,
    name: null,
    roomType: null,
    notes: null,
    fidelityScore: null,
    items: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
