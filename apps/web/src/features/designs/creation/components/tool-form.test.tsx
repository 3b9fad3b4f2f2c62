import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userProfile } from '@test/user-profile';
import { deferred, fakeServer, refuse, type SentCall } from '@test/fake-server';
import { FakeEventSource, standInEventSource } from '@test/fake-event-source';
import { paths } from '@/config/paths';
import { draftKey, draftStore } from '@/lib/draft-store';
import { PRESS } from '@rv/contracts/press';
import { holdEarlyPresses } from '@/lib/press/early-press';
import { readLeftDesign } from '../left-design';
import { furnishingForm, kitchenBathroomForm, type ToolFormSpec } from '../tool-forms';
import { ToolForm } from './tool-form';

/** The first bytes of each image type the drop zones take (they check them, as the server does). */
const SIGNATURES: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WEBP'].map((c) => c.charCodeAt(0)),
    ),
};
/** A picked photo of `bytes` bytes: an image's first bytes for the allowed types, zeros for any other. */
const photo = (name: string, type = 'image/jpeg', bytes = 16) => {
  const body = new Uint8Array(bytes);
  body.set((SIGNATURES[type] ?? []).slice(0, bytes));
  return new File([body], name, { type });
};

/** Our server's 201 to a tool's start call (ADR 066): the design is being made. */
const started = (designId: string) =>
  new Response(JSON.stringify({ designId }), { status: 201, headers: { 'content-type': 'application/json' } });

/**
 * The server's side of a tool's start call (ADR 066: `startRoomDesign` / `startKitchenBathroomDesign`):
 * records each call with its multipart body and answers `answer` (design d-1 started, by default). The form
 * also asks, once React runs it, whose draft it keeps (the profile) and the account's newest designs
 * (ADR 054): answered, not recorded. The design is then followed on its events (FakeEventSource).
 */
function serveCreation(answer: Response | Promise<Response> = started('d-1'), profile = userProfile()) {
  const server = fakeServer({
    userProfile: profile,
    designList: noDesigns,
    startRoomDesign: () => answer,
    startKitchenBathroomDesign: () => answer,
  });
  return { sent: () => server.calls.filter((call) => call.name !== 'userProfile' && call.name !== 'designList') };
}

/** The server's side of the design's events: it opens the stream for `designId` and says it is made. */
async function designMade(designId: string) {
  await waitFor(() => expect(FakeEventSource.made.at(-1)?.url).toBe(`/api/designs/${designId}/events`), ASYNC);
  FakeEventSource.last().send('complete', { designId });
}
const noDesigns = { designs: [], updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 };

/** The form on its tool page's own address: it names there the design it follows (`?design=`, ADR 066). */
function tree(form: ToolFormSpec) {
  const toolPath = form.tool === 'furnishing' ? paths.furnishing : paths.kitchenBathroom;
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[toolPath]}>
        <Routes>
          <Route path={toolPath} element={<ToolForm form={form} />} />
          <Route path="/furnishing-decorating/design/:id" element={<h1>Furnishing results</h1>} />
          <Route path="/kitchen-bathroom/design/:id" element={<h1>Kitchen results</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
}

function renderForm(form: ToolFormSpec) {
  render(tree(form));
  // The browser's accept list is not applied: the form's own check must refuse what does not fit.
  return userEvent.setup({ applyAccept: false });
}

standInEventSource();
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Each test starts without a draft (the form keeps one per account: ADR 054).
  await draftStore().removeUnder('');
});

