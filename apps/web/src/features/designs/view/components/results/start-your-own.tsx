import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * What a visitor of someone's shared design can do next: redesign a room of their own. Without a session it
 * leads to the plan; a signed-in person goes straight to choosing a space.
 */
export function StartYourOwn({ noSession }: { noSession: boolean }) {
  return (
    <section aria-labelledby="start-your-own-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <h2 id="start-your-own-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Sparkles className="size-5 text-brand-700" aria-hidden /> Redesign a room of your own
      </h2>
      <p className="mt-2 text-slate-700">
        Upload a photo of your room and get photorealistic designs that keep its walls, windows and doors where they are.
      </p>
      <Button asChild className="mt-4">
        <Link to={noSession ? paths.pricing : paths.spaceSelection}>{noSession ? 'See the plan and start' : 'Start a design'}</Link>
      </Button>
    </section>
  );
}
