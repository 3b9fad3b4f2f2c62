import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { homeDownloadUrl, useHome } from '../api/homes';
import { HomeRooms } from './home-rooms';

/** A home's page (issue 49): its rooms side by side, for its owner or, once shared, anyone with the link. */
export function HomePage() {
  const { id = '' } = useParams();
  const home = useHome(id);
  if (home.isPending)
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-24">
        Loading this home...
      </p>
    );
  if (home.isError || !home.data)
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-extrabold">Home not found</h1>
        <p className="mt-2 text-slate-700">{errorMessage(home.error, 'This home is private or no longer exists.')}</p>
      </div>
    );
  const { home: shown, editable } = home.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold">{shown.name ?? 'A home, room by room'}</h1>
      <Button variant="secondary" asChild>
        <a href={homeDownloadUrl(shown.id)} download>
          Download home (ZIP)
        </a>
      </Button>
      <HomeRooms home={shown} links={editable} />
    </div>
  );
}
