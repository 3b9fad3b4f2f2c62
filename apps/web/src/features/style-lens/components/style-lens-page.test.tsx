import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { FakeEventSource, standInEventSource } from '@test/fake-event-source';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { styleLens, userProfile } from '@test/user-profile';
import { draftKey, draftStore } from '@/lib/draft-store';
import { StyleLensPage } from './style-lens-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** A JPEG by its first bytes. */
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])], name, { type: 'image/jpeg' });
const photos = (count: number, from = 1) => Array.from({ length: count }, (_, index) => jpeg(`room-${from + index}.jpg`));

const analysed = { lens: 'Warm minimalism', summary: styleLens().human_summary, stylePhotosStorageUrls: [] };

function renderPage(editing = false, at: string = editing ? paths.styleLensEdit : paths.styleLens) {
  renderWithProviders(<StyleLensPage editing={editing} />, { at, path: paths.styleLens });
  const user = userEvent.setup({ applyAccept: false });
  const analyse = () => screen.getByRole('button', { name: editing ? 'Re-analyse My Style' : 'Analyse My Style' });
  const add = async (files: File[]) => user.upload(screen.getByLabelText('Style photos'), files);
  return { user, analyse, add };
}

const photoOrder = () =>
  within(screen.getByRole('list', { name: 'Your style photos' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('alt'));

/** What is kept goes through the browser's storage and the page's own timers: on a busy machine it takes a moment. */
const ASYNC = { timeout: 5_000 };

/** The analysis the page follows (ADR 066): its event stream, once the page has opened it. */
async function followed(taskId: string) {
  await waitFor(() => expect(FakeEventSource.made.at(-1)?.url).toBe(`/api/stylelens/analyses/${taskId}/events`), ASYNC);
  return FakeEventSource.last();
}

standInEventSource();
// The stream's event schemas come with the catalogue, which the page loads with its first stream: loaded
// here once, so that no test's waiting includes compiling it (seconds on a busy machine).
beforeAll(() => import('@rv/contracts/routes/routes'));
beforeEach(() => vi.clearAllMocks());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  // Each test starts without a draft (a new lens's photos are kept per account: ADR 054).
  await draftStore().removeUnder('');
});

describe('StyleLensPage: adding photos', () => {
  it('asks for five to ten photos; Analyse stays disabled until there are five', async () => {
    fakeServer({ userProfile: userProfile() });
    const { analyse, add } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your StyleLens' })).toBeTruthy();
    expect(analyse().hasAttribute('disabled')).toBe(true);
    await add(photos(4));
    expect(await screen.findByText('4 of 10 photos')).toBeTruthy();
    expect(analyse().hasAttribute('disabled')).toBe(true);
    await add(photos(1, 5));
    await waitFor(() => expect(screen.getByTestId('style-photo-count').textContent).toBe('5 of 10 photos'));
    expect(analyse().hasAttribute('disabled')).toBe(false);
    expect(photoOrder()).toHaveLength(5);
  });

  it('at ten photos says You’re Ready! and takes no more; removing one brings the drop zone back', async () => {
    fakeServer({ userProfile: userProfile() });
    const { user, add } = renderPage();
    await add(photos(10));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(messages.styleLens.ready, { description: messages.styleLens.readyDescription }),
    );
    expect(screen.queryByLabelText('Style photos')).toBeNull();
    expect(screen.getByText(/10 of 10 photos added\. Remove a photo to add a different one\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove room-10.jpg' }));
    expect(screen.getByLabelText('Style photos')).toBeTruthy();
    expect(screen.getByTestId('style-photo-count').textContent).toBe('9 of 10 photos');
  });

  it('more photos than there is room for: the first that fit are kept, and the limit is told', async () => {
    fakeServer({ userProfile: userProfile() });
    const { add } = renderPage();
    await add(photos(8));
    await waitFor(() => expect(screen.getByTestId('style-photo-count').textContent).toBe('8 of 10 photos'));
    await add(photos(4, 9));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.styleLens.tooManyPhotos);
    expect(screen.getByTestId('style-photo-count').textContent).toBe('10 of 10 photos');
    expect(photoOrder().at(-1)).toBe('Style photo 10: room-10.jpg');
  });

  it('a file that is not a photo is refused, told once, on the page (no toast beside it)', async () => {
    fakeServer({ userProfile: userProfile() });
    const { add } = renderPage();
    await add([new File(['just text'], 'notes.txt', { type: 'text/plain' })]);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.validation.unsupportedFileBecause('"notes.txt" is not an image'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByTestId('style-photo-count').textContent).toBe('0 of 10 photos');
  });
});

