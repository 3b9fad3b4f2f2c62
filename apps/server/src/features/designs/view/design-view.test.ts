import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DesignImageRow, DesignRow } from '../../../db/schema';
import { plainBrief } from '../../../../test/fixtures';
import { makeSeedPicture } from '../../../../test/seed-designs';
import { makeThumbnail, processImage, THUMBNAIL_WIDTH } from '../../../uploads/process-image';
import { toDesignView } from './design-view';
import { toDesignRecord } from '../spec/spec-design-record';

describe('responsive image info in the design record', () => {
  it('thumbnails are THUMBNAIL_WIDTH wide (never enlarged), made the same way for uploads and results', async () => {
    const big = await makeSeedPicture({ width: 1600, height: 1200 });
    expect(THUMBNAIL_WIDTH).toBe(720);
    expect(big.thumbWidth).toBe(720);
    expect((await sharp(big.thumb).metadata()).width).toBe(720);
    const portrait = await makeThumbnail(
      await sharp({ create: { width: 900, height: 1600, channels: 3, background: '#888' } })
        .webp()
        .toBuffer(),
    );
    expect(portrait.width).toBe(720);
    const small = await processImage(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    );
    expect([small.thumbWidth, (await sharp(small.thumb).metadata()).width]).toEqual([400, 400]);
  });

  it("gives each image its thumbnail's recorded width, and 480-box widths for images stored before it was recorded", () => {
    const design: DesignRow = {
      id: 'd1',
      userId: 'u1',
      tool: 'furnishing',
      status: 'done',
      error: null,
      brief: plainBrief(),
      prompt: null,
      original: { key: 'designs/d1/original.webp', thumbKey: 'designs/d1/original-thumb.webp', width: 1600, height: 1200, thumbWidth: 720 },
      references: [],
      analysisHtml: '',
      providerRequestId: null,
      creditState: 'committed',
      creditClaimedAt: null,
      isPublic: false,
      pendingTweakKeys: [],
      pendingMaskKeys: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const generated: DesignImageRow = {
      id: 'i1',
      designId: 'd1',
      userId: 'u1',
      kind: 'generated',
      rank: 0,
      key: 'designs/d1/generated-1.webp',
      thumbKey: 'designs/d1/generated-1-thumb.webp',
      width: 1200,
      height: 1600,
      thumbWidth: null,
      fidelity: 1,
      flagged: false,
      saved: false,
      name: null,
      roomType: null,
      notes: null,
      items: null,
      maskKey: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const { images } = toDesignRecord(toDesignView(design, [generated]));
    expect(images?.['/api/files/designs/d1/original.webp']?.thumbnailWidth).toBe(720);
    // Legacy portrait: a 480 x 480 box gave 360 px of width.
    expect(images?.['/api/files/designs/d1/generated-1.webp']?.thumbnailWidth).toBe(360);
  });
});
