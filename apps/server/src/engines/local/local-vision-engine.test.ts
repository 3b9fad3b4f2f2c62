import { styleLensSummary } from '@rv/contracts/api/account';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DesignBrief } from '../../domain/design-brief';
import { EngineError } from '../image-engine';
import { briefWith, ownersTexts } from '../../../test/engine-fixtures';
import { drawRoom } from '@rv/testing/test-rooms';
import { hexToRgb } from './colour-names';
import { createLocalVisionEngine, splitChanges } from './local-vision-engine';
import { twoColourPhoto } from '../../../test/images';

const vision = createLocalVisionEngine();

const brief = (over: Partial<DesignBrief> = {}): DesignBrief => briefWith({ styleDescription: 'Scandinavian', ...over });

const solid = (hex: string) => {
  const [r, g, b] = hexToRgb(hex);
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 95 })
    .toBuffer();
};

const ALLOWED_TAGS = new Set(['p', 'h3', 'ul', 'li', 'strong', 'em']);
const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)[^>]*>/gi)].map((m) => (m[1] ?? '').toLowerCase());

describe('local vision engine: analyzeDesign', () => {
  it("states the measured palette, light, warmth and contrast against the original; what was asked apart, in the owner's part", async () => {
    const original = await drawRoom();
    const result = await drawRoom({ colours: { backWall: '#9caf88', sideWalls: '#9caf88', ceiling: '#f7f7f5', floor: '#c19a6b' } });
    const asked = brief({
      styleDescription: 'Scandinavian with sage green walls',
      roomType: 'living-room',
      items: [
        { description: 'green velvet sofa', placement: 'left of the window' },
        { description: 'floor lamp', placement: '' },
      ],
      architecturalChanges: true,
      architecturalDetails: 'widen the doorway',
      inspirationCount: 2,
      styleLens: 'warm minimal',
    });
    const { html, ownerHtml } = await vision.analyzeDesign({ original, result, brief: asked });
    expect(html).toContain('<h3>Palette</h3>');
    expect(html).toMatch(/<li><strong>#[0-9a-f]{6}<\/strong> sage green \(\d+%\)<\/li>/);
    expect(html).toMatch(/the design is <strong>(lighter|darker|about as light)<\/strong> \(light \d+% against \d+%\)/);
    expect(html).toMatch(/<strong>(warmer|cooler|about as warm)<\/strong> \(warmth [+−]\d+ against [+−]\d+\)/);
    for (const tag of tagsOf(html)) expect(ALLOWED_TAGS).toContain(tag);
    // The engine's part says nothing of what the owner wrote (ADR 057): anyone the design is shared with reads it.
    expect(html).not.toContain('What you asked for');
    expect(html).not.toContain('StyleLens');
    for (const text of ownersTexts(asked)) expect(html).not.toContain(text);
    expect(ownerHtml).toContain('<h3>What you asked for</h3>');
    expect(ownerHtml).toContain('<strong>sage green</strong> is in the palette');
    expect(ownerHtml).toContain('<li><strong>Room type:</strong> living room</li>');
    expect(ownerHtml).toContain('<li><strong>Style:</strong> <em>Scandinavian with sage green walls</em></li>');
    expect(ownerHtml).toContain('<li><strong>Item 1:</strong> green velvet sofa, placed <em>left of the window</em></li>');
    expect(ownerHtml).toContain('<li><strong>Item 2:</strong> floor lamp, placed where it suits the layout</li>');
    expect(ownerHtml).toContain('<li><strong>Architectural changes:</strong> <em>widen the doorway</em>; everything else kept</li>');
    expect(ownerHtml).toContain('<li><strong>Inspiration:</strong> 2 photos</li>');
    expect(ownerHtml).toContain('<li><strong>StyleLens:</strong> applied</li>');
    for (const tag of tagsOf(ownerHtml)) expect(ALLOWED_TAGS).toContain(tag);
  });

  it('says which way the light and warmth went', async () => {
    const original = await solid('#808080');
    const { html } = await vision.analyzeDesign({ original, result: await solid('#c08040'), brief: brief() });
    expect(html).toContain('<strong>warmer</strong>');
    const darker = await vision.analyzeDesign({ original, result: await solid('#303030'), brief: brief() });
    expect(darker.html).toContain('<strong>darker</strong>');
    expect(darker.ownerHtml).toContain(
      '<li><strong>Architectural changes:</strong> none; walls, windows, doors, ceiling and camera kept</li>',
    );
  });

  it('escapes every piece of user text', async () => {
    const evil = '<script>alert("x")</script>';
    const { ownerHtml: html } = await vision.analyzeDesign({
      original: await solid('#808080'),
      result: await solid('#909090'),
      brief: brief({
        styleDescription: evil,
        additionalText: `<img src=x onerror=alert(1)> & more`,
        items: [{ description: '<b>sofa</b>', placement: '"><em>left' }],
        architecturalChanges: true,
        architecturalDetails: '<iframe>',
        roomType: '<svg>',
      }),
    });
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html).toContain('&lt;b&gt;sofa&lt;/b&gt;');
    expect(html).toContain('&quot;&gt;&lt;em&gt;left');
    expect(html).not.toMatch(/<script|<img|<iframe|<svg|<b>/i);
    for (const tag of tagsOf(html)) expect(ALLOWED_TAGS).toContain(tag);
  });

  it('describes kitchen finishes by category', async () => {
    const { ownerHtml: html } = await vision.analyzeDesign({
      original: await solid('#808080'),
      result: await solid('#909090'),
      brief: brief({
        tool: 'kitchen-bathroom',
        styleDescription: '',
        roomType: 'bathroom',
        items: [{ description: 'zellige tiles', placement: '', category: 'Backsplash' }],
      }),
    });
    expect(html).toContain('<li><strong>Space:</strong> bathroom</li>');
    expect(html).toContain('<li><strong>Backsplash:</strong> zellige tiles</li>');
  });
});

