import type { DesignViewAnswer } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { designView, refinedImage, viewImage } from '@test/design-image';
import { FakeEventSource, standInEventSource } from '@test/fake-event-source';
import { forgetPaintingHandedOverTo, handOverPainting, paintingHandedOverTo } from '@/features/designs/tasks/lib/painting-handover';
import { ResultsPage } from './results-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const PAGE = '/furnishing-decorating/design/d1';

/** A design with two refinements (the newest first) and two generated images, as the view answers it. */
const refinedDesign = () =>
  designView({
    images: [
      refinedImage({ id: 'r2', refinement: 2, url: '/api/files/designs/d1/task-b-1.webp' }),
      refinedImage({
        id: 'r1',
        refinement: 1,
        url: '/api/files/designs/d1/task-a-1.webp',
        saved: true,
        name: 'Loft',
      }),
      viewImage({ id: 'g1', url: '/api/files/designs/d1/generated-1.webp' }),
      viewImage({ id: 'g2', url: '/api/files/designs/d1/generated-2.webp' }),
    ],
  });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Our server's side of the page's calls: the design view (changed by the calls the page makes), tool access, the per-image save, the public toggle. */
function serve(answer: DesignViewAnswer) {
  let current = answer;
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    sent.push({ method, url, body });
    const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
    if (url === '/api/designs/d1' && method === 'GET') return json(current);
    if (url === '/api/check-tool-access') return json({ hasAccess: true });
    if (url === '/api/designs/d1/public' && method === 'PUT') {
      const { isPublic } = body as { isPublic: boolean };
      current = { ...current, design: { ...current.design, isPublic } };
      return json({ isPublic });
    }
    const image = /^\/api\/designs\/d1\/images\/([\w-]+)$/.exec(url);
    if (image && method === 'PATCH') {
      const images = current.design.images.map((row) => (row.id === image[1] ? { ...row, ...(body as object) } : row));
      current = { ...current, design: { ...current.design, images } };
      return json({ image: images.find((row) => row.id === image[1]) });
    }
    if (url === '/api/claim-results' && method === 'POST') return json({ creditsRemaining: 4 });
    if (url === '/api/room-share' && method === 'POST') return json({ message: 'Room shared' });
    if (url === '/api/designs/d1/refinements' && method === 'POST') return json({ taskId: 'task-c' }, 201);
    // Fix Room answers its task at once (ADR 066); its result comes on the task's events.
    if (url === '/api/designs/d1/fixes' && method === 'POST') return json({ taskId: 'task-fix' }, 201);
    return json({ error: 'Not found' }, 404);
  });
  return {
    sent,
    set: (next: DesignViewAnswer) => {
      current = next;
    },
  };
}

