import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogCommand } from '@/components/ui/native-dialog';
import { ShareDesignDialog, shareHref } from './share-design-dialog';

const link = 'https://rv.example/furnishing-decorating/design/d1';

/** The dialog as a page uses it: in the page, closed, opened by a Share button; private until made public. */
function Harness({ onMakePublic }: { onMakePublic: () => Promise<void> }) {
  const [isPublic, setPublic] = useState(false);
  return (
    <>
      <button type="button" {...dialogCommand('share', 'show-modal')}>
        Share
      </button>
      <ShareDesignDialog
        id="share"
        title="Share Your Designs"
        link={link}
        text="My room redesign"
        isPublic={isPublic}
        onMakePublic={async () => {
          await onMakePublic();
          setPublic(true);
        }}
        downloadUrl="/api/download-image?url=x&filename=Warm+Loft"
      />
    </>
  );
}

/** Presses the harness's Share button: the dialog opens, named by its title. */
async function openShare(user: ReturnType<typeof userEvent.setup>) {
  const dialog = document.getElementById('share') as HTMLDialogElement;
  expect(dialog.open).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  expect(dialog.open).toBe(true);
  expect(screen.getByRole('dialog', { name: 'Share Your Designs' })).toBe(dialog);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShareDesignDialog', () => {
  it('keeps the networks off while the design is private, and turns them on once it is made public', async () => {
    const makePublic = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<Harness onMakePublic={makePublic} />);
    await openShare(user);
    expect(screen.getByRole('button', { name: 'Twitter' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Twitter' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Make the link public' }));
    expect(makePublic).toHaveBeenCalledOnce();
    const twitter = await screen.findByRole('link', { name: 'Twitter' });
    expect(twitter.getAttribute('href')).toBe(shareHref('Twitter', link, 'My room redesign'));
    for (const network of ['Facebook', 'WhatsApp', 'Reddit', 'LinkedIn']) expect(screen.getByRole('link', { name: network })).toBeTruthy();
    expect(screen.getByText('Anyone with the link can view this design.')).toBeTruthy();
  });

  it('copies the link and offers the image’s download', async () => {
    const user = userEvent.setup();
    const written: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text: string) => {
      written.push(text);
    });
    render(<Harness onMakePublic={async () => undefined} />);
    await openShare(user);
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(written).toEqual([link]));
    const download = screen.getByRole('link', { name: 'Download Preview' });
    expect(download.getAttribute('href')).toBe('/api/download-image?url=x&filename=Warm+Loft');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('shares to the networks it is given, each with the link and the text', async () => {
    render(
      <>
        <button type="button" {...dialogCommand('share-page', 'show-modal')}>
          Share
        </button>
        <ShareDesignDialog id="share-page" title="Share your design" link={link} text="Look" isPublic networks={['Twitter', 'WhatsApp']} />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Twitter', 'WhatsApp']);
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?${new URLSearchParams({ text: `Look ${link}` })}`,
    );
  });
});
