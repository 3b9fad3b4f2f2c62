import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ShareDesignDialog } from '@/features/designs/sharing/components/share-design-dialog';
import { queryKey } from '@/lib/api-client';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import { setDesignPublic } from '@/features/designs/sharing/api/set-design-public';
import type { DesignTile } from '../lib/design-tiles';

/** The id of a tile's share dialog, which its Share button opens. */
export const shareTileDialogId = (tile: DesignTile) => `share-tile-${tile.key}`;

/** Share Your Designs for one My Designs tile: the shared dialog, with its link, its image and the public switch. */
export function ShareTileDialog({ tile }: { tile: DesignTile }) {
  const queryClient = useQueryClient();
  const [madePublic, setMadePublic] = useState<string | null>(null);
  const link = new URL(tile.uniqueUrl ?? tile.url, window.location.origin).toString();
  const isPublic = madePublic === tile.design.id || tile.design.isPublic;
  return (
    <ShareDesignDialog
      id={shareTileDialogId(tile)}
      title="Share Your Designs"
      description={tile.name}
      link={link}
      text={`My room redesign "${tile.name}", made with Room Visualizer`}
      isPublic={isPublic}
      onMakePublic={async () => {
        await setDesignPublic(tile.design.id, true);
        setMadePublic(tile.design.id);
        void queryClient.invalidateQueries({ queryKey: queryKey('designList') });
      }}
      thumbUrl={tile.thumbUrl}
      downloadUrl={imageDownloadUrl(tile.design.id, tile.image.id)}
    />
  );
}