function renderPage(state?: { from?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: PAGE, state }]}>
        <Routes>
          <Route path="/furnishing-decorating/design/:id" element={<ResultsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const owner = (design = designView()): DesignViewAnswer => ({ design, editable: true, noSession: false });
const slider = (name: string) => screen.getByRole('group', { name });

standInEventSource();
beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('ResultsPage: images, refinements and Share View', () => {
  it('shows each image once from the view, and every image action names the image by its id', async () => {
    const server = serve(owner());
    renderPage();
    const generated = await screen.findByRole('group', { name: 'AI-generated design' });
    expect(within(generated).getByText('1 / 2')).toBeTruthy();
    const original = screen.getAllByRole('img', { name: 'The original room' })[0]!;
    expect(original.getAttribute('srcset')).toBe(designView().original.srcset);
    // Download: the room photo and each result by id, never by URL or name.
    const originalSection = screen.getByRole('region', { name: 'Original photo' });
    expect(within(originalSection).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/designs/d1/images/original/download',
    );
    expect(within(generated).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/designs/d1/images/g1/download?format=jpg',
    );
    await userEvent.click(within(generated).getByRole('button', { name: 'Next image' }));
    expect(within(generated).getByText('2 / 2')).toBeTruthy();
    expect(within(generated).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/designs/d1/images/g2/download?format=jpg',
    );

    // Save the second image: the dialog saves that image by its id, and the page shows it saved.
    await userEvent.click(within(generated).getByRole('button', { name: 'Save Design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save To My Designs' });
    await userEvent.type(within(dialog).getByLabelText('Design Name *'), 'Warm Loft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Design' }));
    await waitFor(() => expect(within(generated).getByRole('button', { name: 'Saved' }).hasAttribute('disabled')).toBe(true));
    expect(server.sent.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/designs/d1/images/g2',
        body: { saved: true, name: 'Warm Loft', roomType: 'living-room', notes: null },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(messages.account.designSaved('Warm Loft'));
    // The slider still shows the image saved, by its id, after the view was read again.
    expect(within(generated).getByText('2 / 2')).toBeTruthy();
  });

  it("shows a masked refinement's painted area, with its toggle; a whole-image refinement and the generated images have none", async () => {
    const design = refinedDesign();
    const masked = refinedImage({
      id: 'r2',
      refinement: 2,
      url: '/api/files/designs/d1/task-b-1.webp',
      maskUrl: '/api/files/designs/d1/mask-g1-abc.png',
    });
    serve(owner({ ...design, images: [masked, ...design.images.slice(1)] }));
    renderPage();
    const refined = await screen.findByRole('group', { name: 'Refined' });
    expect(within(refined).getByTestId('changed-area').getAttribute('src')).toBe('/api/files/designs/d1/mask-g1-abc.png');
    await userEvent.click(screen.getByRole('checkbox', { name: messages.refineMask.showChangedArea }));
    expect(within(refined).queryByTestId('changed-area')).toBeNull();
    await userEvent.click(within(refined).getByRole('button', { name: 'Next image' }));
    expect(within(refined).getByText('Refined #1')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: messages.refineMask.showChangedArea })).toBeNull();
    expect(within(slider('AI-generated design')).queryByTestId('changed-area')).toBeNull();
  });

  it('lists refinements newest first with their own numbers; the second refine panel starts from the newest', async () => {
    const server = serve(owner(refinedDesign()));
    renderPage();
    const refined = await screen.findByRole('group', { name: 'Refined' });
    expect(within(refined).getByText('Refined #2')).toBeTruthy();
    expect(within(refined).getByRole('button', { name: 'Save Design' })).toBeTruthy();
    await userEvent.click(within(refined).getByRole('button', { name: 'Next image' }));
    expect(within(refined).getByText('Refined #1')).toBeTruthy();
    expect(within(refined).getByRole('button', { name: 'Saved' }).hasAttribute('disabled')).toBe(true);
    expect(within(slider('AI-generated design')).getByText('1 / 2')).toBeTruthy();
    // The first-stage buttons wait once refined images exist.
    const first = screen.getByRole('region', { name: 'Want something different? Refine your design' });
    expect(within(first).getByRole('button', { name: 'Refine' }).hasAttribute('disabled')).toBe(true);

    const again = screen.getByRole('region', { name: 'Want something different Again?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Refine' }));
    await userEvent.click(screen.getByRole('button', { name: /^Tweak/ }));
    await userEvent.type(screen.getByLabelText('What would you like to change?'), 'add a jute rug');
    await userEvent.click(screen.getByRole('button', { name: 'Refine my design' }));
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const posted = server.sent.find((call) => call.method === 'POST')!.body as FormData;
    expect(posted.get('baseImageId')).toBe('r2');

    // Completion: the view is read again and the new refinement is shown first, as Refined #3.
    const design = refinedDesign();
    server.set(
      owner({
        ...design,
        images: [refinedImage({ id: 'r3', refinement: 3, url: '/api/files/designs/d1/task-c-1.webp' }), ...design.images],
      }),
    );
    FakeEventSource.last().send('complete', { imageId: 'r3' });
    // (The slider starts again at the newest: it is a new one, so it is looked up again.)
    await waitFor(() => expect(within(slider('Refined')).getByText('Refined #3')).toBeTruthy(), { timeout: 10_000 });
    expect(within(slider('Refined')).getByText('1 / 3')).toBeTruthy();
  });

  it('Share View asks first: the switch opens the page share dialog, and only its Make the link public makes the design public', async () => {
    const server = serve(owner());
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Private View' }));
    // The owner is not offered to start one: it is theirs.
    expect(screen.queryByRole('region', { name: 'Redesign a room of your own' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Share your design' });
    expect(within(dialog).getByText('This design is private: only you can open its link.')).toBeTruthy();
    expect(server.sent.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(screen.getByRole('switch', { name: 'Private View', hidden: true }).getAttribute('aria-checked')).toBe('false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make the link public' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Share View', hidden: true }).getAttribute('aria-checked')).toBe('true'));
    expect(server.sent.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/designs/d1/public', body: { isPublic: true } },
    ]);
  });
});

describe('ResultsPage: one share dialog', () => {
  it("a result's Share opens the switch's dialog, the page's only one, with that result's download; it asks before making it public", async () => {
    const server = serve(owner());
    renderPage();
    const generated = await screen.findByRole('group', { name: 'AI-generated design' });
    await userEvent.click(within(generated).getAllByRole('button', { name: 'Share' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Share your design' });
    expect(document.querySelectorAll('dialog[id^="share"]')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Download Preview' }).getAttribute('href')).toMatch(
      /^\/api\/designs\/d1\/images\/g\d\/download/,
    );
    expect(within(dialog).getByText('This design is private: only you can open its link.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Make the link public' })).toBeTruthy();
    expect(server.sent.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('ResultsPage: a visitor, the first design once refined, Fix Room, a painting handed over', () => {
  it('is read-only for a visitor: Log In, the switch off, no save, refine, fix or feedback; downloads still by id', async () => {
    const server = serve({ design: designView({ isPublic: true }), editable: false, noSession: true });
    renderPage();
    const generated = await screen.findByRole('group', { name: 'AI-generated design' });
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('switch').hasAttribute('disabled')).toBe(true);
    // A visitor is offered a room of their own: the plan, without a session.
    const start = screen.getByRole('region', { name: 'Redesign a room of your own' });
    expect(within(start).getByRole('link', { name: 'See the plan and start' }).getAttribute('href')).toBe('/#pricing');
    expect(screen.queryByRole('button', { name: 'Save Design' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refine' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fix Room' })).toBeNull();
    expect(screen.queryByText('How did we do?')).toBeNull();
    expect(within(generated).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/designs/d1/images/g1/download?format=jpg',
    );
    // No paid-tool question is asked for a page that offers no tool.
    expect(server.sent.some((call) => call.url === '/api/check-tool-access')).toBe(false);
  });

  it('says why the first design cannot be refined or fixed once refined, and offers "Change only here" only on the latest version', async () => {
    serve(owner(refinedDesign()));
    renderPage();
    const refined = await screen.findByRole('group', { name: 'Refined' });
    const first = screen.getByRole('region', { name: 'Want something different? Refine your design' });
    const refine = within(first).getByRole('button', { name: 'Refine' });
    expect(refine.hasAttribute('disabled')).toBe(true);
    expect(within(first).getByText(messages.tools.refineLatestVersion, { exact: false })).toBeTruthy();
    expect(refine.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(refine.getAttribute('aria-describedby')!)!.textContent).toContain(messages.tools.refineLatestVersion);
    expect(within(first).getByRole('link', { name: 'Go to the latest version' }).getAttribute('href')).toBe('#refined-title');
    const fix = screen.getByRole('button', { name: 'Fix Room' });
    expect(fix.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(fix.getAttribute('aria-describedby')!)!.textContent).toContain(messages.tools.refineLatestVersion);
    // Nothing can be sent from the first design: no brush there; the latest refinement has one, an older one none.
    expect(within(slider('AI-generated design')).queryByRole('button', { name: messages.refineMask.changeOnlyHere })).toBeNull();
    expect(within(refined).getByRole('button', { name: messages.refineMask.changeOnlyHere })).toBeTruthy();
    await userEvent.click(within(refined).getByRole('button', { name: 'Next image' }));
    expect(within(refined).queryByRole('button', { name: messages.refineMask.changeOnlyHere })).toBeNull();
    // The panel that can be used says nothing of the kind.
    const again = screen.getByRole('region', { name: 'Want something different Again?' });
    expect(within(again).queryByText(messages.tools.refineLatestVersion, { exact: false })).toBeNull();
  });

  it('a painting handed over for an image nothing can be sent from opens no brush', async () => {
    serve(owner(refinedDesign()));
    handOverPainting('d1', { imageId: 'g2', strokes: [] });
    renderPage();
    await screen.findByRole('group', { name: 'Refined' });
    expect(screen.queryByRole('application', { name: messages.refineMask.canvasLabel })).toBeNull();
  });

  it('after Fix Room the slider shows the Fix Room result: the counter and the image agree', async () => {
    const server = serve(owner());
    renderPage();
    const generated = await screen.findByRole('group', { name: 'AI-generated design' });
    expect(within(generated).getByText('1 / 2')).toBeTruthy();
    await userEvent.click(screen.getByText("Room architecture doesn't match your original?"));
    await userEvent.click(screen.getByRole('button', { name: 'Fix Room' }));
    // Its task is followed like a refinement's; once it is done, the view has its result after the others.
    await waitFor(() => expect(FakeEventSource.made.map((source) => source.url)).toEqual(['/api/designs/d1/refinements/task-fix/events']));
    const design = designView();
    const fixed = viewImage({ id: 'f1', kind: 'fixed', url: '/api/files/designs/d1/fixed-1.webp' });
    server.set(owner({ ...design, images: [...design.images, fixed] }));
    FakeEventSource.last().send('complete', { imageId: 'f1' });
    await waitFor(() => expect(within(slider('AI-generated design')).getByText('3 / 3')).toBeTruthy());
    const shown = slider('AI-generated design');
    expect(within(shown).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/designs/d1/images/f1/download?format=jpg',
    );
    expect(
      within(shown)
        .getByRole('img', { name: /3 of 3/ })
        .getAttribute('src'),
    ).toBe('/api/files/designs/d1/fixed-1.webp');
  });

  it('a visitor’s page does not call the design theirs', async () => {
    serve({ design: designView({ isPublic: true }), editable: false, noSession: true });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'A room makeover' })).toBeTruthy();
    expect(screen.queryByText('Your room makeover')).toBeNull();
  });

  it('opens Fix Room by itself when an image’s architecture drifted', async () => {
    serve(owner(designView({ images: [viewImage({ id: 'g1', flagged: true, fidelityScore: 0.4 })] })));
    renderPage();
    const expander = (await screen.findByText("Room architecture doesn't match your original?")).closest('details')!;
    expect(expander.open).toBe(true);
  });

  it('a painting handed over from My Designs names its image by id: the brush opens on that image', async () => {
    serve(owner());
    handOverPainting('d1', { imageId: 'g2', strokes: [] });
    renderPage();
    const generated = await screen.findByRole('group', { name: 'AI-generated design' });
    expect(within(generated).getByText('2 / 2')).toBeTruthy();
    expect(within(generated).getByRole('application', { name: messages.refineMask.canvasLabel })).toBeTruthy();
    // The page took the painting: coming back later opens no brush.
    expect(paintingHandedOverTo('d1')).toBeNull();
  });

  it('a painting handed over to another design opens no brush here', async () => {
    serve(owner());
    handOverPainting('d2', { imageId: 'g2', strokes: [] });
    renderPage();
    const generated = await screen.findByRole('group', { name: 'AI-generated design' });
    expect(within(generated).getByText('1 / 2')).toBeTruthy();
    expect(screen.queryByRole('application', { name: messages.refineMask.canvasLabel })).toBeNull();
    forgetPaintingHandedOverTo('d2');
  });

  it('arriving from a tool claims the credit once; arriving from anywhere else claims none', async () => {
    const server = serve(owner());
    renderPage({ from: '/furnishing-decorating' });
    await screen.findByRole('group', { name: 'AI-generated design' });
    await waitFor(() => expect(server.sent.filter((call) => call.url === '/api/claim-results')).toHaveLength(1));
    expect(server.sent.find((call) => call.url === '/api/claim-results')!.body).toEqual({ designId: 'd1' });
    cleanup();

    const again = serve(owner());
    renderPage({ from: '/account' });
    await screen.findByRole('group', { name: 'AI-generated design' });
    expect(again.sent.some((call) => call.url === '/api/claim-results')).toBe(false);
  });
});

describe('ResultsPage: the calls its hook makes, and their failures', () => {
  it('Share your room with us sends the design to the gallery once, and says so', async () => {
    const server = serve(owner());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Share your room with us!' }));
    expect(await screen.findByRole('button', { name: 'Shared!' })).toHaveProperty('disabled', true);
    expect(toast.success).toHaveBeenCalledWith(messages.tools.roomShared);
    expect(server.sent.filter((call) => call.url === '/api/room-share')).toEqual([
      { method: 'POST', url: '/api/room-share', body: { roomDesignId: 'd1' } },
    ]);
  });

  it('a refused gallery share, Make the link public or Fix Room is told with the spec’s message, and changes nothing', async () => {
    const server = serve(owner());
    renderPage();
    await screen.findByRole('group', { name: 'AI-generated design' });
    // From here on the server refuses what the page asks of it.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      server.sent.push({ method: init.method ?? 'GET', url, body: init.body });
      return new Response(JSON.stringify({ error: 'Try again later.' }), { status: 500 });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Share your room with us!' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.tools.shareRoomFailed));
    expect(screen.getByRole('button', { name: 'Share your room with us!' })).toHaveProperty('disabled', false);

    await userEvent.click(screen.getByRole('switch', { name: 'Private View' }));
    const share = await screen.findByRole('dialog', { name: 'Share your design' });
    await userEvent.click(within(share).getByRole('button', { name: 'Make the link public' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.account.shareContentFailed));
    expect(within(share).getByText('This design is private: only you can open its link.')).toBeTruthy();
    await userEvent.click(within(share).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('switch', { name: 'Private View' }).getAttribute('aria-checked')).toBe('false');

    await userEvent.click(screen.getByText("Room architecture doesn't match your original?"));
    await userEvent.click(screen.getByRole('button', { name: 'Fix Room' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.tools.fixRoomFailed));
    expect(within(slider('AI-generated design')).getByText('1 / 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fix Room' })).toHaveProperty('disabled', false);
  });
});
