import { describe, expect, it } from 'vitest';
import { briefWith } from '../../test/engine-fixtures';
import type { DesignBrief } from '../domain/design-brief';
import { FINISH_DESTINATIONS, buildDesignPrompt } from './build-design-prompt';
import { USER_TEXT_LIMITS } from './prompt-parts';

const furnishing = (over: Partial<DesignBrief> = {}): DesignBrief => briefWith({ styleDescription: 'Scandinavian, light oak', ...over });
const kitchen = (over: Partial<DesignBrief> = {}): DesignBrief => briefWith({ tool: 'kitchen-bathroom', ...over });

/** The lines of one section, from its heading to the next blank line. */
const section = (prompt: string, heading: string) => {
  const start = prompt.indexOf(`${heading}`);
  expect(start, `section ${heading}`).toBeGreaterThanOrEqual(0);
  const end = prompt.indexOf('\n\n', start);
  return prompt.slice(start, end === -1 ? undefined : end);
};

const FIXED = [
  'walls: their positions, angles, lengths and heights',
  'windows: their number, positions, sizes, shapes and frames',
  'doors and doorways: their number, positions and sizes',
  'ceiling: its height, shape',
  'floor plan',
  'camera position, height and angle',
  'lens and perspective',
  'room proportions and scale',
];

