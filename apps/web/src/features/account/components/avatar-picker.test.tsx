import { UPLOAD } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvatarPicker } from './avatar-picker';

/** The picker as the profile form holds it: the picked file lives in the form. */
function renderPicker({ currentUrl = null as string | null, editing = true, name = 'Robin' } = {}) {
  const picked: (File | null)[] = [];
  function Form() {
    const [file, setFile] = useState<File | null>(null);
    return (
      <AvatarPicker
        currentUrl={currentUrl}
        file={file}
        editing={editing}
        name={name}
        onChange={(next) => {
          picked.push(next);
          setFile(next);
        }}
      />
    );
  }
  render(<Form />);
  return { picked, user: userEvent.setup({ applyAccept: false }) };
}

const input = () => screen.getByLabelText('Change photo');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AvatarPicker', () => {
  it('shows the stored picture, or a placeholder, and offers no change outside editing', () => {
    renderPicker({ currentUrl: '/api/files/avatars/u1.webp', editing: false });
    expect(screen.getByRole('img', { name: 'Robin profile picture' }).getAttribute('src')).toBe('/api/files/avatars/u1.webp');
    expect(screen.queryByLabelText('Change photo')).toBeNull();
    cleanup();
    renderPicker({ name: '' });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('previews a picked image in place of the stored one', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar-preview');
    const { picked, user } = renderPicker({ currentUrl: '/api/files/avatars/u1.webp' });
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(input(), photo);
    expect(picked).toEqual([photo]);
    expect(screen.getByRole('img', { name: 'Robin profile picture' }).getAttribute('src')).toBe('blob:avatar-preview');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses what is not an image, or is too large, saying why and keeping the picture', async () => {
    const { picked, user } = renderPicker({ currentUrl: '/api/files/avatars/u1.webp' });
    await user.upload(input(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.onlyImages);
    expect(input().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: UPLOAD.maxBytes + 1 });
    await user.upload(input(), huge);
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.unsupportedFile);
    expect(picked).toEqual([]);
    expect(screen.getByRole('img', { name: 'Robin profile picture' }).getAttribute('src')).toBe('/api/files/avatars/u1.webp');
  });
});