describe('StyleLensPage: the analysis', () => {
  it('sends the photos in their order, shows the analysis’s steps as its stream tells them, saves the lens, then lands on it in the account', async () => {
    const started = deferred<void>();
    const server = fakeServer({
      userProfile: userProfile(),
      startStyleLens: async () => {
        await started.promise;
        return { taskId: 't-1' };
      },
      styleLensSave: { message: messages.account.styleLensSaved },
    });
    const { user, analyse, add } = renderPage();
    await add(photos(6));
    await waitFor(() => expect(analyse().hasAttribute('disabled')).toBe(false));
    // The last photo is moved one place earlier before analysing.
    await user.click(screen.getByRole('button', { name: 'Move room-6.jpg earlier' }));
    await user.click(analyse());
    expect(await screen.findByRole('heading', { name: 'Building your StyleLens' })).toBeTruthy();
    expect(screen.getByText(/your 6 photos/)).toBeTruthy();
    // The form is put away while the photos are read: nothing can be changed or sent twice.
    expect(screen.queryByRole('form', { name: 'StyleLens photos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Analyse My Style' })).toBeNull();
    started.resolve();
    // The analysis is named in the address, so a reload follows it again.
    await waitFor(() => expect(currentAddress()).toBe(`${paths.styleLens}?analysis=t-1`), ASYNC);
    const stream = await followed('t-1');
    stream.send('status', { message: 'Reading photo 2 of 6' });
    expect((await screen.findByTestId('work-progress', undefined, ASYNC)).textContent).toBe('Reading photo 2 of 6');
    stream.send('status', { message: 'Finding your style in 6 photos' });
    await waitFor(() => expect(screen.getByTestId('work-progress').textContent).toBe('Finding your style in 6 photos'), ASYNC);
    expect(server.callsTo('styleLensSave')).toHaveLength(0);
    stream.send('complete', analysed);
    await waitFor(() => expect(currentAddress()).toBe(`${paths.account}#style-lens`), ASYNC);
    expect(stream.closed).toBe(true);
    expect(server.callsTo('styleLensSave')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(messages.styleLens.created, { description: messages.account.styleLensSaved });
    const [sent] = server.callsTo('startStyleLens');
    expect(sent!.query).toEqual({ editing: 'false' });
    expect(sent!.form!.getAll('styles').map((file) => (file as File).name)).toEqual([
      'room-1.jpg',
      'room-2.jpg',
      'room-3.jpg',
      'room-4.jpg',
      'room-6.jpg',
      'room-5.jpg',
    ]);
    // The lens is made: its photos are no longer kept.
    await waitFor(async () => expect(await draftStore().read(draftKey('user-robin', 'style-lens'))).toBeUndefined(), ASYNC);
  });

  it('a reload while the analysis runs comes back to its progress, then to the lens on the account', async () => {
    const server = fakeServer({ userProfile: userProfile(), styleLensSave: { message: messages.account.styleLensSaved } });
    renderPage(false, `${paths.styleLens}?analysis=t-7`);
    expect(await screen.findByRole('heading', { name: 'Building your StyleLens' })).toBeTruthy();
    expect(screen.getByText(/of your photos\./)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'StyleLens photos' })).toBeNull();
    const stream = await followed('t-7');
    stream.send('status', { message: 'Reading photo 4 of 5' });
    expect((await screen.findByTestId('work-progress', undefined, ASYNC)).textContent).toBe('Reading photo 4 of 5');
    // A stream the server ends on purpose is asked again, and the page keeps following.
    stream.send('reconnect', { retryMs: 500 });
    stream.drop(true);
    stream.send('status', { message: 'Saving your StyleLens' });
    await waitFor(() => expect(screen.getByTestId('work-progress').textContent).toBe('Saving your StyleLens'), ASYNC);
    stream.send('complete', analysed);
    await waitFor(() => expect(currentAddress()).toBe(`${paths.account}#style-lens`), ASYNC);
    expect(server.callsTo('styleLensSave')).toHaveLength(1);
    expect(server.callsTo('startStyleLens')).toHaveLength(0);
  });

  it('a lens that could not be saved is told, and the account shows it with its Save button', async () => {
    fakeServer({ userProfile: userProfile(), startStyleLens: { taskId: 't-2' }, styleLensSave: () => refuse(503, messages.server.internal) });
    const { user, analyse, add } = renderPage();
    await add(photos(5));
    await waitFor(() => expect(analyse().hasAttribute('disabled')).toBe(false));
    await user.click(analyse());
    (await followed('t-2')).send('complete', analysed);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.account.saveStyleLensFailed), ASYNC);
    await waitFor(() => expect(currentAddress()).toBe(`${paths.account}#style-lens`), ASYNC);
  });

  it('an analysis that fails is told with the server’s reason, the person goes to their account, and the photos are kept', async () => {
    fakeServer({ userProfile: userProfile(), startStyleLens: { taskId: 't-3' } });
    const { user, analyse, add } = renderPage();
    await add(photos(5));
    await waitFor(() => expect(analyse().hasAttribute('disabled')).toBe(false));
    await user.click(analyse());
    (await followed('t-3')).send('error', { details: messages.styleLens.analysisIncomplete });
    await waitFor(
      () => expect(toast.error).toHaveBeenCalledWith(messages.styleLens.analysisFailed, { description: messages.styleLens.analysisIncomplete }),
      ASYNC,
    );
    // The router moves in a transition: the address changes once React has drawn the next page.
    await waitFor(() => expect(currentAddress()).toBe(paths.account), ASYNC);
    // Nothing the person chose is lost: the photos come back on the page, in their order.
    cleanup();
    renderPage();
    expect(await screen.findByText(messages.drafts.restored, undefined, ASYNC)).toBeTruthy();
    expect(photoOrder()).toHaveLength(5);
  });

  it('a refused start (a photo the server cannot read) is told with its reason, and the person goes to their account', async () => {
    fakeServer({ userProfile: userProfile(), startStyleLens: () => refuse(415, messages.validation.unsupportedFile) });
    const { user, analyse, add } = renderPage();
    await add(photos(5));
    await waitFor(() => expect(analyse().hasAttribute('disabled')).toBe(false));
    await user.click(analyse());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.styleLens.analysisFailed, { description: messages.validation.unsupportedFile }),
    );
    await waitFor(() => expect(currentAddress()).toBe(paths.account), ASYNC);
    expect(FakeEventSource.made).toHaveLength(0);
  });
});

