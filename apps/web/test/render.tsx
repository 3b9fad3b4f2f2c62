import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';

/** The address bar of the test's browser: where the page is now (path, query and hash). */
function AddressBar() {
  const { pathname, search, hash } = useLocation();
  return <div data-testid="address-bar">{`${pathname}${search}${hash}`}</div>;
}

/** The address the page is at now, as the browser's address bar shows it. */
export const currentAddress = () => screen.getByTestId('address-bar').textContent;

/**
 * Renders `ui` as the app does (a fresh data client with the app's defaults, lib/query-client.ts: no retry,
 * no refetch on focus, answers fresh for 30 seconds; and a router)
 * at the address `at` (a path, or a location with its navigation state), matched by the route `path`.
 * `routes` draws other pages at their paths; any other address shows a stand-in page whose heading
 * names it ('Page /account'), so a test sees where the page sent the person.
 */
export function renderWithProviders(
  ui: ReactElement,
  { at = '/', path = '*', routes = {} }: { at?: InitialEntry; path?: string; routes?: Record<string, ReactElement> } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          {Object.entries(routes).map(([other, element]) => (
            <Route key={other} path={other} element={element} />
          ))}
          {path !== '*' && <Route path="*" element={<StandIn />} />}
        </Routes>
        <AddressBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

function StandIn() {
  const { pathname } = useLocation();
  return <h1>{`Page ${pathname}`}</h1>;
}
