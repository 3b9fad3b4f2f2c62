import { STYLE_LENS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { ArrowLeft, CircleCheck, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ClearFormButton, DraftRestoredNotice } from '@/components/ui/draft-controls';
import { revokeUploadItems, UploadDropZone, type UploadItem } from '@/components/ui/upload-drop-zone';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { followStyleLens, useStartStyleLens } from '../api/analyze-style-lens';
import { useSaveStyleLens } from '../api/save-style-lens';
import { STYLE_LENS_SECTION_ID } from './style-lens-section';
import { useDraft } from '@/lib/use-draft';
import { useHydrated } from '@/lib/use-hydrated';
import { USER_PROFILE_KEY, useUserProfile } from '@/lib/user-profile';
import { styleLensDraft } from '../style-lens-draft';
import { loadStylePhotos } from '../api/load-style-photos';
import { AnalysisProgress } from './analysis-progress';
import { PhotoProgress } from './photo-progress';
import { moveItem, StylePhotoGrid } from './style-photo-grid';

const ZONE_ID = 'style-photos';
const { minPhotos, maxPhotos } = STYLE_LENS;

/**
 * /style-lens: 5 to 10 photos of rooms the person loves, added through the drop zone, reordered and
 * removed in the grid, then analysed and saved. With `editing` (?edit=true) it starts from the current lens's
 * photos. The analysis answers at once and is followed on its event stream, a reload coming back to its
 * progress (ADR 066); made, it lands on the account's StyleLens section (the profile it made); after a
 * failure (with its toast) it goes to /account, the photos kept.
 */
export function StyleLensPage({ editing }: { editing: boolean }) {
  const [photos, setPhotos] = useState<UploadItem[]>([]);
  const [notice, setNotice] = useState<string>();
  const existing = useExistingPhotos(editing, setPhotos);
  const draft = useStylePhotosDraft(editing, photos, setPhotos, () => setNotice(undefined));
  const { makeLens, busy, progress } = useMakeLens(editing, () => draft.discard({ forGood: true }));

  // Previews are object URLs: revoke whatever is still shown when the page goes away.
  const shown = useRef(photos);
  useEffect(() => {
    shown.current = photos;
  }, [photos]);
  useEffect(() => () => revokeUploadItems(shown.current), []);

  const add = (added: UploadItem[]) => {
    const next = [...photos, ...added].slice(0, maxPhotos);
    revokeUploadItems([...photos, ...added].slice(maxPhotos));
    setPhotos(next);
    setNotice(undefined);
    if (photos.length < maxPhotos && next.length === maxPhotos)
      toast.success(messages.styleLens.ready, { description: messages.styleLens.readyDescription });
  };

  // The zone only ever sees the room that is left, so "too many" always means the 10 are now full.
  const onReject = (message: string) => {
    // A refused file is told once, in the notice under the zone; anything else the zone says is the 10 being full.
    setNotice(message.startsWith('Unsupported file') ? message : messages.styleLens.tooManyPhotos);
  };

  const remove = (item: UploadItem) => {
    URL.revokeObjectURL(item.preview);
    setPhotos((all) => all.filter((other) => other.id !== item.id));
    setNotice(undefined);
    if (photos.length === 1) window.setTimeout(() => document.getElementById(ZONE_ID)?.focus(), 0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (photos.length < minPhotos) {
      setNotice(messages.styleLens.tooFewPhotos);
      return;
    }
    makeLens(photos.map((item) => item.file));
  };

  const full = photos.length >= maxPhotos;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <header className="mb-8">
        <Button asChild variant="ghost" size="sm" className={busy ? 'invisible' : undefined}>
          <Link to={paths.account}>
            <ArrowLeft className="size-4" aria-hidden /> Back
          </Link>
        </Button>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {editing ? 'Edit your StyleLens' : 'Create your StyleLens'}
        </h1>
        <p className="mt-2 max-w-2xl text-lg text-slate-700">
          {editing
            ? 'Change the photos (add, remove or reorder them) and analyse again. Your new StyleLens replaces the current one.'
            : `Add ${minPhotos} to ${maxPhotos} photos of rooms you love. We read their colours, materials and shapes into a personal style profile that guides every design you make.`}
        </p>
      </header>

      {busy && <AnalysisProgress photoCount={photos.length} detail={progress} />}

      <form hidden={busy} noValidate onSubmit={submit} aria-label="StyleLens photos" className="space-y-6">
        {draft.restored && <DraftRestoredNotice />}
        {existing === 'loading' ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> Loading your current photos...
          </p>
        ) : full ? (
          <div className="flex items-center gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 px-4 py-6">
            <CircleCheck className="size-6 shrink-0 text-brand-700" aria-hidden />
            <p className="text-slate-900">
              <strong>{messages.styleLens.ready}</strong> {maxPhotos} of {maxPhotos} photos added. Remove a photo to add a different one.
            </p>
          </div>
        ) : (
          <UploadDropZone
            id={ZONE_ID}
            label="Style photos"
            hint={`Photos of rooms or details you love: JPG, PNG or WebP, under 10MB each. ${minPhotos} to ${maxPhotos} photos.`}
            items={[]}
            onChange={add}
            onReject={onReject}
            multiple
            maxFiles={maxPhotos - photos.length}
          />
        )}
        {existing === 'failed' && (
          <p className="text-sm text-slate-700">Your current photos could not be loaded. Add new ones to re-run your StyleLens.</p>
        )}
        {notice && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {notice}
          </p>
        )}

        <PhotoProgress count={photos.length} />
        <StylePhotoGrid photos={photos} onMove={(from, to) => setPhotos((all) => moveItem(all, from, to))} onRemove={remove} />

        <Button type="submit" size="lg" className="w-full" disabled={photos.length < minPhotos || busy || existing === 'loading'}>
          {editing ? 'Re-analyse My Style' : 'Analyse My Style'}
        </Button>
        {!editing && photos.length > 0 && <ClearFormButton onClear={draft.clear} disabled={busy} />}
      </form>
    </div>
  );
}

