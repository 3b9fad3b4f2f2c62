import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViewImage } from '@rv/contracts/api/design-view';
import { viewImage } from '@test/design-image';
import { messages } from '@rv/contracts/messages';
import { DESIGN_NAME_REQUIRED, SaveImageDialog } from './save-image-dialog';

const image = viewImage;

/** The server's side of PATCH /api/designs/{id}/images/{imageId}: applies the body to the image and answers it. */
function serveImage(start: ViewImage) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body: unknown = JSON.parse(String(init.body));
    calls.push({ url, method: init.method ?? 'GET', body });
    return new Response(JSON.stringify({ image: { ...start, ...(body as object) } }), { status: 200 });
  });
  return calls;
}

function renderDialog(props: Partial<Parameters<typeof SaveImageDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SaveImageDialog designId="d1" image={image()} onClose={onClose} onSaved={onSaved} {...props} />
    </QueryClientProvider>,
  );
  return { onClose, onSaved };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SaveImageDialog', () => {
  it('asks for a name and for the other room type before saving anything', async () => {
    const calls = serveImage(image());
    renderDialog();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Room Type'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save Design' }));
    expect(screen.getByText(DESIGN_NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(messages.validation.otherRoomTypeRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('saves that one image by its id, a custom room type stored lowercase and hyphenated', async () => {
    const calls = serveImage(image());
    const { onSaved, onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Design Name *'), '  Warm Loft ');
    await user.selectOptions(screen.getByLabelText('Room Type'), 'other');
    await user.type(screen.getByLabelText('Other room type'), 'Wine Cellar');
    await user.click(screen.getByRole('button', { name: 'Save Design' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/designs/d1/images/img-2',
        method: 'PATCH',
        body: { saved: true, name: 'Warm Loft', roomType: 'wine-cellar', notes: null },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'img-2', saved: true, name: 'Warm Loft', roomType: 'wine-cellar' }));
  });

  it('opens with what the image already has: its name, its listed or custom room type, its notes', () => {
    renderDialog({ image: image({ name: 'Warm Loft', roomType: 'wine-cellar', notes: 'Dark oak racks' }) });
    expect((screen.getByLabelText('Design Name *') as HTMLInputElement).value).toBe('Warm Loft');
    expect((screen.getByLabelText('Room Type') as HTMLSelectElement).value).toBe('other');
    expect((screen.getByLabelText('Other room type') as HTMLInputElement).value).toBe('Wine cellar');
    expect((screen.getByLabelText('Notes (Optional)') as HTMLTextAreaElement).value).toBe('Dark oak racks');
  });

  it('starts a new image at the default room type of its tool', () => {
    renderDialog({ defaultRoomType: 'kitchen' });
    expect((screen.getByLabelText('Room Type') as HTMLSelectElement).value).toBe('kitchen');
  });
});
