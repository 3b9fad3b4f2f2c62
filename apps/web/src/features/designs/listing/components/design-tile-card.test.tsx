import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { designView, viewImage } from '@test/design-image';
import { renderWithProviders } from '@test/render';
import { designTiles } from '../lib/design-tiles';
import { DesignTileCard } from './design-tile-card';

const tiles = designTiles(
  [
    designView({ id: 'd1', pagePath: '/furnishing-decorating/design/d1', images: [viewImage({ id: 'g1', saved: true, name: 'Loft' })] }),
    designView({ id: 'd2', pagePath: '/furnishing-decorating/design/d2', images: [viewImage({ id: 'g2', saved: true, name: 'Den' })] }),
  ],
  { savedOnly: true },
);
const actions = { onPreview: () => undefined, onDelete: () => undefined };

afterEach(cleanup);

describe('DesignTileCard', () => {
  it("each tile's Share opens that tile's own share dialog, in the page from the start: its name, its link and its image's download", async () => {
    renderWithProviders(
      <ul>
        {tiles.map((tile) => (
          <DesignTileCard key={tile.key} tile={tile} layout="grid" actions={actions} />
        ))}
      </ul>,
    );
    // Both dialogs are in the page, closed, before any press.
    const dialogs = [...document.querySelectorAll('dialog')];
    expect(dialogs.map((dialog) => dialog.open)).toEqual([false, false]);
    await userEvent.click(screen.getByRole('button', { name: 'Share Den' }));
    const shown = screen.getByRole('dialog', { name: 'Share Your Designs' });
    expect(dialogs.map((dialog) => dialog.open)).toEqual([false, true]);
    expect(within(shown).getByText('Den')).toBeTruthy();
    expect(within(shown).getByRole('link', { name: 'Download Preview' }).getAttribute('href')).toBe(
      '/api/designs/d2/images/g2/download?format=jpg',
    );
  });
});
