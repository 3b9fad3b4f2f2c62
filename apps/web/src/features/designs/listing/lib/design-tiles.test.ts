import type { DesignView } from '@rv/contracts/api/design-view';
import { describe, expect, it } from 'vitest';
import { designView, refinedImage, viewImage } from '@test/design-image';
import { designTiles, UNTITLED } from './design-tiles';

const view = (overrides: Parameters<typeof designView>[0] = {}): DesignView =>
  designView({
    images: [
      refinedImage({
        id: 'r1',
        refinement: 1,
        url: '/api/files/designs/d1/refined-1.webp',
        saved: true,
        name: 'Den',
        roomType: 'living-room',
      }),
      viewImage({ id: 'g1', url: '/api/files/designs/d1/generated-1.webp' }),
      viewImage({ id: 'g2', url: '/api/files/designs/d1/generated-2.webp', saved: true, name: 'Den, again', roomType: 'sun-room' }),
    ],
    ...overrides,
  });

describe('designTiles', () => {
  it('makes a tile of each saved image with its thumbnail, name, room type and results page', () => {
    const tiles = designTiles([view()], { savedOnly: true });
    expect(tiles.map((t) => [t.ordinal, t.image.id, t.thumbUrl, t.name, t.roomType, t.uniqueUrl])).toEqual([
      [1, 'r1', '/api/files/designs/d1/refined-1-thumb.webp', 'Den', 'Living Room', '/furnishing-decorating/design/d1'],
      [3, 'g2', '/api/files/designs/d1/generated-2-thumb.webp', 'Den, again', 'Sun room', '/furnishing-decorating/design/d1'],
    ]);
  });

  it('lists every result image for Auto-saved Designs, with its status, in the view’s order', () => {
    const tiles = designTiles([view()], { savedOnly: false });
    expect(tiles.map((t) => [t.ordinal, t.image.id, t.saved, t.name])).toEqual([
      [1, 'r1', true, 'Den'],
      [2, 'g1', false, UNTITLED],
      [3, 'g2', true, 'Den, again'],
    ]);
  });

  it('keys each tile by its design and image ids, newest design first as listed', () => {
    const other = designView({ id: 'd2', images: [viewImage({ id: 'x1', saved: true, name: 'Loft' })] });
    expect(designTiles([other, view()], { savedOnly: true }).map((t) => t.key)).toEqual(['d2:x1', 'd1:r1', 'd1:g2']);
  });

  it('falls back to the full image without a thumbnail', () => {
    const [tile] = designTiles(
      [view({ images: [viewImage({ id: 'r1', saved: true, thumbnailUrl: '', url: '/api/files/designs/d1/refined-1.webp' })] })],
      {
        savedOnly: true,
      },
    );
    expect(tile!.thumbUrl).toBe('/api/files/designs/d1/refined-1.webp');
  });
});
