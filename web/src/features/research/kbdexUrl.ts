/** What a manager chose for a KBDeX file: days as the date field gives them (YYYY-MM-DD, the browser's time zone). */
export type KbdexChoices = { at: string; since: string; withTitle: boolean; includePrivate: boolean; pseudonymise: boolean };

/** Midnight starting `day` in the browser's time zone, as an ISO instant. */
const startOf = (day: string): string => new Date(`${day}T00:00:00`).toISOString();
/** The last millisecond of `day` in the browser's time zone: "as of the 15th" includes the 15th. */
const endOf = (day: string): string => new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000 - 1).toISOString();

/** GET /api/communities/{id}/kbdex.csv with the chosen options (see services/api/routes/timemachine). */
export const kbdexUrl = (communityId: string, choices: KbdexChoices): string => {
  const query = new URLSearchParams();
  if (choices.at) query.set('at', endOf(choices.at));
  if (choices.since) query.set('from', startOf(choices.since));
  if (choices.withTitle) query.set('title', 'true');
  if (choices.includePrivate) query.set('private', 'true');
  if (choices.pseudonymise) query.set('pseudonymise', 'true');
  const search = query.toString();
  return `/api/communities/${encodeURIComponent(communityId)}/kbdex.csv${search ? `?${search}` : ''}`;
};
