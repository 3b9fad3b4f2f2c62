import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { useAdminList } from '../api/get-admin-list';
import { AdminCard } from './admin-card';
import { AdminListView } from './admin-list-view';
import { ZoomableImage } from './zoomable-image';

/** Room Shares: the original and the generated images (thumbnails that open full size) and the user's comment. */
export function RoomSharesPanel() {
  const [page, setPage] = useState(1);
  const query = useAdminList('room-shares', { page });
  return (
    <AdminListView
      label="Room shares"
      query={query}
      page={page}
      onPageChange={setPage}
      failedText={messages.admin.fetchRoomSharesFailed}
      emptyText={messages.empty.noRoomShares}
      renderRow={(share) => (
        <AdminCard key={share.id} title={share.email} createdAt={share.createdAt}>
          <div className="flex flex-wrap gap-6">
            <figure className="space-y-1">
              <figcaption className="font-semibold text-slate-700">Original</figcaption>
              <ZoomableImage
                src={share.originalImageStorageUrl}
                thumbSrc={share.originalImageThumbUrl}
                alt={`Original photo shared by ${share.email}`}
              />
            </figure>
            <figure className="space-y-1">
              <figcaption className="font-semibold text-slate-700">Generated</figcaption>
              <div className="flex flex-wrap gap-2">
                {share.generatedImageStorageUrls.map((url, index) => (
                  <ZoomableImage
                    key={url}
                    src={url}
                    thumbSrc={share.generatedImageThumbUrls[index]}
                    alt={`Generated design ${index + 1} shared by ${share.email}`}
                  />
                ))}
                {share.generatedImageStorageUrls.length === 0 && <p className="text-slate-600">No generated images</p>}
              </div>
            </figure>
          </div>
          <div>
            <p className="font-semibold text-slate-700">Comment</p>
            <p className="whitespace-pre-wrap break-words">{share.userComment || 'No comment'}</p>
          </div>
        </AdminCard>
      )}
    />
  );
}
