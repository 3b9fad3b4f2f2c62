import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { EmailChangeConfirmation } from './email-change-confirmation';

const text = messages.emailChange;
const TOKEN = 't'.repeat(43);

/** The server's side: answers each call with the next status and body given, and records what was called. */
function serve(...answers: { status: number; body: object }[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

function renderPage() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EmailChangeConfirmation token={TOKEN} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EmailChangeConfirmation (the page the e-mail-change link opens)', () => {
  it('shows which account the address joins and confirms only on the press', async () => {
    const calls = serve(
      { status: 200, body: { email: 'new@example.com', accountEmail: 'holder@example.com' } },
      { status: 200, body: { message: 'Your e-mail address is now new@example.com.', email: 'new@example.com' } },
    );
    const { onDone, user } = renderPage();
    expect(await screen.findByText(text.joins('new@example.com', 'holder@example.com'))).toBeTruthy();
    expect(screen.getByText(text.consequence)).toBeTruthy();
    // Opening the page only asked what the link would do.
    expect(calls.map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/user-profile\/confirm-email\/preview$/)]);
    expect(calls[0]!.body).toEqual({ token: TOKEN });

    await user.click(screen.getByRole('button', { name: text.confirm }));
    expect(calls.map((c) => c.url)[1]).toMatch(/\/api\/user-profile\/confirm-email$/);
    expect(calls[1]!.body).toEqual({ token: TOKEN });
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it('declining calls nothing more; a link that is not valid says so with the server’s text', async () => {
    const calls = serve({ status: 200, body: { email: 'new@example.com', accountEmail: 'holder@example.com' } });
    const { onDone, user } = renderPage();
    await screen.findByText(text.joins('new@example.com', 'holder@example.com'));
    await user.click(screen.getByRole('button', { name: text.cancel }));
    expect(onDone).toHaveBeenCalledWith(false);
    expect(calls).toHaveLength(1);
    cleanup();

    const invalid = 'This confirmation link is not valid any more. Please change your e-mail address again.';
    serve({ status: 400, body: { error: invalid, code: 'BAD_REQUEST' } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(invalid);
    expect(screen.queryByRole('button', { name: text.confirm })).toBeNull();
  });

  it('a press the server refuses keeps the page, says why and lets them try again', async () => {
    serve(
      { status: 200, body: { email: 'new@example.com', accountEmail: 'holder@example.com' } },
      { status: 409, body: { error: 'That e-mail address belongs to another account.', code: 'CONFLICT' } },
    );
    const { onDone, user } = renderPage();
    await screen.findByText(text.joins('new@example.com', 'holder@example.com'));
    await user.click(screen.getByRole('button', { name: text.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe('That e-mail address belongs to another account.');
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: text.confirm }) as HTMLButtonElement).disabled).toBe(false);
  });
});