describe('local vision engine: analyzeStyle', () => {
  it('names the colours of photos of known colours and gives a summary that satisfies the contract', async () => {
    const photos = await Promise.all([
      twoColourPhoto('#1f2e50', '#eee0c2'),
      twoColourPhoto('#1f2e50', '#c2643c'),
      twoColourPhoto('#eee0c2', '#1f2e50'),
      twoColourPhoto('#c2643c', '#eee0c2'),
      twoColourPhoto('#9caf88', '#1f2e50'),
    ]);
    const { lens, summary } = await vision.analyzeStyle({ photos });
    expect(styleLensSummary.parse(summary)).toEqual(summary);
    const names = summary.palette.map((entry) => entry.replace(/^#[0-9a-f]{6} /, ''));
    expect(names.slice(0, 2)).toEqual(['navy', 'cream']);
    expect(names).toEqual(expect.arrayContaining(['navy', 'cream', 'terracotta', 'sage green']));
    expect(summary.palette.length).toBeLessThanOrEqual(6);
    expect(summary.essence).toMatch(/built on navy, cream and terracotta\.$/);
    expect(summary.materials.length).toBeGreaterThan(0);
    expect(summary.forms.length).toBeGreaterThan(0);
    expect(summary.note).toContain('Read from 5 photos');
    // The lens is prompt-ready: palette hexes and names, materials, forms, light.
    expect(lens).toMatch(/Palette: #[0-9a-f]{6} navy, #[0-9a-f]{6} cream/);
    expect(lens).toContain(`Materials: ${summary.materials.join(', ')}.`);
    expect(lens).toContain('Forms: ');
    expect(lens).toContain('Light: ');
  });

  it('follows the rule table: light and warm photos give light oak and linen; dark and warm give walnut and leather', async () => {
    const lightWarm = await vision.analyzeStyle({
      photos: await Promise.all(['#f0dcc0', '#e8d0b0', '#f4e6cf', '#e0c4a0', '#f2e2c8'].map(solid)),
    });
    expect(lightWarm.summary.materials).toEqual(expect.arrayContaining(['oak (light)', 'linen']));
    const darkWarm = await vision.analyzeStyle({
      photos: await Promise.all(['#4a2a18', '#3a2418', '#5a3420', '#2e1c12', '#40281a'].map(solid)),
    });
    expect(darkWarm.summary.materials).toEqual(expect.arrayContaining(['walnut', 'leather (aged)']));
    expect(darkWarm.summary.essence).toMatch(/^Dark, warm/);
    for (const result of [lightWarm, darkWarm]) expect(styleLensSummary.safeParse(result.summary).success).toBe(true);
  });

  it('skips unreadable photos and refuses when none can be read', async () => {
    const ok = await vision.analyzeStyle({ photos: [Buffer.from('junk'), await solid('#1f2e50')] });
    expect(ok.summary.note).toContain('Read from 1 photo:');
    await expect(vision.analyzeStyle({ photos: [Buffer.from('junk')] })).rejects.toBeInstanceOf(EngineError);
  });
});

describe('local vision engine: interpretTweak', () => {
  it('splits the changes, and finds colours and materials', async () => {
    const result = await vision.interpretTweak({
      text: 'Make the sofa sage green and add a walnut coffee table. Replace the rug with a jute one',
      scope: 'tweak',
    });
    expect(result.changes).toEqual(['Make the sofa sage green', 'add a walnut coffee table', 'Replace the rug with a jute one']);
    expect(result.colours).toEqual(['#9caf88']);
    expect(result.materials).toEqual(['walnut', 'jute']);
  });

  it('keeps "black and white" together when no action follows the "and"', () => {
    expect(splitChanges('paint the walls black and white, then add brass lamps')).toEqual([
      'paint the walls black and white',
      'add brass lamps',
    ]);
    expect(splitChanges('a cosy reading corner, with a lamp and a plant')).toEqual(['a cosy reading corner, with a lamp and a plant']);
    expect(splitChanges('  ')).toEqual([]);
  });
});