describe('the Furnishing & Decorating form', () => {
  it("tells each of the spec's messages in turn, and sends the form once it is complete", async () => {
    const server = serveCreation();
    const user = renderForm(furnishingForm);
    const submit = screen.getByRole('button', { name: 'Create My Room Makeover' });

    await user.click(submit);
    expect(screen.getAllByText(messages.validation.roomPhotoRequired).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Room photo')));

    await user.upload(screen.getByLabelText('Room photo'), photo('room.jpg'));
    // The message under the zone goes once the photo is there (the toast fades on its own).
    expect(document.getElementById('room-photo-error')).toBeNull();
    await user.upload(screen.getByLabelText('Furniture & decor photos'), photo('sofa.png', 'image/png'));
    await user.click(submit);
    expect(screen.getAllByText(messages.validation.itemDescriptionsRequired).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Item 1 description *')));

    // Over 50 characters is refused as well, and the count says so.
    await user.type(screen.getByLabelText('Item 1 description *'), 'x'.repeat(51));
    expect(screen.getByText('51/50 characters')).toBeTruthy();
    await user.click(submit);
    expect(screen.getAllByText(messages.validation.itemDescriptionsRequired).length).toBeGreaterThan(0);

    await user.clear(screen.getByLabelText('Item 1 description *'));
    await user.type(screen.getByLabelText('Item 1 description *'), 'green velvet sofa');
    await user.click(submit);
    // The architecture question, folded, is answered No until changed: the first full press is sent.
    expect(screen.queryByText(messages.validation.architecturalChangesRequired)).toBeNull();
    expect((screen.getByText('Architectural Changes').closest('details') as HTMLDetailsElement).open).toBe(false);
    expect(screen.getByText('No: your room stays as built')).toBeTruthy();
    await waitFor(() => expect(server.sent()).toHaveLength(1));
    expect(server.sent()[0]!.form!.get('architecturalChanges')).toBe('no');
  });

  it('refuses a HEIC photo and more furniture photos than its limit, with the spec message', async () => {
    serveCreation();
    const user = renderForm(furnishingForm);
    await user.upload(screen.getByLabelText('Room photo'), photo('room.heic', 'image/heic'));
    // Told once, under the zone (no toast beside it).
    expect(screen.getAllByText(messages.validation.unsupportedFileBecause('"room.heic" is a HEIC image'))).toHaveLength(1);
    expect(screen.queryByAltText('Preview of room.heic')).toBeNull();

    const limit = DESIGN_UPLOAD_LIMITS.furniturePhotos;
    const many = Array.from({ length: limit + 2 }, (_, index) => photo(`item-${index}.jpg`));
    await user.upload(screen.getByLabelText('Furniture & decor photos'), many);
    expect(screen.getAllByText(`You can add up to ${limit} photos here.`).length).toBeGreaterThan(0);
    expect(screen.getAllByAltText(/^Preview of item-/)).toHaveLength(limit);
    expect(screen.getByText(`Maximum of ${limit} photos reached`)).toBeTruthy();
  });

  it('refuses on the spot a file that only claims to be a photo (a text file named .jpg): the message stays, nothing is shown or sent', async () => {
    const server = serveCreation();
    const user = renderForm(furnishingForm);
    const notAPhoto = new File(['These are my notes, not a photo.'], 'room.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Room photo'), notAPhoto);
    const error = await waitFor(() => {
      const shown = document.getElementById('room-photo-error');
      expect(shown?.textContent).toBe(messages.validation.unsupportedFileBecause('"room.jpg" is not an image'));
      return shown!;
    });
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.queryByAltText('Preview of room.jpg')).toBeNull();
    // Pressing Create asks for a photo; nothing is posted, and the refusal is still on screen.
    await user.click(screen.getByRole('button', { name: 'Create My Room Makeover' }));
    expect(screen.getAllByText(messages.validation.roomPhotoRequired).length).toBeGreaterThan(0);
    expect(server.sent()).toEqual([]);
    // A real photo then takes its place and the message goes.
    await user.upload(screen.getByLabelText('Room photo'), photo('room.jpg'));
    expect(await screen.findByAltText('Preview of room.jpg')).toBeTruthy();
    expect(document.getElementById('room-photo-error')).toBeNull();
  });

  it('sends every field under its multipart name, the texts trimmed, then opens the results page', async () => {
    const server = serveCreation(started('d-42'));
    const user = renderForm(furnishingForm);
    await user.upload(screen.getByLabelText('Room photo'), photo('room.jpg'));
    await user.upload(screen.getByLabelText('Furniture & decor photos'), [
      photo('sofa.png', 'image/png'),
      photo('lamp.webp', 'image/webp'),
    ]);
    await user.type(screen.getByLabelText('Item 1 description *'), ' green sofa ');
    await user.type(screen.getByLabelText('Item 1 placement (optional)'), 'by the window');
    await user.type(screen.getByLabelText('Item 2 description *'), 'brass lamp');
    await user.upload(screen.getByLabelText('Inspiration photos'), photo('mood.jpg'));
    await user.type(screen.getByLabelText('Style'), '  warm japandi ');
    await user.type(screen.getByLabelText('Anything else'), 'keep the rug');
    // The architecture question is answered No until changed (ADR 062): its folded box opened to change it.
    await user.click(screen.getByText('Architectural Changes'));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Describe the architectural changes'), 'open the wall');
    // Details typed for 'Yes' are not sent once the answer is 'No'.
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Describe the architectural changes')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create My Room Makeover' }));

    // Started at once (ADR 066), the design is followed on its events until it is made.
    await designMade('d-42');
    // The navigation is a render away; a busy machine's render can outlast the library's 1-s default wait.
    expect(await screen.findByRole('heading', { name: 'Furnishing results' }, ASYNC)).toBeTruthy();
    expect(await screen.findByText(messages.tools.designComplete, undefined, ASYNC)).toBeTruthy();
    expect(server.sent()).toHaveLength(1);
    const [{ name, url, form: multipart }] = server.sent() as [SentCall];
    expect(name).toBe('startRoomDesign');
    expect(url).toBe('/api/designs/room-design');
    const form = multipart!;
    expect(form.get('styleDescription')).toBe('warm japandi');
    expect(form.get('additionalSuggestions')).toBe('keep the rug');
    expect(form.get('architecturalChanges')).toBe('no');
    expect(form.get('architecturalDetails')).toBe('');
    expect(form.get('useStyleLens')).toBe('true');
    expect(JSON.parse(String(form.get('furnitureData')))).toEqual([
      { description: 'green sofa', placement: 'by the window' },
      { description: 'brass lamp', placement: '' },
    ]);
    expect((form.get('roomPhoto') as File).name).toBe('room.jpg');
    expect(form.getAll('furniturePhotos').map((file) => (file as File).name)).toEqual(['sofa.png', 'lamp.webp']);
    expect(form.getAll('conceptPhotos').map((file) => (file as File).name)).toEqual(['mood.jpg']);
  });

  it("tells a failure with the server's words and keeps the form filled", async () => {
    serveCreation(refuse(500, 'The engine is down'));
    const user = renderForm(furnishingForm);
    await user.upload(screen.getByLabelText('Room photo'), photo('room.jpg'));
    await user.type(screen.getByLabelText('Style'), 'coastal');
    await user.click(screen.getByRole('button', { name: 'Create My Room Makeover' }));
    expect(await screen.findByText(messages.tools.processDesignFailed)).toBeTruthy();
    expect(screen.getByText('The engine is down')).toBeTruthy();
    expect((screen.getByLabelText('Style') as HTMLTextAreaElement).value).toBe('coastal');
    expect(screen.getByAltText('Preview of room.jpg')).toBeTruthy();
  });
});

