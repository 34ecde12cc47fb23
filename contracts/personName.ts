/**
 * How a person's name shows (spec part 2, community setting `flipname`): first
 * name then last name, or last name first when the community asks for it;
 * the user name when both are empty. The server and the web client share it so
 * a name reads the same on the canvas, in a note and in every list.
 */
export type NamedPerson = { firstName: string; lastName: string; userName: string };

export const personName = (person: NamedPerson, lastNameFirst = false): string => {
  const parts = lastNameFirst ? [person.lastName, person.firstName] : [person.firstName, person.lastName];
  return parts.join(' ').trim() || person.userName;
};
