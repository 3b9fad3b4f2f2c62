import type { UserProfile } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { ChevronDown, Loader2, Pencil, Save, Sparkles } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useUserProfile } from '@/lib/user-profile';
import { useSaveStyleLens } from '../api/save-style-lens';
import { paths } from '@/config/paths';
import { PaletteSwatches, parsePaletteEntry } from './palette-swatches';

type ActiveLens = NonNullable<UserProfile['styleLens']>;

/** The section's id: /account#style-lens lands on it (where a new StyleLens takes its person). */
export const STYLE_LENS_SECTION_ID = 'style-lens';

/**
 * The account page's StyleLens section. None: an offer to create one. Active: the summary (essence,
 * the palette's first 4 swatches then '+N more'), expandable to the whole summary and photos; Save
 * while it is not saved yet; Edit re-runs it at /style-lens?edit=true.
 */
export function StyleLensSection() {
  const profile = useUserProfile();
  const lens = profile.data?.styleLens;

  return (
    <section
      id={STYLE_LENS_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="style-lens-title"
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-center gap-2">
        <Sparkles className="size-5 text-brand-700" aria-hidden />
        <h2 id="style-lens-title" className="text-xl font-bold">
          StyleLens
        </h2>
      </div>
      {profile.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-slate-700">
          <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> Loading your StyleLens...
        </p>
      ) : profile.isError ? (
        <p className="mt-4 text-slate-700">{messages.account.loadFailed}</p>
      ) : lens ? (
        <ActiveStyleLens lens={lens} saved={profile.data.styleSaveStatus} />
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-slate-700">
            Build a personal style profile from 5 to 10 photos of rooms you love. Once saved, it guides every design you make.
          </p>
          <Button asChild>
            <Link to={paths.styleLens}>Create StyleLens</Link>
          </Button>
        </div>
      )}
    </section>
  );
}

function ActiveStyleLens({ lens, saved }: { lens: ActiveLens; saved: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const save = useSaveStyleLens();
  const detailsId = useId();
  const summary = lens.human_summary;

  const onSave = () =>
    save.mutate(undefined, {
      onSuccess: () => toast.success(messages.account.styleLensSaved),
      onError: () => toast.error(messages.account.saveStyleLensFailed),
    });

  return (
    <div className="mt-4 space-y-4">
      <p>
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
            saved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900',
          )}
        >
          {saved ? 'Saved: applied to your designs' : 'Not saved yet: save it to apply it to your designs'}
        </span>
      </p>
      <p className="text-lg text-slate-900">{summary.essence}</p>
      <PaletteSwatches palette={summary.palette} />

      <div id={detailsId} hidden={!expanded} className="space-y-4 border-t border-slate-200 pt-4">
        <Detail title="Palette">
          <ul className="list-inside list-disc text-slate-800">
            {summary.palette.map((entry) => {
              const { hex, name } = parsePaletteEntry(entry);
              return (
                <li key={entry}>
                  {name} <span className="text-slate-600">({hex})</span>
                </li>
              );
            })}
          </ul>
        </Detail>
        {summary.materials.length > 0 && (
          <Detail title="Materials">
            <ul className="flex flex-wrap gap-2">
              {summary.materials.map((material) => (
                <li key={material} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                  {material}
                </li>
              ))}
            </ul>
          </Detail>
        )}
        {summary.forms.length > 0 && (
          <Detail title="Forms">
            <ul className="list-inside list-disc text-slate-800">
              {summary.forms.map((form) => (
                <li key={form}>{form}</li>
              ))}
            </ul>
          </Detail>
        )}
        {summary.note && (
          <Detail title="Note">
            <p className="text-slate-800">{summary.note}</p>
          </Detail>
        )}
        {lens.styleurls.length > 0 && (
          <Detail title="Your photos">
            <ul className="grid max-w-2xl grid-cols-4 gap-2 sm:grid-cols-6">
              {lens.styleurls.map((url, index) => (
                <li key={url}>
                  <img
                    src={url}
                    alt={`Style photo ${index + 1}`}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
                  />
                </li>
              ))}
            </ul>
          </Detail>
        )}
      </div>

      <div className="flex flex-wrap gap-3">
        <Button variant="ghost" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
          <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden />
          {expanded ? 'Hide details' : 'Show details'}
        </Button>
        {!saved && (
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? (
              <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
            ) : (
              <Save className="size-4" aria-hidden />
            )}
            Save
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to={paths.styleLensEdit}>
            <Pencil className="size-4" aria-hidden /> Edit
          </Link>
        </Button>
      </div>
    </div>
  );
}

function Detail({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h3>
      {children}
    </div>
  );
}
