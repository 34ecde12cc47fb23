import { createHmac } from 'node:crypto';
import { copyJson } from '../../../contracts/deepJson.ts';

/**
 * Pseudonyms of the research API (issue 24 §5). A small local rule: the export
 * pseudonymisation of issue 24 §3 lives elsewhere (services/domain/research/);
 * the two should become one when both are merged.
 *
 * - A person is a member of the community: their author id and their user id
 *   both become the same pseudonym, `P-` and 12 hex digits of an HMAC of the
 *   server's secret, the community and the author id: stable across calls and
 *   restarts, different between communities, not reversible without the secret.
 * - Names (`userName`, `firstName`, `lastName`, `name`) of a person become the pseudonym.
 * - Fields that are never given out, to anyone: password hashes, e-mail
 *   addresses, registration keys, tokens and storage keys.
 */

/** Fields no research reply carries, pseudonymised or not. */
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

export const pseudonymFor = (secret: string, communityId: string, authorId: string): string =>
  `P-${createHmac('sha256', `research-pseudonym\n${secret}`).update(`${communityId}\n${authorId}`).digest('hex').slice(0, 12)}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The people of one community as one caller sees them in research replies.
 * `members` are the community's memberships (author id and user id).
 */
export const peopleOf = (input: {
  secret: string;
  communityId: string;
  members: readonly { _id: string; userId: string }[];
  pseudonymise: boolean;
}): People => {
  const pseudonyms = new Map<string, string>();
  for (const member of input.members) {
    const pseudonym = pseudonymFor(input.secret, input.communityId, member._id);
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
  const personOf = (id: string): string =>
    input.pseudonymise ? (pseudonyms.get(id) ?? pseudonymFor(input.secret, input.communityId, `user:${id}`)) : id;
  return { idOf, personOf, pseudonymised: input.pseudonymise, clean };
};
