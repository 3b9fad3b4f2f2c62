import type { HomeView } from '@rv/contracts/api/homes';
import { Link } from 'react-router';

/** Below Tailwind's `sm` breakpoint the rooms are one column (`grid-cols-1 sm:grid-cols-2`). */
const ONE_ROOM_A_ROW = '(max-width: 639.98px)';

/** A home's rooms side by side (issue 49): each room's result, its room in words and its consistency figure. */
export function HomeRooms({ home, links }: { home: HomeView; links: boolean }) {
  if (home.rooms.length === 0) return <p className="text-slate-700">No rooms yet: a design you make goes here.</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Rooms">
      {home.rooms.map((room, index) => {
        const title = `${index + 1}. ${room.roomWords.charAt(0).toUpperCase()}${room.roomWords.slice(1)}`;
        return (
          <li key={room.designId} className="overflow-hidden rounded-xl border border-slate-200">
            {room.image && (
              <picture>
                {/* A phone shows one room a row, ~360 px wide: its thumbnail (720 px) is twice that, sharp at a phone's
                    2x or 3x. Left to the srcset, a 3x phone asked for the full result (1,600 px, about five times the
                    bytes) for every room. */}
                <source media={ONE_ROOM_A_ROW} srcSet={room.image.thumbnailUrl} />
                <img
                  src={room.image.thumbnailUrl}
                  srcSet={room.image.srcset}
                  // Two or three rooms a row on a larger screen.
                  sizes="(min-width: 1024px) 320px, 50vw"
                  width={room.image.width}
                  height={room.image.height}
                  alt={title}
                  // A home may hold many rooms (the account lists every home's): each result is fetched once it nears
                  // the view and decoded off the main thread. Before, /account fetched and decoded every room's full
                  // result at load (8 rooms: 5 MB, and seconds of main-thread work on a phone).
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover"
                />
              </picture>
            )}
            <div className="space-y-1 p-3">
              <p className="font-semibold">{links ? <Link to={room.pagePath}>{title}</Link> : title}</p>
              {room.consistency && <p className="text-sm text-slate-700">{room.consistency.words}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
