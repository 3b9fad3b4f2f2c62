import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useToolAccess } from '@/lib/tool-access';
import { HeaderMenu, headerMenuLinkClass } from './header-menu';

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 text-base font-extrabold tracking-tight whitespace-nowrap text-slate-900 sm:text-lg"
    >
      {/* The mark drawn in the page (the favicon's drawing), not an <img> of favicon.svg: an SVG image is a
          document of its own the browser builds on the page's main thread (about 20 ms on a slow machine). */}
      <svg viewBox="0 0 64 64" width={28} height={28} aria-hidden>
        <rect width="64" height="64" rx="14" fill="#6d28d9" />
        <path
          d="M14 30 32 15l18 15v19a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z"
          fill="none"
          stroke="#fff"
          strokeWidth="4.5"
          strokeLinejoin="round"
        />
        <rect x="26" y="34" width="12" height="18" rx="2" fill="#c4b5fd" />
      </svg>
      {/* Under 320 CSS px (a phone zoomed to 200%) the words give way to the mark; the link keeps its name. */}
      <span className="max-[319px]:sr-only">Room Visualizer</span>
    </Link>
  );
}

/**
 * The header, one line from 320 px up: the logo, 'How it works' and Log In (or My Account once tool
 * access is granted). What does not fit goes into the menu: 'How it works' below 640 px, the account
 * link too below 390 px. A page that draws its own Log In / My Account (the results page's sticky
 * header) passes `accountLink={false}`, so it is not shown twice.
 */
export function SiteHeader({ accountLink = true }: { accountLink?: boolean }) {
  const hasAccess = useToolAccess();
  const account = hasAccess ? { to: paths.account, label: 'My Account' } : { to: paths.login, label: 'Log In' };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-2">
          <div className="hidden sm:flex">
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.howItWorks}>How it works</Link>
            </Button>
          </div>
          {accountLink && (
            <div className="hidden min-[390px]:flex">
              {/* Keyed by its label: My Account is a new button, not Log In fading into it (its colours transition,
                  and its white text was unreadable on the light background for those 150 ms). */}
              <Button key={account.label} asChild variant={hasAccess ? 'primary' : 'secondary'} size="sm">
                <Link to={account.to}>{account.label}</Link>
              </Button>
            </div>
          )}
          <HeaderMenu id="site-menu" label="Menu" className="sm:hidden">
            {(close) => (
              <>
                <li>
                  <Link to={paths.howItWorks} onClick={close} className={headerMenuLinkClass()}>
                    How it works
                  </Link>
                </li>
                {accountLink && (
                  <li className="min-[390px]:hidden">
                    <Link to={account.to} onClick={close} className={headerMenuLinkClass()}>
                      {account.label}
                    </Link>
                  </li>
                )}
              </>
            )}
          </HeaderMenu>
        </nav>
      </div>
    </header>
  );
}