describe('buildDesignPrompt: furnishing', () => {
  it('always lists what must not change, and says how the photo must look', () => {
    const prompt = buildDesignPrompt(furnishing(), [{ role: 'room' }]);
    const fixed = section(prompt, 'WHAT MUST NOT CHANGE');
    for (const part of FIXED) expect(fixed).toContain(part);
    expect(fixed).toContain('The architecture is fixed. Keep exactly as in Image 1 (ROOM):');
    const photo = section(prompt, 'PHOTOREALISM');
    expect(photo).toContain('Light consistent with the windows and light sources of Image 1 (ROOM)');
    expect(photo).toContain('Real materials');
    expect(photo).toContain('No text, lettering, captions, watermarks, logos');
    expect(photo).toContain('The same aspect ratio and framing as Image 1 (ROOM)');
  });

  it('with no items, asks the designer to choose them', () => {
    const prompt = buildDesignPrompt(furnishing(), [{ role: 'room' }]);
    expect(prompt).toContain("- Items: none uploaded; choose furniture and decor that suit the style, the room type and the room's size.");
    expect(prompt).not.toContain('ITEM 1');
  });

  it('names each item with its labelled image, description and placement, or leaves the placement to the designer', () => {
    const brief = furnishing({
      items: [
        { description: 'green velvet sofa', placement: 'left of the window' },
        { description: 'floor lamp', placement: '' },
      ],
    });
    const prompt = buildDesignPrompt(brief, [{ role: 'room' }, { role: 'item', itemIndex: 0 }, { role: 'item', itemIndex: 1 }]);
    expect(prompt).toContain("- Image 2 (ITEM 1): the user's item 1, described below.");
    expect(prompt).toContain('  1. Image 2 (ITEM 1), "green velvet sofa". Placement: "left of the window".');
    expect(prompt).toContain('  2. Image 3 (ITEM 2), "floor lamp". Placement: not given; put it where it suits the layout and the style.');
    expect(prompt).toContain('Use the exact piece shown in each photo: the same shape, colour, material and proportions.');
    expect(prompt).toContain('- Complete the room around these items');
  });

  it('matches items to their images by itemIndex, whatever the order, and designs an item without a photo from its words', () => {
    const brief = furnishing({
      items: [
        { description: 'oak sideboard', placement: 'on the back wall' },
        { description: 'rattan chair', placement: 'corner' },
        { description: 'jute rug', placement: '' },
      ],
    });
    const prompt = buildDesignPrompt(brief, [{ role: 'room' }, { role: 'item', itemIndex: 1 }, { role: 'item', itemIndex: 0 }]);
    expect(prompt).toContain('  1. Image 3 (ITEM 1), "oak sideboard". Placement: "on the back wall".');
    expect(prompt).toContain('  2. Image 2 (ITEM 2), "rattan chair". Placement: "corner".');
    expect(prompt).toContain('  3. "jute rug" (no photo: design it from the description). Placement: not given');
  });

  it('labels inspiration images and says what to take from them', () => {
    const prompt = buildDesignPrompt(furnishing({ inspirationCount: 2 }), [
      { role: 'room' },
      { role: 'inspiration' },
      { role: 'inspiration' },
    ]);
    expect(prompt).toContain('- Image 2 (INSPIRATION 1): inspiration for mood, palette and materials.');
    expect(prompt).toContain(
      '- Inspiration: Image 2 (INSPIRATION 1) and Image 3 (INSPIRATION 2). Take their mood, colour palette, materials and styling; do not copy their architecture, layout or camera angle.',
    );
  });

  it('quotes style, room type and free text, and chooses a style when none is given', () => {
    const prompt = buildDesignPrompt(furnishing({ roomType: 'living-room', additionalText: 'Keep it kid friendly' }), [{ role: 'room' }]);
    expect(prompt).toContain('- Room type: living room.');
    expect(prompt).toContain('- Style: "Scandinavian, light oak".');
    expect(prompt).toContain('- The user\'s notes (follow them unless they conflict with what must not change): "Keep it kid friendly"');
    const noStyle = buildDesignPrompt(furnishing({ styleDescription: '   ', roomType: 'other' }), [{ role: 'room' }]);
    expect(noStyle).toContain('- Style: not given; choose one cohesive style');
    expect(noStyle).not.toContain('Room type');
    expect(noStyle).not.toContain("The user's notes");
  });

  it('includes user text verbatim, trimmed, without control characters, and capped', () => {
    const long = 'x'.repeat(5000);
    const prompt = buildDesignPrompt(
      furnishing({
        styleDescription: '  Japandi <b>calm</b> "quiet"  ',
        additionalText: `\u0007${long}`,
        items: [{ description: ' sofa\u0000 ', placement: '  by the window \n' }],
      }),
      [{ role: 'room' }, { role: 'item', itemIndex: 0 }],
    );
    expect(prompt).toContain('- Style: "Japandi <b>calm</b> "quiet"".');
    expect(prompt).toContain('"sofa". Placement: "by the window".');
    const notes = /The user's notes[^"]*"(x+)…"/.exec(prompt);
    expect(notes?.[1]?.length).toBe(USER_TEXT_LIMITS.freeText - 1);
    expect(prompt).not.toContain('\u0007');
    expect(prompt).toContain("Text in double quotes is the user's own words");
  });

  it('with architectural changes asked, allows only the details and keeps the camera', () => {
    const prompt = buildDesignPrompt(
      furnishing({ architecturalChanges: true, architecturalDetails: ' Remove the wall between the kitchen and the living room ' }),
      [{ role: 'room' }],
    );
    const fixed = section(prompt, 'WHAT MUST NOT CHANGE');
    expect(fixed).toContain(
      'The user allows these architectural changes, and only these: "Remove the wall between the kitchen and the living room".',
    );
    expect(fixed).toContain(
      'Every other part of the architecture stays exactly as in Image 1 (ROOM) (the allowed changes above are the only exceptions):',
    );
    expect(fixed).not.toContain('The architecture is fixed.');
    expect(fixed).toContain('The camera is fixed. Keep exactly as in Image 1 (ROOM):');
    for (const part of FIXED) expect(fixed).toContain(part);
  });

  it('with architectural changes ticked but not described, keeps the architecture', () => {
    const prompt = buildDesignPrompt(furnishing({ architecturalChanges: true, architecturalDetails: '  ' }), [{ role: 'room' }]);
    expect(prompt).toContain('The user allowed architectural changes but did not describe any, so the architecture stays as it is.');
    expect(prompt).toContain('The architecture is fixed.');
  });

  it('without architectural changes, ignores stray details', () => {
    const prompt = buildDesignPrompt(furnishing({ architecturalChanges: false, architecturalDetails: 'add a skylight' }), [
      { role: 'room' },
    ]);
    expect(prompt).not.toContain('skylight');
    expect(prompt).toContain('The architecture is fixed.');
  });

  it('adds the StyleLens lens when present, after the explicit requests, and nothing when absent', () => {
    const lens = 'Palette: #d9cbb5 warm sand, #9caf88 sage green. Materials: oak (light), linen.';
    const withLens = buildDesignPrompt(furnishing({ styleLens: lens }), [{ role: 'room' }]);
    expect(withLens).toContain(`STYLELENS (the user's personal style profile`);
    expect(withLens).toContain(`"${lens}"`);
    expect(withLens.indexOf('STYLELENS')).toBeGreaterThan(withLens.indexOf('THE DESIGN'));
    expect(buildDesignPrompt(furnishing(), [{ role: 'room' }])).not.toContain('STYLELENS');
    expect(buildDesignPrompt(furnishing({ styleLens: '  ' }), [{ role: 'room' }])).not.toContain('STYLELENS');
  });
});

