import { describe, expect, it } from 'vitest';
import { buildRefinePrompt } from './build-refine-prompt';
import { USER_TEXT_LIMITS } from './prompt-parts';

const images = [{ role: 'base' as const }, { role: 'room' as const }];

describe('buildRefinePrompt', () => {
  it('a tweak makes one targeted change and keeps everything else of the base', () => {
    const prompt = buildRefinePrompt({ tweakText: '  make the sofa green  ', scope: 'tweak', images });
    expect(prompt).toContain('Refine the design in Image 1 (BASE) with one small, targeted change');
    expect(prompt).toContain('- Image 1 (BASE): the current design. The result starts from this image.');
    expect(prompt).toContain("- Image 2 (ROOM): the user's original room: the reference for the architecture and the camera.");
    expect(prompt).toContain('THE CHANGE (a tweak: small and targeted)\nThe user asks: "make the sofa green"');
    expect(prompt).toContain('- Keep everything else as it is in Image 1 (BASE)');
    expect(prompt).not.toContain('Redesign the room boldly');
  });

  it('a transform is a major redesign that still keeps the architecture and camera of the room', () => {
    const prompt = buildRefinePrompt({ tweakText: 'turn it into a moody library', scope: 'transform', images });
    expect(prompt).toContain('Transform the design in Image 1 (BASE) into a new design');
    expect(prompt).toContain('THE CHANGE (a transformation: a major redesign)\nThe user asks: "turn it into a moody library"');
    expect(prompt).toContain('- Redesign the room boldly as asked');
    expect(prompt).not.toContain('Keep everything else as it is');
    expect(prompt).toContain('The architecture is fixed. Keep exactly as in Image 2 (ROOM):');
    expect(prompt).toContain('The camera is fixed. Keep exactly as in Image 2 (ROOM):');
    expect(prompt).toContain('No text, lettering');
  });

  it('labels the photos added for the change', () => {
    const prompt = buildRefinePrompt({
      tweakText: 'add this lamp by the sofa',
      scope: 'tweak',
      images: [...images, { role: 'tweak' }, { role: 'tweak' }],
    });
    expect(prompt).toContain('- Image 3 (TWEAK 1): a photo the user added for this change.');
    expect(prompt).toContain('Use Image 3 (TWEAK 1) and Image 4 (TWEAK 2) for what they show.');
  });

  it('caps the tweak text and survives an empty one', () => {
    const long = buildRefinePrompt({ tweakText: 'y'.repeat(3000), scope: 'tweak', images });
    expect(/The user asks: "(y+)…"/.exec(long)?.[1]?.length).toBe(USER_TEXT_LIMITS.tweak - 1);
    expect(buildRefinePrompt({ tweakText: ' ', scope: 'tweak', images })).toContain(
      'The user asks: "(no words given: improve the design gently)"',
    );
  });

  it('carries the allowed architectural changes and the lens of the design', () => {
    const prompt = buildRefinePrompt({
      tweakText: 'brighter cushions',
      scope: 'tweak',
      images,
      brief: { architecturalChanges: true, architecturalDetails: 'arch between the rooms', styleLens: 'warm minimal' },
    });
    expect(prompt).toContain('The user allows these architectural changes, and only these: "arch between the rooms".');
    expect(prompt).toContain('The allowed architectural changes already appear in Image 1 (BASE); keep them as they are there.');
    expect(prompt).toContain('"warm minimal"');
  });
});
