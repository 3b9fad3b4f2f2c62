import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Back to /space-selection (hidden while a design is being created), the page title and its intro. */
export function ToolPageHeader({ title, intro, busy }: { title: string; intro: ReactNode; busy: boolean }) {
  return (
    <header className="mb-8">
      <Button asChild variant="ghost" size="sm" className={busy ? 'invisible' : undefined}>
        <Link to={paths.spaceSelection}>
          <ArrowLeft className="size-4" aria-hidden /> Back
        </Link>
      </Button>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">{intro}</p>
    </header>
  );
}