describe('StyleLensPage: editing the current lens', () => {
  it('starts from the current lens’s photos, then re-analyses them as an edit', async () => {
    const server = fakeServer({
      userProfile: userProfile({ styleLens: styleLens(), styleSaveStatus: true }),
      files: () => new Response(new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: 'image/webp' })),
      startStyleLens: { taskId: 't-4' },
      styleLensSave: { message: messages.account.styleLensSaved },
    });
    const { user, analyse, add } = renderPage(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit your StyleLens' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading your current photos...');
    await waitFor(() => expect(screen.getByTestId('style-photo-count').textContent).toBe('3 of 10 photos'));
    expect(server.callsTo('files').map((sent) => sent.params['*'])).toEqual(['style/u1/1.webp', 'style/u1/2.webp', 'style/u1/3.webp']);
    expect(photoOrder()).toEqual([
      'Style photo 1: style-photo-1.webp',
      'Style photo 2: style-photo-2.webp',
      'Style photo 3: style-photo-3.webp',
    ]);
    await add(photos(2));
    await waitFor(() => expect(analyse().hasAttribute('disabled')).toBe(false));
    await user.click(analyse());
    await waitFor(() => expect(currentAddress()).toBe(`${paths.styleLensEdit}&analysis=t-4`), ASYNC);
    (await followed('t-4')).send('complete', analysed);
    await waitFor(() => expect(currentAddress()).toBe(`${paths.account}#style-lens`), ASYNC);
    expect(server.callsTo('startStyleLens')[0]!.query).toEqual({ editing: 'true' });
    expect(server.callsTo('startStyleLens')[0]!.form!.getAll('styles')).toHaveLength(5);
  });

  it('says when the current photos could not be loaded, and lets new ones be added', async () => {
    fakeServer({
      userProfile: userProfile({ styleLens: styleLens(), styleSaveStatus: true }),
      files: () => refuse(404, 'Not found'),
    });
    renderPage(true);
    expect(await screen.findByText('Your current photos could not be loaded. Add new ones to re-run your StyleLens.')).toBeTruthy();
    expect(screen.getByLabelText('Style photos')).toBeTruthy();
    expect(screen.getByTestId('style-photo-count').textContent).toBe('0 of 10 photos');
  });
});

describe("StyleLensPage: a new lens's photos are kept (ADR 054)", () => {
  it('come back in their order when the page comes back, with a notice; Clear form empties the grid and forgets them', async () => {
    fakeServer({ userProfile: userProfile() });
    const { add } = renderPage();
    await add(photos(6));
    cleanup();
    await waitFor(async () => expect((await draftStore().read(draftKey('user-robin', 'style-lens')))?.files.size).toBe(6), ASYNC);

    const { user } = renderPage();
    expect(await screen.findByText(messages.drafts.restored, undefined, ASYNC)).toBeTruthy();
    expect(photoOrder()).toEqual(photos(6).map((file, index) => `Style photo ${index + 1}: ${file.name}`));
    await user.click(screen.getByRole('button', { name: messages.drafts.clear }));
    expect(screen.queryByRole('list', { name: 'Your style photos' })).toBeNull();
    await waitFor(async () => expect(await draftStore().read(draftKey('user-robin', 'style-lens'))).toBeUndefined(), ASYNC);
  });

  it('an edit starts from the current lens, never from a draft', async () => {
    await draftStore().write(
      draftKey('user-robin', 'style-lens'),
      { savedAt: Date.now(), photos: ['kept'] },
      new Map([['kept', jpeg('kept.jpg')]]),
    );
    fakeServer({ userProfile: userProfile({ styleLens: styleLens({ styleurls: [] }) }) });
    renderPage(true);
    expect(await screen.findByRole('button', { name: 'Re-analyse My Style' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), ASYNC);
    expect(screen.queryByText(messages.drafts.restored)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Your style photos' })).toBeNull();
  });
});
