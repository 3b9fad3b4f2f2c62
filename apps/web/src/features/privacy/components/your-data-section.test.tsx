import { accountExportFilename } from '@rv/contracts/api/privacy';
import { messages } from '@rv/contracts/messages';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { draftKey, draftStore } from '@/lib/draft-store';
import { USER_PROFILE_KEY } from '@/lib/user-profile';
import { YourDataSection } from './your-data-section';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** What the browser was asked to save: each link clicked for a download, with its file name and address. */
function watchDownloads() {
  const saved: { filename: string; href: string }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:archive-1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ filename: this.download, href: this.href });
  });
  return saved;
}

const zip = (filename?: string) =>
  new Response(new Blob(['PK']), {
    status: 200,
    headers: { 'content-type': 'application/zip', ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}) },
  });

const renderSection = () => {
  renderWithProviders(<YourDataSection />, { at: paths.account, path: paths.account });
  return screen.getByRole('region', { name: messages.privacy.sectionTitle });
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Your data: download', () => {
  it('says what the section offers and links to what is stored', () => {
    const section = renderSection();
    expect(section.textContent).toContain(messages.privacy.sectionIntro);
    expect(within(section).getByRole('link', { name: 'What we store and for how long' }).getAttribute('href')).toBe(paths.privacy);
  });

  it('downloads the archive under the server’s name, saying Preparing your archive... meanwhile', async () => {
    const saved = watchDownloads();
    const ready = deferred<void>();
    const server = fakeServer({
      accountExport: async () => {
        await ready.promise;
        return zip('room-visualizer-data-2026-03-01.zip');
      },
    });
    const section = renderSection();
    await userEvent.setup().click(within(section).getByRole('button', { name: messages.privacy.downloadData }));
    const preparing = within(section).getByRole('button', { name: messages.privacy.preparingArchive });
    expect([preparing.hasAttribute('disabled'), preparing.getAttribute('aria-busy')]).toEqual([true, 'true']);
    ready.resolve();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.privacy.exportStarted));
    expect(saved).toEqual([{ filename: 'room-visualizer-data-2026-03-01.zip', href: 'blob:archive-1' }]);
    expect(server.callsTo('accountExport')).toHaveLength(1);
    expect(within(section).getByRole('button', { name: messages.privacy.downloadData }).hasAttribute('disabled')).toBe(false);
  });

  it('names the archive by today’s date when the server gives no name', async () => {
    const saved = watchDownloads();
    fakeServer({ accountExport: () => zip() });
    const section = renderSection();
    await userEvent.setup().click(within(section).getByRole('button', { name: messages.privacy.downloadData }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe(accountExportFilename(new Date()));
  });

  it('a refusal is told in the server’s words, and nothing is saved', async () => {
    const saved = watchDownloads();
    fakeServer({ accountExport: () => refuse(429, messages.server.tooManyRequests) });
    const section = renderSection();
    await userEvent.setup().click(within(section).getByRole('button', { name: messages.privacy.downloadData }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.server.tooManyRequests));
    expect(saved).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('Your data: delete account', () => {
  async function openDeletion() {
    const section = renderSection();
    const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
    await user.click(within(section).getByRole('button', { name: messages.privacy.deleteAccount }));
    const dialog = screen.getByRole('dialog', { name: messages.privacy.deleteTitle });
    return { user, dialog, field: within(dialog).getByLabelText(messages.privacy.deleteConfirmLabel) };
  }

  it('warns what deleting does, and asks for the e-mail address before sending anything', async () => {
    const server = fakeServer({});
    const { user, dialog, field } = await openDeletion();
    expect(dialog.textContent).toContain(messages.privacy.deleteWarning);
    expect(within(dialog).getByRole('link', { name: 'privacy page' }).getAttribute('href')).toBe(paths.privacy);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: messages.privacy.deleteAccount }));
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.privacy.deleteEmailMismatch);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toEqual([]);
  });

  it('a refusal keeps the dialog open with the server’s reason; Cancel then forgets what was typed', async () => {
    const server = fakeServer({ accountDelete: () => refuse(409, messages.privacy.deleteStillWorking) });
    const { user, dialog, field } = await openDeletion();
    await user.type(field, 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: messages.privacy.deleteAccount }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.privacy.deleteStillWorking);
    expect(server.callsTo('accountDelete')[0]!.json).toEqual({ email: 'robin@example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: messages.privacy.deleteAccount }));
    expect((screen.getByLabelText(messages.privacy.deleteConfirmLabel) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes the account, cannot be closed while it works, then says so and loads the home page afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const done = deferred<void>();
    fakeServer({
      accountDelete: async () => {
        await done.promise;
        return { message: messages.privacy.accountDeleted, subscriptionCanceled: true };
      },
    });
    const { user, dialog, field } = await openDeletion();
    await user.type(field, 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: messages.privacy.deleteAccount }));
    expect(within(dialog).getByRole('button', { name: messages.privacy.deleting }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: messages.privacy.deleteTitle })).toBe(dialog);
    done.resolve();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(messages.privacy.accountDeletedTitle, { description: messages.privacy.accountDeleted }),
    );
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(assign).toHaveBeenCalledWith(paths.home);
  });
  it("forgets the drafts this browser kept for the account, and only that account's (ADR 054)", async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeServer({ accountDelete: { message: messages.privacy.accountDeleted, subscriptionCanceled: true } });
    const { client } = renderWithProviders(<YourDataSection />, { at: paths.account, path: paths.account });
    // The account page has the profile (its route asks for it first).
    client.setQueryData(USER_PROFILE_KEY, userProfile());
    await draftStore().write(draftKey('user-robin', 'furnishing'), { texts: {} }, new Map());
    await draftStore().write(draftKey('user-other', 'furnishing'), { texts: {} }, new Map());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: messages.privacy.deleteAccount }));
    const dialog = screen.getByRole('dialog', { name: messages.privacy.deleteTitle });
    await user.type(within(dialog).getByLabelText(messages.privacy.deleteConfirmLabel), 'robin@example.com');
    await user.click(within(dialog).getByRole('button', { name: messages.privacy.deleteAccount }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(messages.privacy.accountDeletedTitle, { description: messages.privacy.accountDeleted }),
    );
    expect(await draftStore().read(draftKey('user-robin', 'furnishing'))).toBeUndefined();
    expect(await draftStore().read(draftKey('user-other', 'furnishing'))).toBeDefined();
    await draftStore().removeUnder('');
  });
});
