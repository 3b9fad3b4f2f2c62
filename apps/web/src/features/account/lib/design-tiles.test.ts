import { describe, expect, it } from 'vitest';
import type { MyDesignRecord } from '../api/get-room-designs';
import { designTiles, UNTITLED } from './design-tiles';

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
  designImages: [],
  originalThumbnailUrl: '/api/files/designs/d1/original-thumb.webp',
  ...overrides,
});

describe('designTiles', () => {
  it('makes a tile of each saved image with its thumbnail, name, room type and results page', () => {
    const tiles = designTiles([record()], { savedOnly: true });
    expect(tiles.map((t) => [t.index, t.thumbUrl, t.name, t.roomType, t.uniqueUrl])).toEqual([
      [0, '/api/files/designs/d1/refined-1-thumb.webp', 'Den', 'Living Room', '/furnishing-decorating/design/d1'],
      [2, '/api/files/designs/d1/generated-2-thumb.webp', 'Den, again', 'Sun room', '/furnishing-decorating/design/d1'],
    ]);
  });

  it('lists every image for Auto-saved Designs, with its status', () => {
    const tiles = designTiles([record()], { savedOnly: false });
    expect(tiles.map((t) => [t.index, t.saved, t.name])).toEqual([
      [0, true, 'Den'],
      [1, false, UNTITLED],
      [2, true, 'Den, again'],
    ]);
  });

  it('has no results page for an older design without one, and falls back to the full image without a thumbnail', () => {
    const [tile] = designTiles([record({ fdDetailUrl: null, thumbnailUrls: [] })], { savedOnly: true });
    expect(tile!.uniqueUrl).toBeNull();
    expect(tile!.thumbUrl).toBe('/api/files/designs/d1/refined-1.webp');
  });
});
