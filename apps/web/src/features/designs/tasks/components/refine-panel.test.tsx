import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@rv/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, standInEventSource } from '@test/fake-event-source';
import { RefinePanel } from './refine-panel';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** The server's side of POST /api/designs/{id}/refinements: records each request and answers a task id (or a refusal). */
function serveRefinements(answer: { status: number; body: unknown } = { status: 201, body: { taskId: 'task-1' } }) {
  const sent: { url: string; form: FormData }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, form: init.body as FormData });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

function renderPanel(props: Partial<Parameters<typeof RefinePanel>[0]> = {}) {
  const onRunningChange = vi.fn();
  const onRefined = vi.fn();
  render(
    <RefinePanel
      designId="d1"
      heading="Want something different? Refine your design"
      disabled={false}
      baseImageId="g1"
      onRunningChange={onRunningChange}
      onRefined={onRefined}
      {...props}
    />,
  );
  return { onRunningChange, onRefined };
}

/** Opens Tweak (or Transform), writes the change, adds photos, and sends it. */
async function refine(text: string, options: { scope?: 'Tweak' | 'Transform'; photos?: File[] } = {}) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Refine' }));
  await user.click(screen.getByRole('button', { name: new RegExp(`^${options.scope ?? 'Tweak'}`) }));
  if (text) await user.type(screen.getByLabelText('What would you like to change?'), text);
  if (options.photos) await user.upload(screen.getByLabelText('Photos of what you want (optional)'), options.photos);
  await user.click(screen.getByRole('button', { name: 'Refine my design' }));
}

const photo = () => new File(['navy'], 'navy.png', { type: 'image/png' });