/** A new lens's photos, kept as a draft until it is made (ADR 054); an edit starts from the lens's own. Clear form empties the grid. */
function useStylePhotosDraft(editing: boolean, photos: UploadItem[], setPhotos: (photos: UploadItem[]) => void, onCleared: () => void) {
  const draft = useDraft(editing ? undefined : 'style-lens', photos, styleLensDraft, setPhotos);
  const clear = () => {
    revokeUploadItems(photos);
    setPhotos([]);
    onCleared();
    draft.discard();
    toast.success(messages.drafts.cleared);
  };
  return { ...draft, clear };
}

/** In edit mode, the current lens's photos are loaded once into the grid. */
function useExistingPhotos(editing: boolean, setPhotos: (photos: UploadItem[]) => void): 'idle' | 'loading' | 'failed' {
  const profile = useUserProfile();
  const [loaded, setLoaded] = useState<'pending' | 'done' | 'failed'>('pending');
  // The query keeps the same array while the profile does not change, so this loads once.
  const urls = editing ? profile.data?.styleLens?.styleurls : undefined;

  useEffect(() => {
    if (!urls || urls.length === 0) return;
    const controller = new AbortController();
    loadStylePhotos(urls, controller.signal)
      .then((items) => {
        if (controller.signal.aborted) return revokeUploadItems(items);
        setPhotos(items.slice(0, maxPhotos));
        setLoaded('done');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded('failed');
      });
    return () => controller.abort();
  }, [urls, setPhotos]);

  if (!editing) return 'idle';
  if (profile.isError) return 'failed';
  if (profile.isPending) return 'loading';
  if (!urls || urls.length === 0) return 'idle';
  return loaded === 'pending' ? 'loading' : loaded === 'failed' ? 'failed' : 'idle';
}

/** The page's address names the analysis it follows (ADR 066), so a reload follows it again. */
export const ANALYSIS_PARAM = 'analysis';

/**
 * Starts the analysis of the photos, follows it on its event stream (its steps shown as they come), then
 * saves the lens at once (the person made it to use it) and lands on the account's StyleLens section; a
 * failed analysis is told and goes to /account (the spec's rule), its photos kept in the draft. The
 * analysis is named in the page's address while it runs (read once React runs the page), so a reload
 * comes back to its progress.
 */
function useMakeLens(editing: boolean, onMade: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useStartStyleLens();
  const save = useSaveStyleLens();
  const [searchParams, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  const followed = hydrated ? searchParams.get(ANALYSIS_PARAM) : null;
  const [progress, setProgress] = useState<string>();
  const onMadeRef = useRef(onMade);
  useEffect(() => {
    onMadeRef.current = onMade;
  });
  /** The page's own address without the analysis, so that Back never follows it again. */
  const here = editing ? paths.styleLensEdit : paths.styleLens;

  const tellFailure = (error: unknown) => {
    // A 401 has already sent the person to /login.
    if (error instanceof ApiError && error.status === 401) return;
    toast.error(messages.styleLens.analysisFailed, { description: errorMessage(error, messages.server.internal) });
    void navigate(paths.account);
  };

  const makeLens = (photos: File[]) =>
    start.mutate(
      { photos, editing },
      {
        onSuccess: ({ taskId }) =>
          setSearchParams(
            (params) => {
              params.set(ANALYSIS_PARAM, taskId);
              return params;
            },
            { replace: true },
          ),
        onError: tellFailure,
      },
    );

  useEffect(() => {
    if (!followed) return;
    return followStyleLens(followed, (event) => {
      if (event.type === 'status') {
        setProgress(event.message);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY, exact: true });
      void navigate(here, { replace: true });
      if (event.type === 'error') {
        toast.error(messages.styleLens.analysisFailed, { description: event.details });
        void navigate(paths.account);
        return;
      }
      onMadeRef.current();
      save.mutate(undefined, {
        onSuccess: () => toast.success(messages.styleLens.created, { description: messages.account.styleLensSaved }),
        onError: () => toast.error(messages.account.saveStyleLensFailed),
        onSettled: () => void navigate(`${paths.account}#${STYLE_LENS_SECTION_ID}`),
      });
    });
    // Follows one analysis for as long as the address names it; the handlers read the latest refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followed]);

  return { makeLens, busy: start.isPending || followed !== null || save.isPending, progress };
}
