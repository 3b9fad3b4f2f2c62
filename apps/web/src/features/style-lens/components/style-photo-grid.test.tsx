import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadItem } from '@/components/ui/upload-drop-zone';
import { handleId, moveItem, StylePhotoGrid } from './style-photo-grid';

const item = (name: string): UploadItem => ({
  id: name,
  file: new File(['x'], `${name}.jpg`, { type: 'image/jpeg' }),
  preview: `blob:${name}`,
});

/** The grid as the StyleLens page holds it: the photos live outside, moved and removed there. */
function renderGrid(names: string[]) {
  function Holder() {
    const [photos, setPhotos] = useState(names.map(item));
    return (
      <StylePhotoGrid
        photos={photos}
        onMove={(from, to) => setPhotos((all) => moveItem(all, from, to))}
        onRemove={(removed) => setPhotos((all) => all.filter((photo) => photo.id !== removed.id))}
      />
    );
  }
  render(<Holder />);
}

const order = () =>
  within(screen.getByRole('list', { name: 'Your style photos' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('alt'));
const announcement = () => screen.getByRole('status').textContent;

afterEach(cleanup);

describe('StylePhotoGrid', () => {
  it('shows the photos in order, numbered; the first cannot move earlier nor the last later', () => {
    renderGrid(['oak', 'linen', 'brass']);
    expect(order()).toEqual(['Style photo 1: oak.jpg', 'Style photo 2: linen.jpg', 'Style photo 3: brass.jpg']);
    expect(screen.getByRole('button', { name: 'Move oak.jpg earlier' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move brass.jpg later' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Reorder linen.jpg, photo 2 of 3' })).toBeTruthy();
  });

  it('Move later and Move earlier reorder the photos, and each move is announced', async () => {
    renderGrid(['oak', 'linen', 'brass']);
    await userEvent.click(screen.getByRole('button', { name: 'Move oak.jpg later' }));
    expect(order()).toEqual(['Style photo 1: linen.jpg', 'Style photo 2: oak.jpg', 'Style photo 3: brass.jpg']);
    expect(announcement()).toBe('oak.jpg moved to position 2 of 3.');
    await userEvent.click(screen.getByRole('button', { name: 'Move brass.jpg earlier' }));
    expect(order()).toEqual(['Style photo 1: linen.jpg', 'Style photo 2: brass.jpg', 'Style photo 3: oak.jpg']);
    expect(announcement()).toBe('brass.jpg moved to position 2 of 3.');
  });

  it('Alt with an arrow on a handle moves its photo; the focus stays with it', async () => {
    renderGrid(['oak', 'linen', 'brass']);
    const handle = screen.getByRole('button', { name: 'Reorder oak.jpg, photo 1 of 3' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', altKey: true });
    expect(order()).toEqual(['Style photo 1: linen.jpg', 'Style photo 2: oak.jpg', 'Style photo 3: brass.jpg']);
    await waitFor(() => expect(document.activeElement?.id).toBe(handleId('oak')));
    // Without Alt an arrow moves nothing.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Reorder oak.jpg, photo 2 of 3' }), { key: 'ArrowRight' });
    expect(order()[1]).toBe('Style photo 2: oak.jpg');
  });

  it('Remove takes the photo out, says how many are left, and gives the focus to its neighbour', async () => {
    renderGrid(['oak', 'linen']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove oak.jpg' }));
    expect(order()).toEqual(['Style photo 1: linen.jpg']);
    expect(announcement()).toBe('oak.jpg removed. 1 photo left.');
    await waitFor(() => expect(document.activeElement?.id).toBe(handleId('linen')));
  });
});
