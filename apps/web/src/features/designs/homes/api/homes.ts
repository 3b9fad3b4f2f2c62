import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey, urlOf } from '@/lib/api-client';

/** Whole home, one look (issue 49): the calls of looks and homes. */

/** Takes the look of one result (POST /api/designs/{id}/images/{imageId}/look). */
export function takeLook(designId: string, imageId: string) {
  return call('takeLook', { params: { id: designId, imageId } });
}

/** One of the person's looks, as the tool form shows it. */
export function useLook(lookId: string | null) {
  return useQuery({
    queryKey: queryKey('lookView', lookId ?? ''),
    queryFn: ({ signal }) => call('lookView', { params: { id: lookId! } }, { signal }),
    enabled: Boolean(lookId),
    staleTime: Infinity,
  });
}

/** The person's homes, each with its rooms. */
export function useHomes(enabled = true) {
  return useQuery({
    queryKey: queryKey('homeList'),
    queryFn: ({ signal }) => call('homeList', undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** A home for its owner, or a shared one for a visitor. */
export function useHome(homeId: string) {
  return useQuery({
    queryKey: queryKey('homeView', homeId),
    queryFn: ({ signal }) => call('homeView', { params: { id: homeId } }, { signal }),
  });
}

/** Adding, renaming and sharing a home; the lists are read again after each. */
export function useHomeChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKey('homeList') });
  const add = useMutation({ mutationFn: (name: string) => call('createHome', { body: { name } }), onSuccess: refresh });
  const change = useMutation({
    mutationFn: (input: { id: string; name?: string; isPublic?: boolean }) =>
      call('changeHome', {
        params: { id: input.id },
        body: {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.isPublic === undefined ? {} : { isPublic: input.isPublic }),
        },
      }),
    onSuccess: async (answer) => {
      await refresh();
      await client.invalidateQueries({ queryKey: queryKey('homeView', answer.home.id) });
    },
  });
  return { add, change };
}

/** 'Bring it closer': one press, answered once the new image is made and measured. */
export function bringCloser(designId: string) {
  return call('bringCloser', { params: { id: designId } }, { timeoutMs: 5 * 60_000 });
}

/** The home's ZIP, a link the browser downloads. */
export const homeDownloadUrl = (homeId: string) => urlOf('downloadHome', { params: { id: homeId } });
