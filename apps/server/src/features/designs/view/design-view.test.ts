import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DesignImageRow, DesignRow } from '../../../db/schema';
import { plainBrief } from '../../../../test/fixtures';
import { makeSeedPicture } from '../../../../test/seed-designs';
import { makeThumbnail, processImage, THUMBNAIL_WIDTH } from '../../../uploads/process-image';
import { designView } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
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
    const design = designRow();
    const generated = imageRow({
      id: 'i1',
      kind: 'generated',
      key: 'designs/d1/generated-1.webp',
      thumbKey: 'designs/d1/generated-1-thumb.webp',
      width: 1200,
      height: 1600,
      thumbWidth: null,
      fidelity: 1,
    });
    const { images } = toDesignRecord(toDesignView(design, [generated]));
    expect(images?.['/api/files/designs/d1/original.webp']?.thumbnailWidth).toBe(720);
    // Legacy portrait: a 480 x 480 box gave 360 px of width.
    expect(images?.['/api/files/designs/d1/generated-1.webp']?.thumbnailWidth).toBe(360);
  });

  it('says what each kind of image and each state of a design carries: a refinement its number and mask, a failed design its error', () => {
    const design = designRow();
    const generated = imageRow({ id: 'g1', kind: 'generated', fidelity: 0.42, flagged: true });
    const older = imageRow({ id: 'r1', kind: 'refined', rank: -1, createdAt: new Date(1_000) });
    const masked = imageRow({
      id: 'r2',
      kind: 'refined',
      rank: -2,
      maskKey: 'designs/d1/mask-g1-abc.png',
      fidelity: 0.9,
      createdAt: new Date(2_000),
    });
    const view = designView.parse(toDesignView(design, [masked, older, generated]));
    expect(view.images.map((image) => [image.id, image.kind, image.refinement, image.fidelityScore])).toEqual([
      ['r2', 'refined', 2, 0.9],
      ['r1', 'refined', 1, null],
      ['g1', 'generated', null, 0.42],
    ]);
    const [first, second, third] = view.images;
    expect(first?.kind === 'refined' && first.maskUrl).toBe('/api/files/designs/d1/mask-g1-abc.png');
    expect(second?.kind === 'refined' && second.maskUrl).toBeUndefined();
    expect(third && 'maskUrl' in third).toBe(false);
    expect(view).toMatchObject({ status: 'done', error: null });

    // A failed design says why; one whose row lost its words says the spec's; an unfinished one has no error even if its row had one.
    expect(toDesignView({ ...design, status: 'failed', error: 'The engine is down.' }, [])).toMatchObject({
      status: 'failed',
      error: 'The engine is down.',
    });
    expect(toDesignView({ ...design, status: 'failed', error: null }, [])).toMatchObject({
      status: 'failed',
      error: messages.tools.processDesignFailed,
    });
    expect(toDesignView({ ...design, status: 'running', error: 'stale' }, [])).toMatchObject({ status: 'running', error: null });
    // The wire refuses the shapes that are not a state: failed without words, an error beside another status, a refinement without its number.
    const wire = designView.parse(toDesignView(design, [generated]));
    expect(designView.safeParse({ ...wire, status: 'failed', error: null }).success).toBe(false);
    expect(designView.safeParse({ ...wire, status: 'done', error: 'why' }).success).toBe(false);
    expect(designView.safeParse({ ...wire, images: [{ ...wire.images[0], kind: 'refined', refinement: null }] }).success).toBe(false);
  });
});

function designRow(): DesignRow {
  return {
    id: 'd1',
    userId: 'u1',
    tool: 'furnishing',
    status: 'done',
    statusText: 'Done',
    error: null,
    brief: plainBrief(),
    prompt: null,
    original: { key: 'designs/d1/original.webp', thumbKey: 'designs/d1/original-thumb.webp', width: 1600, height: 1200, thumbWidth: 720 },
    references: [],
    analysisHtml: '',
    analysisOwnerHtml: null,
    providerRequestId: null,
    creditState: 'committed',
    creditClaimedAt: null,
    isPublic: false,
    pendingTweakKeys: [],
    pendingMaskKeys: [],
    homeId: null,
    morePhotos: [],
    consistency: null,
    engineNotes: [],
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

function imageRow(row: Pick<DesignImageRow, 'id' | 'kind'> & Partial<DesignImageRow>): DesignImageRow {
  return {
    designId: 'd1',
    userId: 'u1',
    rank: 0,
    key: `designs/d1/${row.id}.webp`,
    thumbKey: `designs/d1/${row.id}-thumb.webp`,
    width: 1600,
    height: 1200,
    thumbWidth: 720,
    photo: 0,
    fidelity: null,
    flagged: false,
    saved: false,
    name: null,
    roomType: null,
    notes: null,
    items: null,
    maskKey: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...row,
  };
}
