import { useMemo } from 'react';
import { personName, type NamedPerson } from '../../../contracts/personName.ts';
import { useCommunitySettings } from './community.ts';

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
  // The one community settings query of the app (the settings page and the contribution window read it too).
  const settings = useCommunitySettings(communityId);
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
