import type { RoomShareRow } from '@rv/contracts/api/admin';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPage } from '@test/admin-page';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { RoomSharesPanel } from './room-shares-panel';

function share(overrides: Partial<RoomShareRow> = {}): RoomShareRow {
  return {
    id: 's1',
    email: 'robin@example.com',
    createdAt: '2026-02-03T12:00:00.000Z',
    originalImageStorageUrl: '/api/admin/files/designs/d1/original.webp',
    originalImageThumbUrl: '/api/admin/files/designs/d1/original-thumb.webp',
    generatedImageStorageUrls: ['/api/admin/files/designs/d1/generated-1.webp', '/api/admin/files/designs/d1/generated-2.webp'],
    generatedImageThumbUrls: ['/api/admin/files/designs/d1/generated-1-thumb.webp', '/api/admin/files/designs/d1/generated-2-thumb.webp'],
    userComment: 'Love the green sofa',
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RoomSharesPanel', () => {
  it('shows the original and the generated images as thumbnails, and the comment', async () => {
    fakeServer({ adminRoomShares: adminPage([share()]) });
    renderWithProviders(<RoomSharesPanel />);
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByRole('heading', { name: 'robin@example.com' })).toBeTruthy();
    const sources = within(card!)
      .getAllByRole('img')
      .map((image) => [image.getAttribute('alt'), image.getAttribute('src')]);
    expect(sources).toEqual([
      ['Original photo shared by robin@example.com', '/api/admin/files/designs/d1/original-thumb.webp'],
      ['Generated design 1 shared by robin@example.com', '/api/admin/files/designs/d1/generated-1-thumb.webp'],
      ['Generated design 2 shared by robin@example.com', '/api/admin/files/designs/d1/generated-2-thumb.webp'],
    ]);
    expect(within(card!).getByText('Love the green sofa')).toBeTruthy();
  });

  it('a thumbnail opens the full-size image', async () => {
    fakeServer({ adminRoomShares: adminPage([share()]) });
    renderWithProviders(<RoomSharesPanel />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enlarge Generated design 2 shared by robin@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Generated design 2 shared by robin@example.com' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/admin/files/designs/d1/generated-2.webp');
  });

  it('says so when a share has no generated image or no comment', async () => {
    fakeServer({ adminRoomShares: adminPage([share({ generatedImageStorageUrls: [], generatedImageThumbUrls: [], userComment: null })]) });
    renderWithProviders(<RoomSharesPanel />);
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByText('No generated images')).toBeTruthy();
    expect(within(card!).getByText('No comment')).toBeTruthy();
  });

  it('says when there are no shares, and when they could not be fetched', async () => {
    fakeServer({ adminRoomShares: adminPage([]) });
    renderWithProviders(<RoomSharesPanel />);
    expect(await screen.findByText(messages.empty.noRoomShares)).toBeTruthy();
    cleanup();
    fakeServer({ adminRoomShares: () => refuse(500, 'boom') });
    renderWithProviders(<RoomSharesPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.admin.fetchRoomSharesFailed);
  });
});
