import type { UserProfile } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDetails } from '../api/get-user-profile';
import { PersonalInformation } from './personal-information';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const robin: UserProfile = {
  id: 'user-robin',
  name: 'Robin',
  email: 'robin@example.com',
  userAvatarStorageUrl: null,
  subscriptionStatus: 'active',
  stripeCustomerId: null,
  stripeSubscriptionNextBillingDate: null,
  transformationsUsed: 0,
  transformationsLimit: 20,
  firebaseUUID: null,
  styleLens: null,
  styleSaveStatus: false,
  emailConfirmed: true,
  hasPassword: true,
  passwordRemoved: false,
};

/** Our server's side of the profile update: records each multipart body and answers `status`. */
function serve(status = 200) {
  const sent: { url: string; method?: string; form: FormData }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method, form: init.body as FormData });
    const body =
      status === 200
        ? { message: 'Profile updated', profile: { ...robin, name: 'Robin Renamed' }, location: null, pendingEmail: null }
        : { error: 'The picture could not be read.' };
    return new Response(JSON.stringify(body), { status });
  });
  return sent;
}

function renderSection(
  profile = robin,
  details: ProfileDetails = { location: { city: 'Lyon', region: 'Rhône', country: 'France' }, pendingEmail: null },
) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PersonalInformation profile={profile} details={details} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Personal Information' });
}

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('PersonalInformation', () => {
  it('shows the name, the e-mail address and the approximate place', () => {
    const section = renderSection();
    expect(within(section).getByTestId('profile-name').textContent).toBe('Robin');
    expect(within(section).getByTestId('profile-email').textContent).toBe('robin@example.com');
    expect(within(section).getByTestId('profile-location').textContent).toBe('Lyon, Rhône, France');
    cleanup();
    const unknown = renderSection({ ...robin, name: '' }, { location: null, pendingEmail: 'new@example.com' });
    expect(within(unknown).getByTestId('profile-name').textContent).toBe('Not set');
    expect(within(unknown).getByTestId('profile-location').textContent).toBe('Not known yet');
    expect(within(unknown).getByRole('status').textContent).toContain('We sent a confirmation link to new@example.com');
  });

  it('Edit puts the focus in the name, and Cancel puts it back on Edit (the pressed button gives way to the form)', async () => {
    const section = renderSection();
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    expect(document.activeElement).toBe(within(section).getByLabelText('Name'));
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Edit' }));
  });

  it('an e-mail without @ is refused in the browser; Cancel goes back to the profile as it was', async () => {
    const sent = serve();
    const section = renderSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    const email = within(section).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'robin.example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByRole('alert').textContent).toBe(messages.validation.invalidEmail);
    expect(sent).toEqual([]);
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByTestId('profile-email').textContent).toBe('robin@example.com');
  });

  it('Save sends the trimmed name and e-mail with the known place, and says so only once the server has saved', async () => {
    const sent = serve();
    const section = renderSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    const name = within(section).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, '  Robin Renamed ');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.account.profileUpdated));
    expect(sent).toHaveLength(1);
    expect([sent[0]!.url, sent[0]!.method]).toEqual(['/api/user-profile/update', 'PUT']);
    expect([sent[0]!.form.get('name'), sent[0]!.form.get('email')]).toEqual(['Robin Renamed', 'robin@example.com']);
    expect(JSON.parse(String(sent[0]!.form.get('location')))).toEqual({ city: 'Lyon', region: 'Rhône', country: 'France' });
    expect(within(section).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('a refused save is told as a failure with the server’s words, and the form stays open', async () => {
    serve(422);
    const section = renderSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.account.profileUpdateFailed, { description: 'The picture could not be read.' }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(within(section).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
