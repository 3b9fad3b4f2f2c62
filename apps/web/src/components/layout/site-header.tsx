import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useToolAccess } from '@/lib/tool-access';

export function Logo() {
  return (
    <Link to={paths.home} className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Room Visualizer
    </Link>
  );
}

/** The header: Log In, or My Account once tool access is granted. */
export function SiteHeader() {
  const hasAccess = useToolAccess();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.howItWorks}>How it works</Link>
          </Button>
          {hasAccess ? (
            <Button asChild size="sm">
              <Link to={paths.account}>My Account</Link>
            </Button>
          ) : (
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.login}>Log In</Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
