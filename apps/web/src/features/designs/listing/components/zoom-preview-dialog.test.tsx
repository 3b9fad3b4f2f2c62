import { messages } from '@rv/contracts/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPaintingHandedOverTo, paintingHandedOverTo } from '@/features/designs/tasks/lib/painting-handover';
import { designView, viewImage } from '@test/design-image';
import { designTiles } from '../lib/design-tiles';
import { ZoomPreviewDialog } from './zoom-preview-dialog';

const design = designView({ pagePath: '/furnishing-decorating/design/d1', images: [viewImage({ id: 'g2', saved: true, name: 'Loft' })] });
const [tile] = designTiles([design], { savedOnly: true });

/** My Designs with the preview open on the tile (its owner may refine), the results page one navigation away. */
function renderPreview() {
  const hasAccess = true;
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ hasAccess }), { status: 200 }));
  render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/account" element={<ZoomPreviewDialog tile={tile!} onClose={() => undefined} />} />
        <Route path="/furnishing-decorating/design/:id" element={<h1>Results page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetPaintingHandedOverTo('d1');
});

describe('ZoomPreviewDialog', () => {
  it("'Refine this area' hands the painting over to the design's results page, named by the design and its image", async () => {
    renderPreview();
    expect(screen.getByRole('img', { name: 'Loft, full size' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: messages.refineMask.changeOnlyHere }));
    // Nothing painted yet: nothing to refine.
    expect(screen.getByRole('button', { name: messages.refineMask.refineThisArea }).hasAttribute('disabled')).toBe(true);
    const area = screen.getByRole('application', { name: messages.refineMask.canvasLabel });
    act(() => area.focus());
    fireEvent.keyDown(area, { key: 'Enter' });
    fireEvent.keyDown(area, { key: 'ArrowRight' });
    fireEvent.keyDown(area, { key: 'ArrowDown' });
    fireEvent.keyDown(area, { key: 'Enter' });
    await userEvent.click(screen.getByRole('button', { name: messages.refineMask.refineThisArea }));
    expect(await screen.findByRole('heading', { name: 'Results page' })).toBeTruthy();
    const painting = paintingHandedOverTo('d1');
    expect(painting?.imageId).toBe('g2');
    expect(painting?.strokes).toEqual([{ mode: 'paint', rect: [0.5, 0.5, 0.52, 0.52] }]);
  });
});