describe('the Kitchen & Bathroom form', () => {
  it('keeps its button unavailable until a space photo is there, then sends the finishes with their category', async () => {
    const server = serveCreation(started('d-9'));
    const user = renderForm(kitchenBathroomForm);
    const generate = screen.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' }) as HTMLButtonElement;
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Add a photo of your space to continue.')).toBeTruthy();

    await user.upload(screen.getByLabelText('Space photo'), photo('kitchen.png', 'image/png'));
    expect(generate.hasAttribute('aria-disabled')).toBe(false);
    expect(screen.queryByText('Add a photo of your space to continue.')).toBeNull();
    await user.upload(screen.getByLabelText('Finishes & fixtures photos'), photo('tile.jpg'));
    await user.type(screen.getByLabelText('Item 1 description'), ' white zellige ');
    await user.selectOptions(screen.getByLabelText('Item 1: where it goes'), 'Backsplash');
    await user.type(screen.getByLabelText('Anything else'), 'brass taps');
    await user.click(generate);

    await designMade('d-9');
    expect(await screen.findByRole('heading', { name: 'Kitchen results' })).toBeTruthy();
    const [{ name, url, form: multipart }] = server.sent() as [SentCall];
    expect(name).toBe('startKitchenBathroomDesign');
    expect(url).toBe('/api/designs/kitchen-bathroom-design');
    const form = multipart!;
    expect(JSON.parse(String(form.get('finishesData')))).toEqual([{ label: 'white zellige', category: 'Backsplash' }]);
    expect(form.get('additionalRequests')).toBe('brass taps');
    expect((form.get('spacePhoto') as File).name).toBe('kitchen.png');
    expect(form.getAll('finishesFixtures').map((file) => (file as File).name)).toEqual(['tile.jpg']);
    expect(form.getAll('inspirationPhotos')).toEqual([]);
    expect(form.has('architecturalChanges')).toBe(false);
  });

  it('a press right after a photo is picked, while its bytes are still being checked, waits for it and sends it', async () => {
    const server = serveCreation();
    renderForm(kitchenBathroomForm);
    const input = screen.getByLabelText('Space photo') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [photo('kitchen.jpg')], configurable: true });
    // The pick and the press in one go: the photo's first bytes are not read yet when the form is sent.
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      screen.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' }).click();
    });
    await designMade('d-1');
    expect(await screen.findByRole('heading', { name: 'Kitchen results' })).toBeTruthy();
    expect(server.sent()).toHaveLength(1);
    expect((server.sent()[0]!.form!.get('spacePhoto') as File).name).toBe('kitchen.jpg');
  });

  it('sends nothing when its button is pressed without a space photo, and takes the person to the photo', async () => {
    const server = serveCreation();
    const user = renderForm(kitchenBathroomForm);
    await user.upload(screen.getByLabelText('Finishes & fixtures photos'), photo('tile.jpg'));
    await user.type(screen.getByLabelText('Item 1 description'), 'white zellige');
    const generate = screen.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' });
    // Unavailable, and announced so, yet a press reaches it (a press before hydration must be kept: ADR 026).
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    expect(generate.getAttribute('aria-describedby')).toBe('generate-kitchen-bathroom-design-hint');
    await user.click(generate);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Space photo')));
    // From the keyboard as well: the button takes the focus, and Enter goes to the photo too.
    generate.focus();
    expect(document.activeElement).toBe(generate);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Space photo')));
    expect(server.sent()).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(generate.getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByLabelText('Item 1 description') as HTMLInputElement).value).toBe('white zellige');
  });

  it('refuses more finishes photos than its limit', async () => {
    serveCreation();
    const user = renderForm(kitchenBathroomForm);
    const limit = DESIGN_UPLOAD_LIMITS.finishesFixtures;
    await user.upload(
      screen.getByLabelText('Finishes & fixtures photos'),
      Array.from({ length: limit + 1 }, (_, index) => photo(`finish-${index}.jpg`)),
    );
    expect(screen.getAllByText(`You can add up to ${limit} photos here.`).length).toBeGreaterThan(0);
    expect(screen.getAllByAltText(/^Preview of finish-/)).toHaveLength(limit);
  });

  it("alerts 'Error generating design' with the server's words when a design is not created", async () => {
    serveCreation(started('d-2'));
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const user = renderForm(kitchenBathroomForm);
    await user.upload(screen.getByLabelText('Space photo'), photo('bath.jpg'));
    await user.click(screen.getByRole('button', { name: 'Generate Kitchen & Bathroom Design' }));
    // Started, then not made: the design's stream ends with its error, in the server's words.
    await waitFor(() => expect(FakeEventSource.made.at(-1)?.url).toBe('/api/designs/d-2/events'), ASYNC);
    FakeEventSource.last().send('error', { details: 'No credits were charged' });
    await waitFor(() => expect(alert).toHaveBeenCalledWith(messages.tools.kitchenError('No credits were charged')));
  });
});