describe('buildDesignPrompt: kitchen and bathroom', () => {
  it('lists each finish with its image, category and where it goes', () => {
    const brief = kitchen({
      roomType: 'kitchen',
      items: [
        { description: 'Calacatta quartz', placement: '', category: 'Countertops' },
        { description: 'sage shaker doors', placement: '', category: 'Cabinetry' },
        { description: 'zellige tiles', placement: 'behind the hob only', category: 'Backsplash' },
        { description: 'brass rail', placement: 'along the island', category: 'Other' },
        { description: 'terrazzo', placement: '', category: 'Other' },
      ],
    });
    const images = [{ role: 'room' as const }, ...brief.items.map((_, i) => ({ role: 'finish' as const, itemIndex: i }))];
    const prompt = buildDesignPrompt(brief, images);
    expect(prompt).toContain('- Space: kitchen.');
    expect(prompt).toContain(
      `  1. Image 2 (FINISH 1), Countertops: "Calacatta quartz". Where it goes: ${FINISH_DESTINATIONS.Countertops}.`,
    );
    expect(prompt).toContain(`  2. Image 3 (FINISH 2), Cabinetry: "sage shaker doors". Where it goes: ${FINISH_DESTINATIONS.Cabinetry}.`);
    expect(prompt).toContain(
      `  3. Image 4 (FINISH 3), Backsplash: "zellige tiles". Where it goes: ${FINISH_DESTINATIONS.Backsplash}. Placement: "behind the hob only".`,
    );
    expect(prompt).toContain('  4. Image 5 (FINISH 4), Other: "brass rail". Where it goes: "along the island".');
    expect(prompt).toContain('  5. Image 6 (FINISH 5), Other: "terrazzo". Where it goes: where its description says.');
    expect(prompt).toContain("Match each photo's material, colour, pattern and sheen");
  });

  it('has a destination for every category of the form', () => {
    for (const category of [
      'Cabinetry',
      'Countertops',
      'Backsplash',
      'Flooring',
      'Handles/Knobs',
      'Walls',
      'Fixtures',
      'Lighting',
      'Other',
    ]) {
      expect(FINISH_DESTINATIONS[category]).toBeTruthy();
    }
  });

  it('keeps the architecture and the plumbing layout, and includes inspiration and free text', () => {
    const prompt = buildDesignPrompt(kitchen({ additionalText: 'Warmer lighting please', inspirationCount: 1 }), [
      { role: 'room' },
      { role: 'inspiration' },
    ]);
    expect(prompt).toContain('- Space: kitchen or bathroom.');
    expect(prompt).toContain('- Finishes: none uploaded');
    expect(prompt).toContain('- Inspiration: Image 2 (INSPIRATION 1).');
    expect(prompt).toContain('"Warmer lighting please"');
    const fixed = section(prompt, 'WHAT MUST NOT CHANGE');
    for (const part of FIXED) expect(fixed).toContain(part);
    expect(prompt).toContain(
      'Keep the layout: cabinet runs, appliances, sinks, toilets, baths, showers and other plumbing stay where they are',
    );
    expect(prompt).toContain('No text, lettering, captions, watermarks');
  });
});
