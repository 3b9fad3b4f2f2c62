import { messages } from '@rv/contracts/messages';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isAcceptedImage, UploadDropZone, type UploadItem } from './upload-drop-zone';

/** A JPEG (by its first bytes) named `name`, or a PNG. */
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])], name, { type: 'image/jpeg' });
/** A text file that claims to be a photo. */
const fake = (name: string) => new File(['hello, not a photo'], name, { type: 'image/jpeg' });

/** The zone as a form holds it: the items live outside; every refusal is recorded. */
function renderZone(options: { multiple?: boolean; maxFiles?: number } = {}) {
  const rejected: string[] = [];
  function Holder() {
    const [items, setItems] = useState<UploadItem[]>([]);
    return (
      <UploadDropZone
        id="room-photo"
        label="Your room photo"
        hint="A wide, bright photo works best."
        items={items}
        onChange={setItems}
        onReject={(message) => rejected.push(message)}
        {...options}
      />
    );
  }
  render(<Holder />);
  return { rejected, input: screen.getByLabelText('Your room photo'), user: userEvent.setup({ applyAccept: false }) };
}

afterEach(cleanup);

describe('UploadDropZone', () => {
  it("has the form's message for a missing photo in the page, hidden until it is the error, and names it then", () => {
    const zone = (error?: string) => (
      <UploadDropZone
        id="room-photo"
        label="Your room photo"
        items={[]}
        onChange={() => {}}
        required={messages.validation.roomPhotoRequired}
        error={error}
      />
    );
    const { rerender } = render(zone());
    const input = screen.getByLabelText('Your room photo');
    const message = document.querySelector<HTMLElement>('[data-required-for="room-photo"]')!;
    expect(message.textContent).toBe(messages.validation.roomPhotoRequired);
    expect(message.hidden).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(zone(messages.validation.roomPhotoRequired));
    expect(message.hidden).toBe(false);
    expect(screen.getAllByRole('alert')).toEqual([message]);
    expect(input.getAttribute('aria-describedby')).toBe('room-photo-required');

    // Another error has its own line; the missing photo's stays hidden.
    rerender(zone(messages.validation.unsupportedFile));
    expect(message.hidden).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.unsupportedFile);
    expect(input.getAttribute('aria-describedby')).toBe('room-photo-error');
  });

  it('one photo: a pick is shown with its preview, a new pick replaces it, Remove takes it away and gives the focus back', async () => {
    const { input, user, rejected } = renderZone();
    expect(input.getAttribute('aria-describedby')).toBe('room-photo-hint');
    await user.upload(input, jpeg('living.jpg'));
    expect(await screen.findByRole('img', { name: 'Preview of living.jpg' })).toBeTruthy();
    expect(screen.getByText('Drag and drop or click to replace the photo')).toBeTruthy();
    await user.upload(input, jpeg('kitchen.jpg'));
    expect(await screen.findByRole('img', { name: 'Preview of kitchen.jpg' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Preview of living.jpg' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove kitchen.jpg' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(rejected).toEqual([]);
  });

  it('refuses with the spec’s message naming the reason a HEIC photo and a text file named .jpg; neither is shown', async () => {
    const { input, user, rejected } = renderZone({ multiple: true, maxFiles: 3 });
    await user.upload(input, [new File(['x'], 'phone.heic', { type: 'image/heic' }), fake('notes.jpg')]);
    await waitFor(() => expect(rejected).toEqual([messages.validation.unsupportedFileBecause('"phone.heic" is a HEIC image')]));
    expect(screen.queryByRole('listitem')).toBeNull();
    await user.upload(input, fake('notes.jpg'));
    await waitFor(() => expect(rejected.at(-1)).toBe(messages.validation.unsupportedFileBecause('"notes.jpg" is not an image')));
  });

  it('refuses a JPEG over 10MB naming its size and the limit', async () => {
    const { input, user, rejected } = renderZone();
    const big = new File([new Uint8Array(12 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    await waitFor(() =>
      expect(rejected).toEqual([messages.validation.unsupportedFileBecause('"big.jpg" is 12.0 MB, over the 10MB limit')]),
    );
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('several photos up to the limit: more are refused, and a full zone says so', async () => {
    const { input, user, rejected } = renderZone({ multiple: true, maxFiles: 2 });
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    await waitFor(() => expect(rejected).toEqual(['You can add up to 2 photos here.']));
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Preview of a.jpg', 'Preview of b.jpg']);
    expect(screen.getByText('Maximum of 2 photos reached')).toBeTruthy();
  });

  it('takes dropped photos as it takes picked ones', async () => {
    const { rejected } = renderZone({ multiple: true, maxFiles: 3 });
    const zone = screen.getByText('Your room photo').closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [jpeg('dropped.jpg')], types: ['Files'] } });
    expect(await screen.findByRole('img', { name: 'Preview of dropped.jpg' })).toBeTruthy();
    expect(rejected).toEqual([]);
  });

  it('shows an error under the zone, announced, and marks the input invalid', () => {
    render(
      <UploadDropZone
        id="room-photo"
        label="Your room photo"
        items={[]}
        onChange={() => undefined}
        error={messages.validation.unsupportedFile}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.unsupportedFile);
    const input = screen.getByLabelText('Your room photo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('room-photo-error');
  });
});

describe('isAcceptedImage', () => {
  it('takes JPG, PNG and WebP by type and extension under 10MB, nothing else', () => {
    expect(isAcceptedImage(jpeg('room.JPG'))).toBe(true);
    expect(isAcceptedImage(new File(['x'], 'room.png', { type: 'image/png' }))).toBe(true);
    expect(isAcceptedImage(new File(['x'], 'room.avif', { type: 'image/avif' }))).toBe(false);
    expect(isAcceptedImage(new File(['x'], 'room.png', { type: 'image/jpeg' }))).toBe(true);
    expect(isAcceptedImage(new File(['x'], 'room.gif', { type: 'image/jpeg' }))).toBe(false);
    expect(isAcceptedImage(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }))).toBe(false);
  });
});
