import type { Author, CsvRowError, Registration } from '../../../contracts/api/communities.ts';
import { authorStreamName, type AuthorJoined, type CommunityRole } from '../../../contracts/events/author.ts';
import { UserRules } from '../../../contracts/messages.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../projections/communities/index.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import { handleCommand } from '../../core/decider.ts';
import { BuildonError, ConflictError, fieldError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { Filter } from '../../core/readStore.ts';
import { authorDecider, type AuthorCommand } from '../../domain/author/author.ts';
import type { AccountService } from '../accounts/accountService.ts';
import type { CommandDeps } from '../appServices.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { toAuthor } from '../communities/authorReply.ts';
import { eventMetadata, waitForPositions } from '../communities/commandSupport.ts';
import { checkUserRows, type ExistingAccount, parseCsv, renameCsvColumns, rowReport, userCsvColumns, type UserCsvRow } from './csv.ts';
import { type MessageCode, msg, msgWithText, type UserMessage } from '../../../contracts/messageCodes.ts';

export type AuthorServiceDeps = CommandDeps & { accounts: AccountService; access: CommunityAccess };

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Writers of a community whose user name, names or e-mail contain `filter` (any case; never a raw pattern). */
export const writerSearchFilter = (communityId: string, filter: string | undefined): Filter => {
  const clauses: Filter[] = [{ communityId }, { role: 'writer' }];
  const text = filter?.trim();
  if (text) {
    const pattern = { $regex: escapeRegex(text), $options: 'i' };
    clauses.push({ $or: [{ userName: pattern }, { firstName: pattern }, { lastName: pattern }, { email: pattern }] });
  }
  return { $and: clauses };
};

export type CsvValidation = {
  valid: boolean;
  rows: number;
  errors: CsvRowError[];
  notices: CsvRowError[];
  message: string;
  messageCode: MessageCode;
};
export type CsvSubmission = {
  created: number;
  enrolled: number;
  errors: CsvRowError[];
  notices: CsvRowError[];
  message: string;
  messageCode: MessageCode;
};

/**
 * Use cases of memberships (spec part 1 §2 community manager and author
 * manager): joining, my communities, roles, password resets by managers,
 * blocking writers, and the CSV imports. Every rule is checked here, on the
 * server; routes only translate HTTP.
 */
export class AuthorService {
  /** Role changes of one community run one at a time, so two demotions cannot remove the last manager together. */
  private readonly roleLocks = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: AuthorServiceDeps) {}

  private get authors() {
    return this.deps.readStore.collection<AuthorDocument>(authorsCollectionName);
  }

  private get communities() {
    return this.deps.readStore.collection<CommunityDocument>(communitiesCollectionName);
  }

  private get users() {
    return this.deps.readStore.collection<UserDocument>(usersCollectionName);
  }

  /** Runs one command on a membership stream; returns the global position to wait for (0 when nothing was written). */
  private async run(authorId: string, command: AuthorCommand, actorId: string | null): Promise<number> {
    const result = await handleCommand(this.deps.eventStore, authorStreamName(authorId), authorDecider, command, {
      metadata: eventMetadata(this.deps.clock, actorId),
    });
    return result.newEvents.length > 0 ? result.lastPosition : 0;
  }

  private settle(position: number): Promise<void> {
    return waitForPositions(this.deps.projections, [position]);
  }

  private async authorOf(communityId: string, authorId: string): Promise<AuthorDocument> {
    const author = await this.authors.get(authorId);
    if (!author || author.communityId !== communityId) throw new NotFoundError(msg('errors.authorNotFound'));
    return author;
  }

  // ---- joining and my communities ------------------------------------------------

  /**
   * Joins a community with its writer key, else its manager key. The
   * membership id is derived from (community, user), so a second join meets
   * an existing stream and is refused, even when two requests race.
   */
  async join(caller: UserDocument, input: { userId: string; communityId: string; registrationKey: string }): Promise<Author> {
    if (input.userId !== caller._id && caller.role !== 'admin') throw new ForbiddenError(msg('errors.joinSelfOnly'));
    const community = await this.deps.access.community(input.communityId);
    if (community.archived) throw new ForbiddenError(msg('community.archived'));
    const user = input.userId === caller._id ? caller : await this.users.get(input.userId);
    if (!user) throw new NotFoundError(msg('community.joinNoUser'));
    const key = input.registrationKey;
    const role: CommunityRole | null =
      key && key === community.registrationKey ? 'writer' : key && key === community.managerRegistrationKey ? 'manager' : null;
    if (!role) throw ValidationError.field('registrationKey', msg('community.joinWrongKey'));
    return this.enrol(user, community._id, role, role === 'manager' ? 'managerKey' : 'registrationKey', caller._id);
  }

  private async enrol(
    user: UserDocument,
    communityId: string,
    role: CommunityRole,
    via: AuthorJoined['data']['via'],
    actorId: string,
  ): Promise<Author> {
    const authorId = authorIdFor(communityId, user._id);
    const data: AuthorJoined['data'] = {
      authorId,
      communityId,
      userId: user._id,
      role,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      via,
    };
    await this.settle(await this.run(authorId, { type: 'JoinCommunity', data }, actorId));
    return toAuthor(await this.authorOf(communityId, authorId));
  }

  /** Every membership of the caller, blocked and archived ones included, by order then title. */
  async myRegistrations(user: UserDocument): Promise<Registration[]> {
    const mine = await this.authors.find({ userId: user._id });
    const communities = await this.communities.find({ _id: { $in: mine.map((a) => a.communityId) } });
    const byId = new Map(communities.map((c) => [c._id, c]));
    return mine
      .flatMap((author) => {
        const community = byId.get(author.communityId);
        if (!community) return [];
        const summary = { _id: community._id, title: community.title, archived: community.archived, created: community.created };
        return [{ ...toAuthor(author), community: summary }];
      })
      .sort((a, b) => a.order - b.order || a.community.title.localeCompare(b.community.title));
  }

  /** Admin "save order": positions of the caller's own memberships. */
  async saveOrder(user: UserDocument, orders: { authorId: string; order: number }[]): Promise<Registration[]> {
    const mine = new Set((await this.authors.find({ userId: user._id })).map((a) => a._id));
    const foreign = orders.find((o) => !mine.has(o.authorId));
    if (foreign) throw new ForbiddenError(msg('errors.orderOwnOnly'));
    let position = 0;
    for (const { authorId, order } of orders) {
      position = Math.max(position, await this.run(authorId, { type: 'SetAuthorOrder', data: { order } }, user._id));
    }
    await this.settle(position);
    return this.myRegistrations(user);
  }

  // ---- reading a community's authors -----------------------------------------------

  async me(user: UserDocument, communityId: string): Promise<Author> {
    const grant = await this.deps.access.member(user, communityId);
    if (!grant.author) throw new NotFoundError(msg('community.notMember'));
    return toAuthor(grant.author);
  }

  /**
   * Every member. Writers get their classmates' names but not their e-mail
   * addresses (only their own): a class list is not a mailing list.
   */
  async list(user: UserDocument, communityId: string): Promise<Author[]> {
    const grant = await this.deps.access.member(user, communityId);
    const members = (await this.authors.find({ communityId }, { sort: { userNameLower: 1 } })).map(toAuthor);
    if (grant.isManager) return members;
    return members.map((member) => (member.userId === user._id ? member : { ...member, email: '' }));
  }

  async managers(user: UserDocument, communityId: string): Promise<Author[]> {
    await this.deps.access.manager(user, communityId);
    return (await this.authors.find({ communityId, role: 'manager' }, { sort: { userNameLower: 1 } })).map(toAuthor);
  }

  async countWriters(user: UserDocument, communityId: string, filter: string | undefined): Promise<number> {
    await this.deps.access.manager(user, communityId);
    return this.authors.count(writerSearchFilter(communityId, filter));
  }

  async searchWriters(
    user: UserDocument,
    communityId: string,
    filter: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<Author[]> {
    await this.deps.access.manager(user, communityId);
    const size = Math.min(pageSize, UserRules.adminPageSize);
    const found = await this.authors.find(writerSearchFilter(communityId, filter), {
      sort: { userNameLower: 1 },
      skip: (page - 1) * size,
      limit: size,
    });
    return found.map(toAuthor);
  }

  // ---- managing authors ---------------------------------------------------------------

  private async serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.roleLocks.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.roleLocks.set(key, next);
    try {
      return await next;
    } finally {
      if (this.roleLocks.get(key) === next) this.roleLocks.delete(key);
    }
  }

  /**
   * Promotes or demotes an author. Nobody demotes themselves or the owner,
   * and the community keeps at least one manager.
   */
  async changeRole(caller: UserDocument, communityId: string, authorId: string, role: CommunityRole): Promise<Author> {
    const grant = await this.deps.access.manager(caller, communityId);
    return this.serialised(communityId, async () => {
      const target = await this.authorOf(communityId, authorId);
      if (target.role === role) {
        throw new ConflictError(role === 'manager' ? msg('community.alreadyManager') : msg('community.notManager'));
      }
      if (role === 'writer') {
        if (target.userId === caller._id || target.userId === grant.community.ownerUserId) {
          throw new ValidationError(msg('community.cannotMakeYourselfWriter'));
        }
        if ((await this.authors.count({ communityId, role: 'manager' })) <= 1) throw new ValidationError(msg('community.managersEmpty'));
      }
      await this.settle(await this.run(authorId, { type: 'ChangeAuthorRole', data: { role } }, caller._id));
      return toAuthor(await this.authorOf(communityId, authorId));
    });
  }

  /**
   * A manager sets a pupil's password (an admin anyone's). The account's
   * sessions end, as with every password change; the event names who did it.
   */
  async resetPassword(caller: UserDocument, communityId: string, authorId: string, password: string): Promise<void> {
    const grant = await this.deps.access.manager(caller, communityId);
    const target = await this.authorOf(communityId, authorId);
    if (!grant.isAdmin) await this.checkManagerMayReset(communityId, target);
    await this.deps.accounts.resetPasswordByManager(target.userId, password, caller._id, grant.isAdmin ? 'admin' : 'manager');
  }

  /**
   * Issue 20 §1: a manager may reset only an account that is this community's
   * own pupil — a writer here, a member of no other community (so no other
   * teacher's pupil and no manager anywhere), not an admin, and not made by
   * another community's CSV or by the operator. Anything else would let one
   * teacher log in as someone another class or the school depends on.
   */
  private async checkManagerMayReset(communityId: string, target: AuthorDocument): Promise<void> {
    const user = await this.deps.accounts.getUser(target.userId);
    const memberships = await this.authors.find({ userId: target.userId });
    const ownPupil =
      target.role === 'writer' &&
      user.role !== 'admin' &&
      user.provider !== 'operator' &&
      (user.createdInCommunity === undefined || user.createdInCommunity === communityId) &&
      memberships.every((membership) => membership.communityId === communityId);
    if (!ownPupil) throw new ForbiddenError(msg('community.resetNotOwnPupil'));
  }

  /**
   * Blocks or unblocks every writer's access to the community, after the
   * registration key is typed again. Returns how many memberships changed.
   */
  async blockWriters(caller: UserDocument, communityId: string, registrationKey: string, block: boolean): Promise<number> {
    const grant = await this.deps.access.manager(caller, communityId);
    if (registrationKey !== grant.community.registrationKey) throw ValidationError.field('registrationKey', msg('community.keyMismatch'));
    // Blocking touches writers only; unblocking frees every blocked member (a writer promoted while blocked too).
    const writers = await this.authors.find(block ? { communityId, role: 'writer' } : { communityId, blockLogin: true });
    let modified = 0;
    let position = 0;
    for (const writer of writers) {
      const at = await this.run(writer._id, { type: 'SetAuthorLoginBlocked', data: { blocked: block } }, caller._id);
      if (at > 0) modified++;
      position = Math.max(position, at);
    }
    await this.settle(position);
    return modified;
  }

  /** Inline rename: new first and last names for authors of this community, keyed by author id. */
  async renameAll(
    caller: UserDocument,
    communityId: string,
    userData: Record<string, { FirstName: string; LastName: string }>,
  ): Promise<number> {
    await this.deps.access.manager(caller, communityId);
    const entries = Object.entries(userData);
    for (const [authorId, names] of entries) {
      if (!names.FirstName.trim()) throw ValidationError.field(`userData.${authorId}.FirstName`, msg('csv.firstNameMissing'));
      if (!names.LastName.trim()) throw ValidationError.field(`userData.${authorId}.LastName`, msg('csv.lastNameMissing'));
    }
    const members = new Set((await this.authors.find({ _id: { $in: entries.map(([id]) => id) }, communityId })).map((a) => a._id));
    let modified = 0;
    let position = 0;
    for (const [authorId, names] of entries) {
      if (!members.has(authorId)) continue;
      const at = await this.run(
        authorId,
        { type: 'RenameAuthor', data: { firstName: names.FirstName, lastName: names.LastName } },
        caller._id,
      );
      if (at > 0) modified++;
      position = Math.max(position, at);
    }
    await this.settle(position);
    return modified;
  }

  // ---- CSV -------------------------------------------------------------------------------

  /** Checks that the caller manages the community named by the upload (before the file is read). */
  async csvAccess(caller: UserDocument, communityId: string): Promise<CommunityAccessGrant> {
    return this.deps.access.manager(caller, communityId);
  }

  private async existingAccounts(communityId: string, rows: UserCsvRow[]): Promise<Map<string, ExistingAccount & { user: UserDocument }>> {
    const names = [...new Set(rows.map((row) => row.username.toLowerCase()).filter(Boolean))];
    const users = await this.users.find({ userNameLower: { $in: names } });
    const members = new Set((await this.authors.find({ communityId, userId: { $in: users.map((u) => u._id) } })).map((a) => a.userId));
    return new Map(users.map((user) => [user.userNameLower, { userId: user._id, email: user.email, member: members.has(user._id), user }]));
  }

  /** The validation step of the user CSV: per-row errors and notices, nothing written. */
  async validateUsersCsv(communityId: string, text: string): Promise<CsvValidation> {
    const rows = parseCsv(text, userCsvColumns);
    const { errors, notices } = checkUserRows(rows, await this.existingAccounts(communityId, rows));
    const valid = errors.length === 0;
    const message = msg(valid ? 'community.csvValid' : 'community.csvInvalid');
    return { valid, rows: rows.length, errors, notices, message: message.text, messageCode: message.code };
  }

  /**
   * Submits a user CSV: validates again (an invalid file is refused whole,
   * nothing written), then creates the new accounts and enrols them as
   * writers; members already here are notices. It never enrols an existing
   * account (issue 20 §1). A row that fails on the way is reported; the others are kept.
   */
  async submitUsersCsv(caller: UserDocument, communityId: string, text: string): Promise<CsvSubmission> {
    const rows = parseCsv(text, userCsvColumns);
    const existing = await this.existingAccounts(communityId, rows);
    const check = checkUserRows(rows, existing);
    if (check.errors.length > 0) {
      // One field error per message of each refused row.
      const fields = check.errors.flatMap((error) =>
        error.messages.map((message) => fieldError(`row.${error.index}`, msg(message.messageCode, message.params))),
      );
      throw new ValidationError(msg('community.csvInvalid'), fields);
    }
    const errors: CsvRowError[] = [];
    const notices: CsvRowError[] = [];
    let created = 0;
    // Kept in the reply for KF6 clients; the CSV no longer enrols existing accounts (issue 20 §1).
    const enrolled = 0;
    for (const row of rows) {
      const account = existing.get(row.username.toLowerCase());
      try {
        if (account) {
          // Validation refused non-members: only members of this community are left here.
          notices.push(rowReport(row.index, [msg('csv.alreadyMember', { userName: row.username })]));
          continue;
        } else {
          const user = await this.deps.accounts.register(
            { firstName: row.firstName, lastName: row.lastName, email: row.email, userName: row.username, password: row.password },
            { provider: 'csv', actorId: caller._id, createdInCommunity: communityId },
          );
          created++;
          await this.enrol(user, communityId, 'writer', 'csv', caller._id);
        }
      } catch (error) {
        if (!(error instanceof BuildonError) || error.status >= 500) throw error;
        if (error instanceof ConflictError && error.messageCode === 'community.joinAlreadyMember') {
          notices.push(rowReport(row.index, [msg('csv.alreadyMember', { userName: row.username })]));
        } else {
          // The English text names the row's user; the code is the reason's.
          errors.push({
            ...rowReport(row.index, [msgWithText(error.messageCode, error.message, error.params)]),
            msg: `${row.username}: ${error.message}`,
          });
        }
      }
    }
    const message = msg(errors.length === 0 ? 'community.csvSubmitted' : 'community.csvSubmitFailed');
    return { created, enrolled, errors, notices, message: message.text, messageCode: message.code };
  }

  /**
   * Rename CSV (firstName, lastName, userName): renames the authors of this
   * community only (their user accounts keep their names). Unknown user names
   * and empty names are reported per row.
   */
  async renameCsv(
    caller: UserDocument,
    communityId: string,
    text: string,
  ): Promise<{ nModified: number; ok: number; errors: CsvRowError[] }> {
    const rows = parseCsv(text, renameCsvColumns);
    const names = [...new Set(rows.map((row) => row.userName.toLowerCase()).filter(Boolean))];
    const members = new Map((await this.authors.find({ communityId, userNameLower: { $in: names } })).map((a) => [a.userNameLower, a]));
    const errors: CsvRowError[] = [];
    let nModified = 0;
    let position = 0;
    for (const row of rows) {
      const messages: UserMessage[] = [];
      if (!row.firstName) messages.push(msg('csv.firstNameMissing'));
      if (!row.lastName) messages.push(msg('csv.lastNameMissing'));
      const author = members.get(row.userName.toLowerCase());
      if (!author) messages.push(msg('csv.unknownUser', { userName: row.userName }));
      if (messages.length > 0 || !author) {
        errors.push(rowReport(row.index, messages));
        continue;
      }
      const at = await this.run(
        author._id,
        { type: 'RenameAuthor', data: { firstName: row.firstName, lastName: row.lastName } },
        caller._id,
      );
      if (at > 0) nModified++;
      position = Math.max(position, at);
    }
    await this.settle(position);
    return { nModified, ok: 1, errors };
  }
}
