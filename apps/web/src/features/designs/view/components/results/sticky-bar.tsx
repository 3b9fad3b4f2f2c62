import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The bar that stays under the header: the Share View / Private View switch, and Log In or My Account. */
export function StickyBar({
  isPublic,
  readOnly,
  noSession,
  onTogglePublic,
}: {
  isPublic: boolean;
  /** A viewer who may not change the design sees the switch, disabled. */
  readOnly: boolean;
  noSession: boolean;
  onTogglePublic: () => void;
}) {
  return (
    // Sticky under the header from 640 px up; on a phone it scrolls away, so the header alone stays (64 px, 8% of 844).
    <div className="z-20 border-b border-slate-200 bg-white/95 backdrop-blur sm:sticky sm:top-16">
      {/* Under 320 CSS px (a phone at 200% zoom) the switch and the account link take two lines rather than scroll sideways. */}
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-3 py-2 max-[319px]:flex-wrap sm:px-4">
        <button
          type="button"
          role="switch"
          aria-checked={isPublic}
          disabled={readOnly}
          onClick={onTogglePublic}
          className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap disabled:opacity-60"
        >
          <span className={`inline-block h-4 w-7 rounded-full ${isPublic ? 'bg-green-600' : 'bg-slate-400'}`} aria-hidden />
          {isPublic ? 'Share View' : 'Private View'}
        </button>
        {noSession ? (
          <Button asChild size="sm" variant="secondary">
            <Link to={paths.login}>Log In</Link>
          </Button>
        ) : (
          <Button asChild size="sm" variant="secondary">
            <Link to={paths.account}>My Account</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
