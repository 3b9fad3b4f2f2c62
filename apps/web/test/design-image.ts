import type { DesignView, RefinedViewImage, ScoredViewImage } from '@rv/contracts/api/design-view';

/** What the view says of any result image (the thumbnail and srcset follow `url` unless given). */
function resultImage(overrides: { url?: string; thumbnailUrl?: string }) {
  const url = overrides.url ?? '/api/files/designs/d1/generated-1.webp';
  const thumbnailUrl = overrides.thumbnailUrl ?? url.replace(/\.webp$/, '-thumb.webp');
  return {
    id: 'img-2',
    url,
    thumbnailUrl,
    thumbnailWidth: 720,
    width: 1600,
    height: 1200,
    srcset: `${thumbnailUrl} 720w, ${url} 1600w`,
    saved: false,
    name: null,
    roomType: null,
    notes: null,
    flagged: false,
    items: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/**
 * A result image as the design view answers it, for tests: a generated image of design d1 (or, with
 * kind 'fixed', a Fix Room result), unsaved and unnamed; `overrides` set what a test is about.
 */
export function viewImage(overrides: Partial<ScoredViewImage> = {}): ScoredViewImage {
  return { ...resultImage(overrides), kind: 'generated', fidelityScore: 0.9, refinement: null, ...overrides };
}

/** A refinement of design d1 as the view answers it: its number is what makes it one. */
export function refinedImage(overrides: Partial<RefinedViewImage> & Pick<RefinedViewImage, 'refinement'>): RefinedViewImage {
  return { ...resultImage(overrides), kind: 'refined', fidelityScore: null, ...overrides };
}

/** A finished furnishing design d1 as the view answers it, with two generated images unless `overrides` say otherwise. */
export function designView(overrides: Partial<Omit<DesignView, 'status' | 'error'>> = {}): DesignView {
  const id = overrides.id ?? 'd1';
  return {
    id,
    tool: 'furnishing',
    status: 'done',
    error: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    analysisHtml: null,
    isPublic: false,
    pagePath: `/furnishing-decorating/design/${id}`,
    original: {
      url: `/api/files/designs/${id}/original.webp`,
      thumbnailUrl: `/api/files/designs/${id}/original-thumb.webp`,
      thumbnailWidth: 720,
      width: 1600,
      height: 1200,
      srcset: `/api/files/designs/${id}/original-thumb.webp 720w, /api/files/designs/${id}/original.webp 1600w`,
    },
    images: [
      viewImage({ id: 'g1', url: `/api/files/designs/${id}/generated-1.webp` }),
      viewImage({ id: 'g2', url: `/api/files/designs/${id}/generated-2.webp` }),
    ],
    ...overrides,
  };
}
