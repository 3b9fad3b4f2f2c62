import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { PasswordSection } from './password-section';

const text = messages.password;

/** The server's side of POST /api/account/password: answers each call with the next status and body given. */
function serve(...answers: { status: number; body: object }[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

function renderSection(hasPassword: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PasswordSection hasPassword={hasPassword} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PasswordSection', () => {
  it('without a password: explains how they sign in, offers to set one, and refuses a mismatch or a short one without a call', async () => {
    const calls = serve();
    const user = renderSection(false);
    expect(screen.getByText(text.noPasswordIntro)).toBeTruthy();
    expect(screen.getByRole('form', { name: text.setTitle })).toBeTruthy();
    expect(screen.queryByLabelText(text.currentLabel)).toBeNull();

    await user.type(screen.getByLabelText(text.newLabel), 'a long password');
    await user.type(screen.getByLabelText(text.confirmLabel), 'a long passwort');
    await user.click(screen.getByRole('button', { name: text.setTitle }));
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.passwordsDontMatch);
    expect(valueOf(text.newLabel)).toBe('a long password');
    expect(valueOf(text.confirmLabel)).toBe('a long passwort');

    await user.clear(screen.getByLabelText(text.newLabel));
    await user.type(screen.getByLabelText(text.newLabel), 'short');
    await user.clear(screen.getByLabelText(text.confirmLabel));
    await user.type(screen.getByLabelText(text.confirmLabel), 'short');
    await user.click(screen.getByRole('button', { name: text.setTitle }));
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.passwordTooShort);
    expect(calls).toEqual([]);
  });

  it('with a password: a refused change keeps everything typed and shows why; the next try shows the success and clears the fields', async () => {
    const calls = serve(
      { status: 403, body: { error: text.currentWrong, code: 'FORBIDDEN' } },
      { status: 200, body: { message: text.passwordChanged, hasPassword: true } },
    );
    const user = renderSection(true);
    expect(screen.queryByText(text.noPasswordIntro)).toBeNull();
    await user.type(screen.getByLabelText(text.currentLabel), 'not my password');
    await user.type(screen.getByLabelText(text.newLabel), 'a newer password');
    await user.type(screen.getByLabelText(text.confirmLabel), 'a newer password');
    await user.click(screen.getByRole('button', { name: text.changeTitle }));

    expect((await screen.findByRole('alert')).textContent).toBe(text.currentWrong);
    expect(valueOf(text.currentLabel)).toBe('not my password');
    expect(valueOf(text.newLabel)).toBe('a newer password');
    expect(valueOf(text.confirmLabel)).toBe('a newer password');

    await user.clear(screen.getByLabelText(text.currentLabel));
    await user.type(screen.getByLabelText(text.currentLabel), 'my password');
    await user.click(screen.getByRole('button', { name: text.changeTitle }));
    expect((await screen.findByRole('status')).textContent).toBe(text.passwordChanged);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(valueOf(text.currentLabel)).toBe('');
    expect(valueOf(text.newLabel)).toBe('');
    expect(calls).toEqual([
      { url: '/api/account/password', body: { newPassword: 'a newer password', currentPassword: 'not my password' } },
      { url: '/api/account/password', body: { newPassword: 'a newer password', currentPassword: 'my password' } },
    ]);
  });
});
