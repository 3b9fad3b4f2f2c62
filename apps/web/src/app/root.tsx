import { messages } from '@rv/contracts/messages';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';

/**
 * The shell around every route, kept small so the landing page loads fast: the 401 → /login rule.
 * The data client and the toaster live in AppProviders, loaded with the pages that use them.
 */
export function Root() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate(paths.login, { state: { notice: messages.auth.pleaseLogIn } });
    });
  }, [navigate]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export function RootError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-700">Please reload the page. If it keeps happening, tell us with Report a bug.</p>
      <a href="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Back to Home
      </a>
    </div>
  );
}
