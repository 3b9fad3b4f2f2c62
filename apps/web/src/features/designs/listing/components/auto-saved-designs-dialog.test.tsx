import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { designView, viewImage } from '@test/design-image';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { AutoSavedDesignsDialog } from './auto-saved-designs-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AutoSavedDesignsDialog', () => {
  it('tells designs made the same day apart: each tile says its room type and when it was made', async () => {
    // 9:15 and 19:40 on 28 November where the test runs (dates are read in the browser's time zone).
    const morning = new Date(2026, 10, 28, 9, 15).toISOString();
    const evening = new Date(2026, 10, 28, 19, 40).toISOString();
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
    // The test's browser speaks American English (happy-dom's navigator.language).
    expect(first!.textContent).toBe('Nov 28, 2026, 7:40 PM');
    expect(second!.textContent).toBe('Nov 28, 2026, 9:15 AM');
    expect(within(tiles[0]!).getByText(/^Living Room ·/)).toBeTruthy();
  });
});
