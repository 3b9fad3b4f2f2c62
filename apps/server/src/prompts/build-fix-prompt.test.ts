import { describe, expect, it } from 'vitest';
import { buildFixPrompt } from './build-fix-prompt';

describe('buildFixPrompt', () => {
  it('restores the architecture and camera of the room and keeps the furnishing of the design', () => {
    const prompt = buildFixPrompt({ images: [{ role: 'room' }, { role: 'base' }] });
    expect(prompt).toContain('The design in Image 2 (BASE) drifted from the real room');
    expect(prompt).toContain('Put the architecture of Image 1 (ROOM) back into the design and keep the design.');
    const restore = prompt.slice(prompt.indexOf('RESTORE EXACTLY AS IN Image 1 (ROOM)'), prompt.indexOf('KEEP FROM'));
    for (const part of [
      'walls',
      'windows',
      'doors',
      'ceiling',
      'floor plan',
      'camera position',
      'lens and perspective',
      'room proportions',
    ]) {
      expect(restore).toContain(part);
    }
    const keep = prompt.slice(prompt.indexOf('KEEP FROM Image 2 (BASE)'));
    expect(keep).toContain('The furniture and decor: the same pieces with the same colours, materials and styling');
    expect(keep).toContain('The lighting mood and colour grading.');
    expect(prompt).toContain('The same aspect ratio and framing as Image 1 (ROOM)');
  });

  it('labels images in the order they are sent and does not undo allowed changes', () => {
    const prompt = buildFixPrompt({
      images: [{ role: 'base' }, { role: 'room' }],
      brief: { architecturalChanges: true, architecturalDetails: ' wider doorway ' },
    });
    expect(prompt).toContain('RESTORE EXACTLY AS IN Image 2 (ROOM)');
    expect(prompt).toContain(
      'Except the architectural changes the user allowed, which stay as they are in Image 1 (BASE): "wider doorway".',
    );
  });

  it('defaults to room then design when no images are given', () => {
    expect(buildFixPrompt({ images: [] })).toContain('RESTORE EXACTLY AS IN Image 1 (ROOM)');
  });
});
