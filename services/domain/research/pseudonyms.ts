import { copyJson } from '../../../contracts/deepJson.ts';

/**
 * The one pseudonym rule of research data (issue 24 §3, §5): the research
 * export (pseudonymise.ts, services/app/researchExport.ts), the research API
 * (services/api/research/) and the pseudonymised KBDeX file (kbdex.ts) all
 * follow this module; services/api/research/pseudonymOf.ts gives it Node's
 * HMAC-SHA256 (the domain stays free of Node built-ins).
 *
 * - A person is a user: `P-` and the first 12 hexadecimal digits of
 *   HMAC-SHA256(key, user id). A member's author id (membership) maps to the
 *   pseudonym of their user id, so one person has one pseudonym in every
 *   community and every export of a study.
 * - The key is the study secret (`--study-secret`, BUILDON_STUDY_SECRET). The
 *   server, without a study secret, keys the research API with its own secret
 *   (`researchKey`, kept apart from its other uses by a prefix): the API and
 *   an export agree when both have the study secret.
 * - Names (`userName`, `firstName`, `lastName`, `name`) of a person become the pseudonym.
 * - `withheldFields` are never given out, to anyone, by an export or the API.
 */

/** HMAC-SHA256 of `message` under `key`, in hexadecimal (Node's: services/api/research/pseudonymOf.ts). */
export type HmacSha256 = (key: string, message: string) => string;

/** A person's pseudonym under a key (a study secret, or `researchKey`'s). */
export const pseudonymWith = (hmac: HmacSha256, key: string, userId: string): string => `P-${hmac(key, userId).slice(0, 12)}`;

export const pseudonymMethod =
  "P- followed by the first 12 hexadecimal digits of HMAC-SHA256(study secret, user id); a member's author id (membership) maps to the pseudonym of their user id";

/** The key of the server's research pseudonyms: the study secret when one is configured, else one derived from the server's secret. */
export const researchKey = (input: { studySecret?: string | null; serverSecret: string }): string =>
  input.studySecret ? input.studySecret : `research-pseudonym\n${input.serverSecret}`;

/** Fields no research export or reply carries, at any depth, pseudonymised or not. */
export const withheldFields: ReadonlySet<string> = new Set([
  'passwordHash',
  'password',
  'email',
  'registrationKey',
  'managerRegistrationKey',
  'token',
  'blobKey',
]);

const nameFields = new Set(['userName', 'firstName', 'lastName', 'name']);

export type People = {
  /** A person id (author or user id) → the pseudonym, or the id itself when ids are shown as they are. */
  idOf(id: string): string;
  /** A person id known to be one (an event's actor, a reader): pseudonymised even when not a member now (an admin). */
  personOf(id: string): string;
  /** Whether ids and names are replaced. */
  readonly pseudonymised: boolean;
  /** Copies JSON data without withheld fields, person ids and names replaced when pseudonymised. */
  clean<T>(data: T): T;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The people of one community as one caller sees them in research replies.
 * `members` are the community's memberships (author id and user id);
 * `pseudonymOf` gives a user id's pseudonym (`pseudonymWith` under a key).
 */
export const peopleOf = (input: {
  pseudonymOf: (userId: string) => string;
  members: readonly { _id: string; userId: string }[];
  pseudonymise: boolean;
}): People => {
  const pseudonyms = new Map<string, string>();
  for (const member of input.members) {
    const pseudonym = input.pseudonymOf(member.userId);
    pseudonyms.set(member._id, pseudonym);
    pseudonyms.set(member.userId, pseudonym);
  }
  const idOf = (id: string): string => (input.pseudonymise ? (pseudonyms.get(id) ?? id) : id);
  const clean = <T>(data: T): T => {
    const copy = copyJson(data);
    // Iterative: an old note body may be deeply nested (contracts/deepJson.ts).
    const stack: unknown[] = [copy];
    for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (typeof item === 'string') value[i] = idOf(item);
          else if (typeof item === 'object' && item !== null) stack.push(item);
        }
        continue;
      }
      if (!isRecord(value)) continue;
      const person = [value.authorId, value.userId].find((id): id is string => typeof id === 'string' && pseudonyms.has(id));
      for (const key of Object.keys(value)) {
        if (withheldFields.has(key)) {
          delete value[key];
          continue;
        }
        const field = value[key];
        if (input.pseudonymise && nameFields.has(key) && typeof field === 'string' && person !== undefined) {
          value[key] = idOf(person);
        } else if (typeof field === 'string') {
          value[key] = idOf(field);
        } else if (typeof field === 'object' && field !== null) {
          stack.push(field);
        }
      }
    }
    return copy;
  };
  const personOf = (id: string): string => (input.pseudonymise ? (pseudonyms.get(id) ?? input.pseudonymOf(id)) : id);
  return { idOf, personOf, pseudonymised: input.pseudonymise, clean };
};
