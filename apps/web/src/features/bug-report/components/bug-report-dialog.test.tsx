import { BUG_REPORT_MAX_FILES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { ReportBugButton } from './report-bug-button';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

function renderFooter() {
  renderWithProviders(<ReportBugButton />);
  // The page's one dialog; once closed it leaves the accessibility tree, so it is found among hidden elements.
  const dialog = () => screen.getByRole<HTMLDialogElement>('dialog', { hidden: true });
  return { dialog, user: userEvent.setup() };
}

async function openDialog() {
  const { dialog, user } = renderFooter();
  await user.click(screen.getByRole('button', { name: 'Report a bug' }));
  const form = within(dialog());
  return {
    dialog,
    user,
    description: form.getByLabelText('What happened? *'),
    email: form.getByLabelText('Your email (optional)'),
    screenshots: form.getByLabelText<HTMLInputElement>('Screenshots (optional)'),
    // Found in the closed dialog too, to see the form made ready for the next report.
    submit: () => form.getByRole('button', { name: /Submit Report|Sending/, hidden: true }),
  };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Report a bug', () => {
  it('opens as a modal dialog from the footer, and Cancel or Close shuts it', async () => {
    const { dialog, user } = renderFooter();
    expect(dialog().open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Report a bug' }));
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Report a bug' })).toBe(dialog());
    expect(within(dialog()).getByText("Tell us what went wrong. We include this page's address and your browser version.")).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(dialog().open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Report a bug' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(dialog().open).toBe(false);
  });

  it('cannot be sent until something is described (spaces alone do not count)', async () => {
    const { user, description, submit } = await openDialog();
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.type(description, '   ');
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.type(description, 'The save button does nothing');
    expect(submit().hasAttribute('disabled')).toBe(false);
    await user.clear(description);
    expect(submit().hasAttribute('disabled')).toBe(true);
  });

  it('sends the description, the e-mail, this page’s address, the browser and the screenshots', async () => {
    const server = fakeServer({ bugReport: { message: 'ok', id: 'b1' } });
    const { user, description, email, screenshots, submit, dialog } = await openDialog();
    await user.type(description, '  The save button does nothing  ');
    await user.type(email, ' robin@example.com ');
    await user.upload(screenshots, [png('one.png'), png('two.png')]);
    await user.click(submit());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(messages.bugReport.submitted, { description: 'Thank you. We read every report.' }),
    );
    const [sent] = server.callsTo('bugReport');
    expect(sent!.method).toBe('POST');
    const form = sent!.form!;
    expect([form.get('description'), form.get('email'), form.get('pageUrl'), form.get('userAgent')]).toEqual([
      'The save button does nothing',
      'robin@example.com',
      window.location.href,
      navigator.userAgent,
    ]);
    expect(form.getAll('trails').map((file) => (file as File).name)).toEqual(['one.png', 'two.png']);
    // Sent: the dialog closes and its form is empty for the next report.
    expect(dialog().open).toBe(false);
    expect((description as HTMLTextAreaElement).value).toBe('');
    expect(submit().hasAttribute('disabled')).toBe(true);
  });

  it(`sends at most ${BUG_REPORT_MAX_FILES} screenshots`, async () => {
    const server = fakeServer({ bugReport: { message: 'ok', id: 'b1' } });
    const { user, description, screenshots, submit } = await openDialog();
    await user.type(description, 'Broken');
    await user.upload(
      screenshots,
      Array.from({ length: BUG_REPORT_MAX_FILES + 2 }, (_, index) => png(`shot-${index + 1}.png`)),
    );
    await user.click(submit());
    await waitFor(() => expect(server.callsTo('bugReport')).toHaveLength(1));
    expect(server.callsTo('bugReport')[0]!.form!.getAll('trails')).toHaveLength(BUG_REPORT_MAX_FILES);
  });

  it('shows Sending... while on its way, and on a failure keeps what was typed to try again', async () => {
    const answer = deferred<void>();
    fakeServer({
      bugReport: async () => {
        await answer.promise;
        return refuse(500, 'The report could not be stored');
      },
    });
    const { user, description, email, submit, dialog } = await openDialog();
    await user.type(description, 'Broken');
    await user.type(email, 'robin@example.com');
    await user.click(submit());
    expect(submit().textContent).toBe('Sending...');
    expect(submit().hasAttribute('disabled')).toBe(true);
    answer.resolve();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.bugReport.failed, { description: 'The report could not be stored' }),
    );
    expect(dialog().open).toBe(true);
    expect((description as HTMLTextAreaElement).value).toBe('Broken');
    expect((email as HTMLInputElement).value).toBe('robin@example.com');
    expect(submit().hasAttribute('disabled')).toBe(false);
  });
});
