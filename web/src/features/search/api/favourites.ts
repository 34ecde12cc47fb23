import { useQuery } from '@tanstack/react-query';
import type { FavouritesReply } from '../../../../../contracts/api/objects.ts';
import { api } from '../../../lib/api.ts';

/** One query key per resource: the caller's favourites in a community. */
export const favouritesKey = (communityId: string) => ['favourites', communityId] as const;

/** GET /api/objects/favourites/{communityId}: what I starred and may still read. */
export const useFavourites = (communityId: string) =>
  useQuery({
    queryKey: favouritesKey(communityId),
    queryFn: () => api.request<FavouritesReply>(`/api/objects/favourites/${encodeURIComponent(communityId)}`),
  });
