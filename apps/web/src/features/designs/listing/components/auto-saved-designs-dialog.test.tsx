import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { designView, viewImage } from '@test/design-image';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { madeAtFormat } from '../lib/design-tiles';
import { AutoSavedDesignsDialog } from './auto-saved-designs-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AutoSavedDesignsDialog', () => {
  it('tells designs made the same day apart: each tile says its room type and when it was made', async () => {
    const morning = '2026-11-28T09:15:00.000Z';
    const evening = '2026-11-28T19:40:00.000Z';
    fakeServer({
      designList: {
        designs: [
          designView({ id: 'd1', createdAt: evening, images: [viewImage({ id: 'g1', roomType: 'living-room' })] }),
          designView({ id: 'd2', createdAt: morning, images: [viewImage({ id: 'g2' })] }),
        ],
        updatedPage: 1,
        hasPreviousPage: false,
        hasNextPage: false,
        lastPage: 1,
      },
    });
    renderWithProviders(<AutoSavedDesignsDialog open onOpenChange={() => {}} onSave={() => {}} onPreview={() => {}} />);
    const tiles = await screen.findAllByTestId('auto-saved-tile');
    expect(tiles).toHaveLength(2);
    const [first, second] = tiles.map((tile) => within(tile).getByText((_, element) => element?.tagName === 'TIME'));
    expect(first!.getAttribute('datetime')).toBe(evening);
    expect(first!.textContent).toBe(madeAtFormat.format(new Date(evening)));
    expect(second!.textContent).toBe(madeAtFormat.format(new Date(morning)));
    expect(first!.textContent).not.toBe(second!.textContent);
    expect(within(tiles[0]!).getByText(/^Living Room ·/)).toBeTruthy();
  });
});
