import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CommunitySettings } from '../../../contracts/api/communities.ts';
import { personName, type NamedPerson } from '../../../contracts/personName.ts';
import { api } from './api.ts';

export type PersonNames = {
  /** A person's name as the community shows it (last name first with `flipname`). */
  name: (person: NamedPerson) => string;
  /**
   * An entry of an author selector (co-authors, the search's author filter):
   * the name and the user name, unless the community hides user names there
   * (`hideUserNameInAuthorSelector`).
   */
  choice: (person: NamedPerson) => string;
  /** User names are hidden in author selectors. */
  hideUserName: boolean;
};

/** How names show in one community (spec part 2, community settings; issue 21 §15). */
export const usePersonNames = (communityId: string): PersonNames => {
  // The same query (and cache entry) as the settings page and the contribution window.
  const settings = useQuery({
    queryKey: ['communities', communityId, 'settings'] as const,
    queryFn: () => api.request<CommunitySettings>(`/api/communities/${encodeURIComponent(communityId)}/settings`),
    enabled: communityId !== '',
    staleTime: 60_000,
  });
  const lastNameFirst = settings.data?.data.flipname === true;
  const hideUserName = settings.data?.data.hideUserNameInAuthorSelector === true;
  return useMemo(() => personNamesOf(lastNameFirst, hideUserName), [lastNameFirst, hideUserName]);
};

export const personNamesOf = (lastNameFirst: boolean, hideUserName: boolean): PersonNames => ({
  name: (person) => personName(person, lastNameFirst),
  choice: (person) => {
    const name = personName(person, lastNameFirst);
    return hideUserName || name === person.userName ? name : `${name} (${person.userName})`;
  },
  hideUserName,
});
