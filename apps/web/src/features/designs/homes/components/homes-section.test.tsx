import type { HomeView } from '@rv/contracts/api/homes';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { HomesSection } from './homes-section';

const home = (isPublic: boolean): HomeView => ({ id: 'h1', name: 'Cottage', isPublic, pagePath: '/homes/h1', rooms: [] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomesSection', () => {
  it('Add home with no name says so at once, without asking the server, and a name sends it', async () => {
    const server = fakeServer({ homeList: { homes: [home(false)] }, createHome: { home: home(false), editable: true } });
    renderWithProviders(<HomesSection />);
    await screen.findByRole('article', { name: 'Cottage' });

    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.homes.nameRequired);
    expect(screen.getByPlaceholderText('Holiday cottage')).toBe(document.activeElement);
    expect(server.calls.map((call) => call.name)).toEqual(['homeList']);

    await userEvent.type(screen.getByPlaceholderText('Holiday cottage'), 'Flat');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    await vi.waitFor(() => expect(server.calls.find((call) => call.name === 'createHome')?.json).toEqual({ name: 'Flat' }));
  });

  it('Share home asks first: Cancel sends nothing, and only Make the link public shares the home', async () => {
    let shared = false;
    const server = fakeServer({
      homeList: () => ({ homes: [home(shared)] }),
      changeHome: (sent) => {
        shared = (sent.json as { isPublic: boolean }).isPublic;
        return { home: home(shared), editable: true };
      },
    });
    renderWithProviders(<HomesSection />);
    const card = await screen.findByRole('article', { name: 'Cottage' });

    await userEvent.click(within(card).getByRole('button', { name: 'Share home' }));
    const ask = screen.getByRole('dialog', { name: 'Share this home?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.name === 'changeHome')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Share home' }));
    await userEvent.click(within(ask).getByRole('button', { name: 'Make the link public' }));
    await within(card).findByRole('button', { name: 'Make home private' });
    expect(server.calls.find((call) => call.name === 'changeHome')?.json).toEqual({ isPublic: true });
    expect(within(card).getByTestId('home-share-link').textContent).toMatch(/\/homes\/h1$/);
  });

  it('a refused share is said in the dialog, the home stays private, and Share home again asks afresh', async () => {
    fakeServer({ homeList: { homes: [home(false)] }, changeHome: refuse(500, 'The home could not be changed just now.') });
    renderWithProviders(<HomesSection />);
    const card = await screen.findByRole('article', { name: 'Cottage' });

    await userEvent.click(within(card).getByRole('button', { name: 'Share home' }));
    const ask = screen.getByRole('dialog', { name: 'Share this home?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Make the link public' }));
    expect((await within(ask).findByRole('alert')).textContent).toBe('The home could not be changed just now.');
    expect(within(ask).getByRole('button', { name: 'Make the link public' })).toHaveProperty('disabled', false);
    expect(within(card).getByRole('button', { name: 'Share home' })).toBeTruthy();
    expect(within(card).queryByTestId('home-share-link')).toBeNull();

    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Share home' }));
    expect(within(ask).queryByRole('alert')).toBeNull();
  });
});
