import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { fakeServer, refuse } from '@test/fake-server';
import { AppRoutes } from './app-routes';
import { pageFor, preloadPage } from './pages';

/** The whole app at `at`, as the browser draws it (the page's code loaded first, as start.tsx does), against a signed-out visitor's server. */
async function openApp(at: string, handlers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ checkToolAccess: { hasAccess: false }, ...handlers });
  await preloadPage(at);
  render(
    <MemoryRouter initialEntries={[at]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return server;
}

const footer = () => screen.getByRole('navigation', { name: 'Footer' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('pageFor', () => {
  it('finds the page of each address as the router ranks them, the catch-all last', () => {
    expect(pageFor('/')?.page).toBe('landing');
    expect(pageFor('/furnishing-decorating')?.page).toBe('furnishing-decorating');
    expect(pageFor('/furnishing-decorating/design/d1')?.page).toBe('design-results');
    expect(pageFor('/kitchen-bathroom/design/d2')?.page).toBe('design-results');
    expect(pageFor('/local-payments/checkout/cs_1')?.page).toBe('local-checkout');
    expect(pageFor('/local-payments/portal/bps_1')?.page).toBe('local-portal');
    expect(pageFor('/furnishing-decorating/design')?.page).toBe('not-found');
    expect(pageFor('/no/such/page')?.page).toBe('not-found');
  });

  it('puts every page but the landing page in the layout (header, footer, Report a bug)', () => {
    expect(pageFor('/')?.inLayout).toBe(false);
    expect(pageFor('/account')?.inLayout).toBe(true);
    expect(pageFor('/nowhere')?.inLayout).toBe(true);
  });
});

describe('AppRoutes', () => {
  it('draws the landing page on its own: its own footer, without Report a bug', async () => {
    await openApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /See your room redesigned/ })).toBeTruthy();
    expect(within(footer()).queryByRole('button', { name: 'Report a bug' })).toBeNull();
  });

  it('draws an unknown address as the 404 page, in the layout with Report a bug', async () => {
    await openApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe(paths.home);
    expect(within(footer()).getByRole('button', { name: 'Report a bug' })).toBeTruthy();
    expect(within(footer()).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe(paths.privacy);
  });

  it('offers the two design tools on the space selection', async () => {
    await openApp(paths.spaceSelection);
    expect(await screen.findByRole('heading', { level: 1, name: 'What would you like to design?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Furnishing & Decorating/ }).getAttribute('href')).toBe(paths.furnishing);
    expect(screen.getByRole('link', { name: /Kitchen & Bathroom/ }).getAttribute('href')).toBe(paths.kitchenBathroom);
  });

  it('How it works has the plan without shopping, a subscribe link to the pricing, and the questions', async () => {
    await openApp(paths.howItWorks);
    expect(await screen.findByRole('heading', { level: 1, name: 'How it works' })).toBeTruthy();
    const pricing = screen.getByRole('region', { name: 'Start designing today' });
    expect(within(pricing).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe(paths.pricing);
    expect(within(pricing).queryByText('Furniture shopping recommendations')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Questions' })).getAllByRole('term')).toHaveLength(3);
  });

  it('a call refused as signed out sends the person to log in, saying why', async () => {
    await openApp(paths.adminDashboard, { me: () => refuse(401, 'Unauthorized') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Room Visualizer' })).toBeTruthy();
    expect(await screen.findByText(messages.auth.pleaseLogIn)).toBeTruthy();
  });
});
