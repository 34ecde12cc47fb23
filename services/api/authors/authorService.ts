import type { Author, CsvRowError, Registration } from '../../../contracts/api/communities.ts';
import type { CommunityRole } from '../../../contracts/events/author.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommunityAccessGrant } from '../communities/access.ts';
import type { AuthorServiceDeps, AuthorUseCaseDeps } from './authorContext.ts';
import { blockWriters } from './commands/blockWriters.ts';
import { changeRole } from './commands/changeRole.ts';
import { joinCommunity } from './commands/join.ts';
import { renameAll, renameCsv } from './commands/renameAuthors.ts';
import { resetPassword } from './commands/resetPassword.ts';
import { saveOrder } from './commands/saveOrder.ts';
import { csvAccess, submitUsersCsv, validateUsersCsv, type CsvSubmission, type CsvValidation } from './commands/usersCsv.ts';
import { KeyedQueue } from './keyedQueue.ts';
import { countWriters, listManagers, listMembers, me, searchWriters } from './queries/members.ts';
import { myRegistrations } from './queries/registrations.ts';

export type { AuthorServiceDeps } from './authorContext.ts';
export type { CsvSubmission, CsvValidation } from './commands/usersCsv.ts';
export { writerSearchFilter } from './queries/members.ts';

/**
 * Use cases of memberships (spec part 1 §2 community manager and author
 * manager): joining, my communities, roles, password resets by managers,
 * blocking writers, and the CSV imports, one module each under commands/
 * and queries/, their rules in services/domain/author. Routes only
 * translate HTTP; this facade only binds the dependencies.
 */
export class AuthorService {
  private readonly deps: AuthorUseCaseDeps;

  constructor(deps: AuthorServiceDeps) {
    this.deps = { ...deps, roleChanges: new KeyedQueue() };
  }

  join(caller: UserDocument, input: { userId: string; communityId: string; registrationKey: string }): Promise<Author> {
    return joinCommunity(this.deps, caller, input);
  }

  myRegistrations(user: UserDocument): Promise<Registration[]> {
    return myRegistrations(this.deps, user);
  }

  saveOrder(user: UserDocument, orders: { authorId: string; order: number }[]): Promise<Registration[]> {
    return saveOrder(this.deps, user, orders);
  }

  me(user: UserDocument, communityId: string): Promise<Author> {
    return me(this.deps, user, communityId);
  }

  list(user: UserDocument, communityId: string): Promise<Author[]> {
    return listMembers(this.deps, user, communityId);
  }

  managers(user: UserDocument, communityId: string): Promise<Author[]> {
    return listManagers(this.deps, user, communityId);
  }

  countWriters(user: UserDocument, communityId: string, filter: string | undefined): Promise<number> {
    return countWriters(this.deps, user, communityId, filter);
  }

  searchWriters(user: UserDocument, communityId: string, filter: string | undefined, page: number, pageSize: number): Promise<Author[]> {
    return searchWriters(this.deps, user, communityId, filter, page, pageSize);
  }

  changeRole(caller: UserDocument, communityId: string, authorId: string, role: CommunityRole): Promise<Author> {
    return changeRole(this.deps, caller, communityId, authorId, role);
  }

  resetPassword(caller: UserDocument, communityId: string, authorId: string, password: string): Promise<void> {
    return resetPassword(this.deps, caller, communityId, authorId, password);
  }

  blockWriters(caller: UserDocument, communityId: string, registrationKey: string, block: boolean): Promise<number> {
    return blockWriters(this.deps, caller, communityId, registrationKey, block);
  }

  renameAll(caller: UserDocument, communityId: string, userData: Record<string, { FirstName: string; LastName: string }>): Promise<number> {
    return renameAll(this.deps, caller, communityId, userData);
  }

  csvAccess(caller: UserDocument, communityId: string): Promise<CommunityAccessGrant> {
    return csvAccess(this.deps, caller, communityId);
  }

  validateUsersCsv(communityId: string, text: string): Promise<CsvValidation> {
    return validateUsersCsv(this.deps, communityId, text);
  }

  submitUsersCsv(caller: UserDocument, communityId: string, text: string): Promise<CsvSubmission> {
    return submitUsersCsv(this.deps, caller, communityId, text);
  }

  renameCsv(caller: UserDocument, communityId: string, text: string): Promise<{ nModified: number; ok: number; errors: CsvRowError[] }> {
    return renameCsv(this.deps, caller, communityId, text);
  }
}
