import { FORM_ROOM_TYPES, KITCHEN_BATHROOM_ROOM_TYPES, MORE_ROOM_PHOTOS } from '@rv/contracts/constants';
import type { DesignTool } from '@rv/contracts/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { UploadDropZone } from '@/components/ui/upload-drop-zone';
import type { UploadItem } from '@/components/ui/upload-items';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useHomes, useLook } from '../api/homes';
import { LookSummary } from './look-summary';

/** What the whole-home fields add to a tool form's design (issue 49). */
export interface WholeHomeValues {
  lookId?: string;
  homeId?: string;
  /** Which room this is, from the spec's room-type list (a home names its rooms by it). */
  roomType?: string;
  morePhotos: File[];
}

/** How credits count for a room given as several photos (ADR 065), said before the press. */
export const MORE_PHOTOS_CREDITS =
  'A room given as 2-4 photos is one design and uses one room transformation: one result per photo, all with the same look.';

/**
 * The tool form's whole-home state: the look named in the address (`?look=`, shown and removable), more
 * photos of the same room, and the home the design goes to.
 */
export function useWholeHomeFields() {
  const [search, setSearch] = useSearchParams();
  const lookId = search.get('look');
  const look = useLook(lookId);
  // The homes are asked for only when the person chooses one: the form itself calls nothing until it is sent.
  const [choosingHome, setChoosingHome] = useState(false);
  const homes = useHomes(choosingHome);
  const [morePhotos, setMorePhotos] = useState<UploadItem[]>([]);
  const [homeId, setHomeId] = useState<string>('');
  const [roomType, setRoomType] = useState<string>('');
  const removeLook = () =>
    setSearch(
      (all) => {
        all.delete('look');
        return all;
      },
      { replace: true },
    );
  const values: WholeHomeValues = {
    morePhotos: morePhotos.map((item) => item.file),
    ...(lookId && look.data ? { lookId } : {}),
    ...(homeId ? { homeId } : {}),
    ...(roomType ? { roomType } : {}),
  };
  return {
    lookId,
    look,
    homes,
    choosingHome,
    setChoosingHome,
    morePhotos,
    setMorePhotos,
    homeId,
    setHomeId,
    roomType,
    setRoomType,
    removeLook,
    values,
  };
}

export type WholeHomeFieldsState = ReturnType<typeof useWholeHomeFields>;

/** The look carried to this design, which room it is, more photos of the room, and its home. */
export function WholeHomeFields({ state, tool }: { state: WholeHomeFieldsState; tool: DesignTool }) {
  const { lookId, look, morePhotos, setMorePhotos, roomType, setRoomType, removeLook } = state;
  const roomTypes = tool === 'furnishing' ? FORM_ROOM_TYPES : KITCHEN_BATHROOM_ROOM_TYPES;
  // What was chosen before React ran the page is in the field: the state takes it over (ADR 026).
  const roomTypeRef = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    const chosen = roomTypeRef.current?.value;
    if (chosen) setRoomType(chosen);
  }, [setRoomType]);
  // The page's HTML is one render for every address: the look (named in the address) and the homes are drawn once React runs it.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="whole-home-fields-title" className="space-y-5">
      <h2 id="whole-home-fields-title" className="text-xl font-bold">
        Whole home
      </h2>
      {hydrated && lookId && (
        <div className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4" aria-label="The look you are using">
          {look.isPending && <p role="status">Loading the look...</p>}
          {look.isError && (
            <p role="alert" className="text-red-700">
              {errorMessage(look.error, 'This look could not be found.')}
            </p>
          )}
          {look.data && (
            <>
              <p className="font-semibold">Using the look of your {look.data.look.roomWords}</p>
              <div className="flex gap-3">
                <img
                  src={look.data.look.source.thumbnailUrl}
                  alt="The result the look comes from"
                  className="h-20 rounded-lg object-cover"
                />
                <LookSummary look={look.data.look} pieces={look.data.look.pieces} />
              </div>
            </>
          )}
          <Button type="button" variant="secondary" onClick={removeLook}>
            Remove the look
          </Button>
        </div>
      )}
      <label className="block space-y-1">
        <span className="font-medium">Which room is this? (optional)</span>
        <select
          ref={roomTypeRef}
          name="roomType"
          className="block w-full rounded-lg border border-slate-300 px-3 py-2"
          value={roomType}
          onChange={(event) => setRoomType(event.target.value)}
          aria-describedby="room-type-hint"
        >
          <option value="">Not said</option>
          {roomTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
        <span id="room-type-hint" className="block text-sm text-slate-700">
          Your home's page names the room by it, and a look taken from it says so.
        </span>
      </label>
      <div className="space-y-2">
        <UploadDropZone
          id="more-room-photos"
          label="More photos of this room (optional)"
          hint={`Up to ${MORE_ROOM_PHOTOS} more, from other angles.`}
          items={morePhotos}
          onChange={setMorePhotos}
          multiple
          maxFiles={MORE_ROOM_PHOTOS}
        />
        <p className="text-sm text-slate-700" id="more-photos-credits">
          {MORE_PHOTOS_CREDITS}
        </p>
      </div>
      <HomeChoice state={state} hydrated={hydrated} />
    </section>
  );
}

/** Which home the design goes to: the first one, or another the person chooses (a disclosure the press rules open before React too). */
function HomeChoice({ state, hydrated }: { state: WholeHomeFieldsState; hydrated: boolean }) {
  const { homes, choosingHome, setChoosingHome, homeId, setHomeId } = state;
  const homeList = hydrated ? (homes.data?.homes ?? []) : [];
  return (
    <>
      {/* A disclosure: it opens at once, before React runs the page too (the press rules, docs/press.md). */}
      <p className="text-sm">
        It goes to your first home.{' '}
        <Button
          type="button"
          variant="ghost"
          aria-expanded={choosingHome}
          aria-controls="home-choice"
          onClick={() => setChoosingHome(!choosingHome)}
        >
          Choose another home
        </Button>
      </p>
      {homes.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(homes.error, 'Your homes could not be loaded. The design will go to My home.')}
        </p>
      )}
      <div id="home-choice" hidden={!choosingHome}>
        {homeList.length > 1 ? (
          <label className="block space-y-1">
            <span className="font-medium">Home</span>
            <select
              className="block w-full rounded-lg border border-slate-300 px-3 py-2"
              value={homeId}
              onChange={(event) => setHomeId(event.target.value)}
            >
              {homeList.map((home, index) => (
                <option key={home.id} value={index === 0 ? '' : home.id}>
                  {home.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="text-sm text-slate-700">
            {!hydrated || homes.isPending ? (
              'Loading your homes...'
            ) : (
              <>
                {`${homeList[0]?.name ?? 'My home'} is your only home so far. `}
                <Link to={paths.account} className="font-medium text-brand-700 underline">
                  Add a home in your account
                </Link>
                .
              </>
            )}
          </p>
        )}
      </div>
    </>
  );
}
