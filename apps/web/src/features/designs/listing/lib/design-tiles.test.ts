import { describe, expect, it } from 'vitest';
import { designImage } from '@/test/design-image';
import type { MyDesignRecord } from '../api/get-room-designs';
import { designTiles, UNTITLED } from './design-tiles';

const row = designImage;

const record = (overrides: Partial<MyDesignRecord> = {}): MyDesignRecord => ({
  id: 'd1',
  designId: 'd1',
  projectName: 'Den',
  roomType: 'living-room',
  notes: null,
  projectNameMap: { '0': 'Den', '2': 'Den, again' },
  roomTypeMap: { '0': 'living-room', '2': 'sun-room' },
  notesMap: {},
  originalImageUrl: '/api/files/designs/d1/original.webp',
  generatedImageUrls: ['/api/files/designs/d1/generated-1.webp', '/api/files/designs/d1/generated-2.webp'],
  refinedImageUrls: ['/api/files/designs/d1/refined-1.webp'],
  refinedImageStorageUrls: [
    '/api/files/designs/d1/refined-1.webp',
    '/api/files/designs/d1/generated-1.webp',
    '/api/files/designs/d1/generated-2.webp',
  ],
  thumbnailUrls: [
    '/api/files/designs/d1/refined-1-thumb.webp',
    '/api/files/designs/d1/generated-1-thumb.webp',
    '/api/files/designs/d1/generated-2-thumb.webp',
  ],
  refinedSaveStatusList: [true, false, true],
  visualizerFilename: null,
  visualizerFilenames: [],
  clientsFilename: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  analysisText: null,
  isfdDesign: true,
  iskbDesign: false,
  fdDetailUrl: '/furnishing-decorating/design/d1',
  kbDetailUrl: null,
  makefdDetailUrlPublic: false,
  makekbDetailUrlPublic: false,
  status: 'done',
  error: null,
  fidelityScores: [],
  fidelityFlags: [],
  designImages: [
    row({ id: 'o', kind: 'original', position: null, url: '/api/files/designs/d1/original.webp', saved: false }),
    row({
      id: 'r1',
      kind: 'refined',
      position: 0,
      url: '/api/files/designs/d1/refined-1.webp',
      saved: true,
      name: 'Den',
      roomType: 'living-room',
    }),
    row({ id: 'g1', kind: 'generated', position: 1, url: '/api/files/designs/d1/generated-1.webp' }),
    row({
      id: 'g2',
      kind: 'generated',
      position: 2,
      url: '/api/files/designs/d1/generated-2.webp',
      saved: true,
      name: 'Den, again',
      roomType: 'sun-room',
    }),
  ],
  originalThumbnailUrl: '/api/files/designs/d1/original-thumb.webp',
  ...overrides,
});

describe('designTiles', () => {
  it('makes a tile of each saved image with its thumbnail, name, room type and results page', () => {
    const tiles = designTiles([record()], { savedOnly: true });
    expect(tiles.map((t) => [t.index, t.image.id, t.thumbUrl, t.name, t.roomType, t.uniqueUrl])).toEqual([
      [0, 'r1', '/api/files/designs/d1/refined-1-thumb.webp', 'Den', 'Living Room', '/furnishing-decorating/design/d1'],
      [2, 'g2', '/api/files/designs/d1/generated-2-thumb.webp', 'Den, again', 'Sun room', '/furnishing-decorating/design/d1'],
    ]);
  });

  it('lists every result image (never the original upload) for Auto-saved Designs, with its status', () => {
    const tiles = designTiles([record()], { savedOnly: false });
    expect(tiles.map((t) => [t.index, t.saved, t.name])).toEqual([
      [0, true, 'Den'],
      [1, false, UNTITLED],
      [2, true, 'Den, again'],
    ]);
  });

  it('reads each fact from the image row, not from the position-keyed maps, and lists rows in position order', () => {
    const base = record();
    // The maps say position 0 is 'Den' (as a stale answer might); the rows moved: the refinement is now second.
    const moved = base.designImages.map((image) =>
      image.id === 'r1' ? { ...image, position: 1 } : image.id === 'g1' ? { ...image, position: 0 } : image,
    );
    const tiles = designTiles([record({ designImages: [...moved].reverse() })], { savedOnly: false });
    expect(tiles.map((t) => [t.index, t.image.id, t.saved, t.name])).toEqual([
      [0, 'g1', false, UNTITLED],
      [1, 'r1', true, 'Den'],
      [2, 'g2', true, 'Den, again'],
    ]);
  });

  it('has no results page for an older design without one, and falls back to the full image without a thumbnail', () => {
    const base = record();
    const noThumbs = base.designImages.map((image) => ({ ...image, thumbnailUrl: '' }));
    const [tile] = designTiles([record({ fdDetailUrl: null, designImages: noThumbs })], { savedOnly: true });
    expect(tile!.uniqueUrl).toBeNull();
    expect(tile!.thumbUrl).toBe('/api/files/designs/d1/refined-1.webp');
  });
});
