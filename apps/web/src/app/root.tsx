import { Component, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { rememberReturnPath } from '@/lib/return-path';

/**
 * The shell around every route, kept small so the landing page loads fast: the 401 → /login rule (and back after it), the
 * scroll position on navigation, and the error screen. The data client and the toaster live in
 * AppProviders, loaded with the pages that use them.
 */
export function Root() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      // Signing in again comes back here (lib/return-path.ts); what was typed is kept by its own feature.
      rememberReturnPath();
      void navigate(paths.login, { state: { notice: message } });
    });
  }, [navigate]);
  return (
    <RootErrorBoundary pathname={pathname}>
      <ScrollToTop />
      <FocusNewPageHeading />
      <Suspense fallback={null}>
        <Outlet />
        <HydratedMark />
      </Suspense>
    </RootErrorBoundary>
  );
}

/**
 * Marks the page as React's (`#root[data-hydrated]`): the presses kept before it are carried out then
 * (lib/early-press.ts), and tests wait for it. It sits inside the page's Suspense boundary, after the
 * page: when the page suspends while it is hydrated, React commits the shell and leaves the page's
 * server HTML dehydrated, and a press carried out on it then was lost (CI: a visitor's 'Shop for These
 * Items' never opened). Its effect runs once the page itself has been hydrated or drawn.
 */
function HydratedMark() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

/** A new page starts at its top (or at its #anchor); back and forward leave the scroll to the browser. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

/**
 * After a navigation inside the app (not the first page, not Back or Forward), the keyboard and a screen
 * reader start at the new page's heading (its first h1), as a page load would start them at its top: the
 * focus no longer stays on the body or on the link that was pressed. A page that put the focus somewhere
 * itself (a field) keeps it. The heading may come with the page's code, a moment later: it is waited for
 * (at most 3 s).
 */
function FocusNewPageHeading() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP') return;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1, #root h1');
      if (!heading) return false;
      const active = document.activeElement;
      const pageTookFocus = active && active !== document.body && active.closest('main') && !active.closest('a');
      if (!pageTookFocus) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), 3000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname, navigationType]);
  return null;
}

/** Any error while drawing a page shows RootError, until the visitor goes to another page. */
class RootErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failedAt === null ? (
      this.props.children
    ) : (
      <>
        <RootError />
        <HydratedMark />
      </>
    );
  }
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