/**
 * The page's root as the server sends it (serve-web.ts: `<div id="root" data-rendered="">`), with page drawn
 * in it. In the page before it is drawn: the server has no document, and here useHydrated finds the root
 * not yet hydrated, as the server's render assumes.
 */
function serverRendered(page: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute('data-rendered', '');
  document.body.append(container);
  container.innerHTML = renderToString(page);
  return container;
}

describe('a tool form the server rendered', () => {
  it('takes over what was typed, chosen and picked before React ran it', async () => {
    const server = serveCreation(started('d-7'));
    const container = serverRendered(tree(furnishingForm));
    // The person, before the scripts: a photo, a style, the architecture answer (the page is only HTML).
    const picked = new DataTransfer();
    picked.items.add(photo('early-room.jpg'));
    (container.querySelector('#room-photo') as HTMLInputElement).files = picked.files;
    (container.querySelector('#style-description') as HTMLTextAreaElement).value = 'typed early';
    (container.querySelector('#architectural-changes-no') as HTMLInputElement).checked = true;

    const root = await act(async () => hydrateRoot(container, tree(furnishingForm)));
    expect(screen.getByAltText('Preview of early-room.jpg')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create My Room Makeover' }));
    await designMade('d-7');
    expect(await screen.findByRole('heading', { name: 'Furnishing results' })).toBeTruthy();
    const form = (server.sent() as [SentCall])[0].form!;
    expect((form.get('roomPhoto') as File).name).toBe('early-room.jpg');
    expect(form.get('styleDescription')).toBe('typed early');
    expect(form.get('architecturalChanges')).toBe('no');
    act(() => root.unmount());
    container.remove();
  });

  it('keeps a press on the Kitchen button made after a photo was picked, and carries it out once React has the photo', async () => {
    const server = serveCreation(started('d-8'));
    const container = serverRendered(tree(kitchenBathroomForm));
    const generate = container.querySelector<HTMLButtonElement>('#generate-kitchen-bathroom-design')!;
    // In the HTML the button is drawn pressable (ADR 038): a photo picked before React runs the page is not
    // in its state yet, and a disabled button would receive no press to keep. Its hint says what it needs.
    expect(generate.hasAttribute('aria-disabled')).toBe(false);
    expect(generate.disabled).toBe(false);
    expect(container.textContent).toContain(kitchenBathroomForm.photo.waitHint);
    holdEarlyPresses(container);
    const picked = new DataTransfer();
    picked.items.add(photo('early-kitchen.jpg'));
    (container.querySelector('#space-photo') as HTMLInputElement).files = picked.files;
    generate.click();
    expect(generate.hasAttribute(PRESS.pressed)).toBe(true);

    const root = await act(async () => hydrateRoot(container, tree(kitchenBathroomForm)));
    expect(screen.getByAltText('Preview of early-kitchen.jpg')).toBeTruthy();
    expect(generate.hasAttribute('aria-disabled')).toBe(false);
    expect(server.sent()).toEqual([]);
    // React has taken the page over (Root marks it so): the kept press is carried out.
    act(() => container.setAttribute('data-hydrated', ''));
    await designMade('d-8');
    expect(await screen.findByRole('heading', { name: 'Kitchen results' })).toBeTruthy();
    expect(server.sent()).toHaveLength(1);
    expect((server.sent()[0]!.form!.get('spacePhoto') as File).name).toBe('early-kitchen.jpg');
    act(() => root.unmount());
    container.remove();
  });
});

/** What is kept goes through the browser's storage and the page's own timers: on a busy machine it takes a moment. */
const ASYNC = { timeout: 5_000 };

describe("the form's draft (ADR 054)", () => {
  const kept = (userId: string) => draftStore().read(draftKey(userId, 'furnishing'));

  /** Fills the form: the room photo, one item with its words, an inspiration photo and the style. */
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.upload(screen.getByLabelText('Room photo'), photo('room.jpg'));
    await user.upload(screen.getByLabelText('Furniture & decor photos'), photo('sofa.png', 'image/png'));
    await user.type(screen.getByLabelText('Item 1 description *'), 'green sofa');
    await user.upload(screen.getByLabelText('Inspiration photos'), photo('mood.jpg'));
    await user.type(screen.getByLabelText('Style'), 'warm japandi');
  }

  it('keeps photos and words when the form goes (Back) and brings them back with a notice; Clear form empties it and forgets the draft', async () => {
    serveCreation();
    const user = renderForm(furnishingForm);
    await fill(user);
    // The person leaves at once: what is not kept yet is kept as the form goes.
    cleanup();
    await waitFor(async () => expect((await kept('user-robin'))?.files.size).toBe(3), ASYNC);

    renderForm(furnishingForm);
    expect(await screen.findByText(messages.drafts.restored, undefined, ASYNC)).toBeTruthy();
    expect(screen.getByAltText('Preview of room.jpg')).toBeTruthy();
    expect(screen.getByAltText('Preview of sofa.png')).toBeTruthy();
    expect(screen.getByAltText('Preview of mood.jpg')).toBeTruthy();
    expect((screen.getByLabelText('Item 1 description *') as HTMLInputElement).value).toBe('green sofa');
    expect((screen.getByLabelText('Style') as HTMLTextAreaElement).value).toBe('warm japandi');

    await user.click(screen.getByRole('button', { name: messages.drafts.clear }));
    expect(screen.queryByText(messages.drafts.restored)).toBeNull();
    expect(screen.queryByAltText('Preview of room.jpg')).toBeNull();
    expect((screen.getByLabelText('Style') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('button', { name: messages.drafts.clear })).toBeNull();
    await waitFor(async () => expect(await kept('user-robin')).toBeUndefined(), ASYNC);
  });

  it('another account signed in on the same browser does not see the draft, and keeps its own apart', async () => {
    serveCreation();
    await fill(renderForm(furnishingForm));
    cleanup();
    await waitFor(async () => expect(await kept('user-robin')).toBeDefined(), ASYNC);

    serveCreation(undefined, userProfile({ id: 'user-other', name: 'Other' }));
    const user = renderForm(furnishingForm);
    await user.type(screen.getByLabelText('Style'), 'coastal');
    // Kept under the other account's id, once its draft (none) was read: Robin's was never taken.
    await waitFor(async () => expect((await kept('user-other'))?.record).toMatchObject({ texts: { styleDescription: 'coastal' } }), ASYNC);
    expect((screen.getByLabelText('Style') as HTMLTextAreaElement).value).toBe('coastal');
    expect(screen.queryByAltText('Preview of room.jpg')).toBeNull();
    expect(screen.queryByText(messages.drafts.restored)).toBeNull();
    expect((await kept('user-robin'))?.record).toMatchObject({ texts: { styleDescription: 'warm japandi' } });
  });

  it('goes once the design is made, even when the answer comes after the person left; the design is then noted as theirs to be shown', async () => {
    const answer = deferred<Response>();
    serveCreation(answer.promise);
    const user = renderForm(furnishingForm);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create My Room Makeover' }));
    expect(await screen.findByText('Creating your room makeover', undefined, ASYNC)).toBeTruthy();
    // Back while the design is made: the form goes, its draft stays until the design is there.
    cleanup();
    await waitFor(async () => expect(await kept('user-robin')).toBeDefined(), ASYNC);
    expect(await readLeftDesign('user-robin')).toMatchObject({ tool: 'furnishing', designId: null });

    answer.resolve(started('d-left'));
    await waitFor(async () => expect(await readLeftDesign('user-robin')).toMatchObject({ designId: 'd-left' }), ASYNC);
    // Started is not made (ADR 066): the draft stays until the design's stream says it is made.
    expect(await kept('user-robin')).toBeDefined();
    await designMade('d-left');
    await waitFor(async () => expect(await kept('user-robin')).toBeUndefined(), ASYNC);
  });
});
