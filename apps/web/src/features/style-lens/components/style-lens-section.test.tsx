import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { styleLens, userProfile } from '@test/user-profile';
import { StyleLensSection } from './style-lens-section';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const renderSection = () => {
  renderWithProviders(<StyleLensSection />);
  return screen.getByRole('region', { name: 'StyleLens' });
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StyleLensSection', () => {
  it('offers to create a StyleLens to someone without one', async () => {
    fakeServer({ userProfile: userProfile() });
    const section = renderSection();
    expect(within(section).getByRole('status').textContent).toContain('Loading your StyleLens...');
    const create = await within(section).findByRole('link', { name: 'Create StyleLens' });
    expect(create.getAttribute('href')).toBe(paths.styleLens);
    expect(section.textContent).toContain('Build a personal style profile from 5 to 10 photos of rooms you love.');
  });

  it('says the account data could not be loaded when the profile fails', async () => {
    fakeServer({ userProfile: () => refuse(500, 'boom') });
    const section = renderSection();
    expect(await within(section).findByText(messages.account.loadFailed)).toBeTruthy();
  });

  it('sums a lens up: its essence and the palette’s first four colours, then how many more', async () => {
    fakeServer({ userProfile: userProfile({ styleLens: styleLens(), styleSaveStatus: true }) });
    const section = renderSection();
    expect(await within(section).findByText('Calm, warm rooms of pale wood and linen.')).toBeTruthy();
    expect(within(section).getByText('Saved: applied to your designs')).toBeTruthy();
    const palette = within(section).getAllByRole('list', { name: 'Palette' })[0]!;
    expect(
      within(palette)
        .getAllByRole('listitem')
        .map((swatch) => swatch.textContent),
    ).toEqual(['warm sand', 'soft white', 'sage green', 'charcoal', '+2 more']);
    // A saved lens has nothing to save; it can be edited by running it again.
    expect(within(section).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(paths.styleLensEdit);
  });

  it('Show details opens the whole summary and the photos, and Hide details closes it', async () => {
    fakeServer({ userProfile: userProfile({ styleLens: styleLens(), styleSaveStatus: true }) });
    const section = renderSection();
    const user = userEvent.setup();
    const toggle = await within(section).findByRole('button', { name: 'Show details' });
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect([toggle.getAttribute('aria-expanded'), details.hidden]).toEqual(['false', true]);
    await user.click(toggle);
    expect([toggle.getAttribute('aria-expanded'), details.hidden]).toEqual(['true', false]);
    // The whole palette, each colour with its value.
    expect(
      within(within(details).getAllByRole('list')[0]!)
        .getAllByRole('listitem')
        .map((colour) => colour.textContent),
    ).toEqual([
      'warm sand (#d9cbb5)',
      'soft white (#f4efe6)',
      'sage green (#6b7b5e)',
      'charcoal (#3b3a36)',
      'brass (#b08d57)',
      'walnut (#8a6f5a)',
    ]);
    expect(within(details).getByText('oak (light)')).toBeTruthy();
    expect(within(details).getByText('arched mirrors')).toBeTruthy();
    expect(within(details).getByText('Keep clutter off the surfaces.')).toBeTruthy();
    expect(
      within(details)
        .getAllByRole('img')
        .map((photo) => [photo.getAttribute('alt'), photo.getAttribute('src')]),
    ).toEqual([
      ['Style photo 1', '/api/files/style/u1/1.webp'],
      ['Style photo 2', '/api/files/style/u1/2.webp'],
      ['Style photo 3', '/api/files/style/u1/3.webp'],
    ]);
    await user.click(within(section).getByRole('button', { name: 'Hide details' }));
    expect(details.hidden).toBe(true);
  });

  it('leaves out the parts of the summary a lens does not have', async () => {
    const bare = styleLens();
    fakeServer({
      userProfile: userProfile({
        styleLens: { ...bare, human_summary: { ...bare.human_summary, materials: [], forms: [], note: '' }, styleurls: [] },
      }),
    });
    const section = renderSection();
    await userEvent.setup().click(await within(section).findByRole('button', { name: 'Show details' }));
    const headings = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Palette']);
  });

  it('saves an unsaved lens, says so, and shows it saved', async () => {
    let saved = false;
    const answer = deferred<void>();
    const server = fakeServer({
      userProfile: () => userProfile({ styleLens: styleLens(), styleSaveStatus: saved }),
      styleLensSave: async () => {
        await answer.promise;
        saved = true;
        return { message: 'saved' };
      },
    });
    const section = renderSection();
    expect(await within(section).findByText('Not saved yet: save it to apply it to your designs')).toBeTruthy();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    answer.resolve();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.account.styleLensSaved));
    expect(await within(section).findByText('Saved: applied to your designs')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(server.callsTo('styleLensSave')).toHaveLength(1);
  });

  it('a failed save is told, and the lens stays unsaved', async () => {
    fakeServer({ userProfile: userProfile({ styleLens: styleLens() }), styleLensSave: () => refuse(500, 'boom') });
    const section = renderSection();
    await userEvent.setup().click(await within(section).findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.account.saveStyleLensFailed));
    expect(within(section).getByText('Not saved yet: save it to apply it to your designs')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});