standInEventSource();
beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('RefinePanel', () => {
  it('asks for the change in words before sending anything (the spec’s text)', async () => {
    const sent = serveRefinements();
    renderPanel();
    await refine('');
    expect(toast.error).toHaveBeenCalledWith(messages.validation.feedbackRequiredTitle, {
      description: messages.validation.feedbackRequired,
    });
    expect(sent).toEqual([]);
    expect(FakeEventSource.made).toEqual([]);
  });

  it('sends one request with the prompt, scope, base image id and photos, then follows that task to its new image', async () => {
    const sent = serveRefinements();
    const { onRunningChange, onRefined } = renderPanel();
    await refine('make the sofa navy', { scope: 'Transform', photos: [photo()] });

    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    expect(sent).toHaveLength(1);
    const { url, form } = sent[0]!;
    expect(url).toBe('/api/designs/d1/refinements');
    expect([form.get('prompt'), form.get('scope'), form.get('baseImageId')]).toEqual(['make the sofa navy', 'transform', 'g1']);
    expect(form.getAll('tweak')).toHaveLength(1);
    expect(form.has('mask')).toBe(false);
    expect(onRunningChange).toHaveBeenLastCalledWith(true);
    // The Refine button waits while it runs; the stream's status is shown.
    expect(screen.getByRole('button', { name: 'Refine' }).hasAttribute('disabled')).toBe(true);
    const source = FakeEventSource.last();
    expect(source.url).toBe('/api/designs/d1/refinements/task-1/events');
    source.send('status', { message: 'Transforming your design' });
    expect(await screen.findByText('Transforming your design')).toBeTruthy();

    source.send('complete', { imageId: 'refined-1' });
    await waitFor(() => expect(onRefined).toHaveBeenCalledWith('refined-1'));
    expect(onRunningChange).toHaveBeenLastCalledWith(false);
    expect(toast.success).toHaveBeenCalledWith('Your refined design is ready');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refine' }).hasAttribute('disabled')).toBe(false);
  });

  it('a painted area names its own image as the base and travels in the same request', async () => {
    const sent = serveRefinements();
    const mask = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
    renderPanel({ baseImageId: 'r2', painted: { imageId: 'g2', mask } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refine' }));
    await user.click(screen.getByRole('button', { name: /^Tweak/ }));
    // The dialog says only the painted area will change.
    expect(screen.getByText(messages.refineMask.painted)).toBeTruthy();
    await user.type(screen.getByLabelText('What would you like to change?'), 'blue sofa');
    await user.click(screen.getByRole('button', { name: 'Refine my design' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form.get('baseImageId')).toBe('g2');
    expect(sent[0]!.form.get('mask')).toBeInstanceOf(Blob);
    expect(mask).toHaveBeenCalledOnce();
  });

  it('a refused request is told with the server’s words, follows nothing and lets the person try again', async () => {
    serveRefinements({ status: 429, body: { error: 'You have made a lot of changes today. Please try again tomorrow.' } });
    const { onRunningChange } = renderPanel();
    await refine('oak floor', { photos: [photo()] });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.tools.tweakUploadFailed, {
        description: 'You have made a lot of changes today. Please try again tomorrow.',
      }),
    );
    expect(FakeEventSource.made).toEqual([]);
    expect(onRunningChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Refine' }).hasAttribute('disabled')).toBe(false);
  });

  it('a refinement that fails on the server, or whose connection is lost, is told as the spec’s failure', async () => {
    serveRefinements();
    const { onRefined, onRunningChange } = renderPanel();
    await refine('oak floor');
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    FakeEventSource.last().send('error', { details: 'The image service is busy.' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.tools.refineFailed, { description: 'The image service is busy.' }),
    );
    expect(onRefined).not.toHaveBeenCalled();
    expect(onRunningChange).toHaveBeenLastCalledWith(false);

    await refine('oak floor');
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(2));
    FakeEventSource.last().drop(false);
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(messages.tools.refineFailed, { description: 'The connection was lost.' }),
    );
  });

  it('stops following the stream when the page goes away', async () => {
    serveRefinements();
    const { onRefined } = renderPanel();
    await refine('oak floor');
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    cleanup();
    const source = FakeEventSource.last();
    expect(source.closed).toBe(true);
    source.send('complete', { imageId: 'refined-1' });
    // An event is told once the catalogue's schemas have loaded: wait for that load, not for a time.
    await vi.dynamicImportSettled();
    expect(onRefined).not.toHaveBeenCalled();
  });
});

describe('RefinePanel: its dialogs and hints', () => {
  it('offers Tweak and Transform with the spec’s descriptions; each form shows its own example', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refine' }));
    const choice = screen.getByRole('dialog', { name: 'How big a change?' });
    expect(within(choice).getByText('Small, targeted changes. Everything else stays as it is.')).toBeTruthy();
    await user.click(within(choice).getByRole('button', { name: /^Transform/ }));
    expect(screen.getByRole('dialog', { name: 'Transform your design' })).toBeTruthy();
    expect(screen.getByLabelText('What would you like to change?').getAttribute('placeholder')).toBe(
      'e.g. Make it a bright Japandi living room',
    );
    // Nothing is painted: the form does not say only a part will change.
    expect(screen.queryByText(messages.refineMask.painted)).toBeNull();
  });

  it('Cancel closes the form and sends nothing; what was written is still there when it opens again', async () => {
    const sent = serveRefinements();
    const { onRunningChange } = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refine' }));
    await user.click(screen.getByRole('button', { name: /^Tweak/ }));
    await user.type(screen.getByLabelText('What would you like to change?'), 'a jute rug');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Tweak your design' })).toBeNull();
    expect(sent).toEqual([]);
    expect(onRunningChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Refine' }));
    await user.click(screen.getByRole('button', { name: /^Tweak/ }));
    expect((screen.getByLabelText('What would you like to change?') as HTMLTextAreaElement).value).toBe('a jute rug');
  });

  it('How to write a tweak opens its advice', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refine' }));
    await user.click(screen.getByRole('button', { name: /^Tweak/ }));
    await user.click(screen.getByRole('button', { name: 'How to write a tweak' }));
    const help = screen.getByRole('dialog', { name: 'How to write a tweak' });
    expect(within(help).getByText('Ask for one or two changes at a time.')).toBeTruthy();
  });

  it('a disabled panel says why under its button, and the hint is the button’s description', () => {
    renderPanel({ disabled: true, disabledHint: messages.tools.refineLatestVersion });
    const refineButton = screen.getByRole('button', { name: 'Refine' });
    expect(refineButton.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(refineButton.getAttribute('aria-describedby')!)!.textContent).toContain(
      messages.tools.refineLatestVersion,
    );
    cleanup();
    renderPanel({ disabled: true });
    expect(screen.getByRole('button', { name: 'Refine' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('a painting that cannot be read is told as the painted area’s failure (no inner error words shown), and nothing is sent', async () => {
    const sent = serveRefinements();
    const mask = vi.fn(async () => {
      throw new Error('canvas lost');
    });
    const { onRunningChange } = renderPanel({ painted: { imageId: 'g2', mask } });
    await refine('blue sofa');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.refineMask.uploadFailed, { description: undefined }));
    expect(sent).toEqual([]);
    expect(onRunningChange).toHaveBeenLastCalledWith(false);
  });
});
