import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { designView, viewImage } from '@test/design-image';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import type * as TileCard from './design-tile-card';
import { MyDesignsSection, useMyDesigns } from './my-designs-section';

/** Each tile drawn, by the tile's name: counted around the real card. */
const drawn = vi.hoisted(() => new Map<string, number>());
vi.mock('./design-tile-card', async (importOriginal) => {
  const original = await importOriginal<typeof TileCard>();
  return {
    ...original,
    DesignTileCard: (props: Parameters<typeof original.DesignTileCard>[0]) => {
      drawn.set(props.tile.name, (drawn.get(props.tile.name) ?? 0) + 1);
      return original.DesignTileCard(props);
    },
  };
});

const designs = ['Loft', 'Den'].map((name, at) =>
  designView({ id: `d${at}`, pagePath: `/furnishing-decorating/design/d${at}`, images: [viewImage({ id: `g${at}`, saved: true, name })] }),
);

function Section() {
  return <MyDesignsSection designs={useMyDesigns()} />;
}

afterEach(() => {
  cleanup();
  drawn.clear();
  vi.unstubAllGlobals();
});

describe('MyDesignsSection', () => {
  it("opens a tile's preview, delete and the auto-saved list without drawing the grid again: a press does only its own work", async () => {
    fakeServer({
      designList: { designs, updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 },
      checkToolAccess: { hasAccess: true },
    });
    renderWithProviders(<Section />, { at: '/account' });
    expect(await screen.findByRole('button', { name: 'Preview Den' })).toBeTruthy();
    const before = new Map(drawn);

    await userEvent.click(screen.getByRole('button', { name: 'Preview Den' }));
    expect(screen.getByRole('img', { name: 'Den, full size' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Loft' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Auto-saved Designs' }));
    expect(screen.getByRole('dialog')).toBeTruthy();

    expect(drawn).toEqual(before);
  });
});
