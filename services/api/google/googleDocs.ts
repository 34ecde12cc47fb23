import { canWrite } from '../../../contracts/permissions.ts';
import { googleDocStreamName, type GoogleEvent } from '../../../contracts/events/google.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { NoteBody } from '../../../contracts/noteSchema.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { pluginEnabled } from '../../domain/community/plugins.ts';
import type { GoogleClient } from '../../integrations/google/googleClient.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { accessObject, objectCollections, subjectOf } from '../objects/objectAccess.ts';
import type { ObjectService } from '../objects/objectService.ts';
import { unavailable, type GoogleAccounts } from './googleAccounts.ts';

export type GoogleDocsDeps = CommandDeps & {
  client: GoogleClient;
  accounts: GoogleAccounts;
  access: CommunityAccess;
  objects: ObjectService;
};

/** The longest Doc text brought back into a note (the note's own limits apply after). */
const maxExportBytes = 1024 * 1024;

/** The plugin flag of `contextData` must be on, else 403 naming it. */
export const requirePlugin = async (deps: Pick<CommandDeps, 'readStore'>, grant: CommunityAccessGrant, flag: string) => {
  const context = await objectCollections(deps).contributions.get(grant.community.rootContextId);
  if (!pluginEnabled(context?.data, flag)) throw new ForbiddenError(msg('google.pluginOff'));
};

/** A note the caller may edit, with the caller's grant; 404 / 403 otherwise. */
const editableNote = async (deps: GoogleDocsDeps, user: UserDocument, noteId: string) => {
  const doc = await objectCollections(deps).contributions.get(noteId);
  if (!doc || doc.status === 'inactive') throw new NotFoundError(msg('objects.notFound'));
  const grant = await deps.access.member(user, doc.communityId);
  if (!canWrite(subjectOf(grant), await accessObject(deps, doc))) throw new ForbiddenError();
  if (doc.type !== 'Note') throw ValidationError.field('noteId', msg('google.notANote'));
  await requirePlugin(deps, grant, 'googledocs');
  return { doc, grant };
};

/** Plain text as a note body: one paragraph per line (the editor's schema checks it again on save). */
export const textToNoteBody = (text: string): NoteBody => ({
  type: 'doc',
  content: text
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
});

/**
 * Google Docs from notes (issue 18 §6; spec part 1 §7): create a Doc from a
 * note (its title, the scaffolds' text, shared with the co-authors), bring its
 * text back into the note as a new version, share it with another author.
 */
export class GoogleDocs {
  constructor(private readonly deps: GoogleDocsDeps) {}

  /** POST /auth/googleFile/create: a Doc titled `title` holding the scaffolds' text, linked to the note. */
  async create(user: UserDocument, input: { noteId: string; title: string; scaffolds: string[] }): Promise<{ docId: string }> {
    const title = input.title.trim();
    if (!title) throw ValidationError.field('title', msg('google.titleRequired'));
    const { doc } = await editableNote(this.deps, user, input.noteId);
    const accessToken = await this.deps.accounts.accessToken(user._id);
    const { client } = this.deps;
    const docId = await client.createDocument(accessToken, title).catch(unavailable);
    const text = input.scaffolds
      .map((scaffold) => scaffold.trim())
      .filter(Boolean)
      .map((scaffold) => `${scaffold}\n\n`)
      .join('');
    if (text) await client.insertText(accessToken, docId, text).catch(unavailable);
    const sharedWith: string[] = [];
    for (const coauthor of await this.coauthors(doc, user)) {
      await client.shareAsWriter(accessToken, docId, coauthor.email).catch(unavailable);
      sharedWith.push(coauthor.userId);
    }
    await this.append(user, input.noteId, {
      type: 'GoogleDocLinked',
      data: { noteId: input.noteId, communityId: doc.communityId, docId, createdBy: user._id, sharedWith },
    });
    return { docId };
  }

  /** POST /auth/googleFile/export: the Doc's text saved into the note as a new version (the editor's save). */
  async export(user: UserDocument, input: { noteId: string; docId?: string | undefined }): Promise<{ title: string; body: NoteBody }> {
    const { doc } = await editableNote(this.deps, user, input.noteId);
    const linked = await this.linked(input.noteId);
    if (!linked || (input.docId !== undefined && linked.docId !== input.docId)) throw ValidationError.field('docId', msg('google.noDoc'));
    const accessToken = await this.deps.accounts.accessToken(user._id);
    const text = await this.deps.client.exportText(accessToken, linked.docId, maxExportBytes).catch(unavailable);
    const current = await this.deps.objects.get(user, input.noteId);
    const body = textToNoteBody(text);
    await this.deps.objects.save(user, doc.communityId, input.noteId, { revision: current.revision, title: doc.title, body });
    return { title: doc.title, body };
  }

  /**
   * POST /auth/googleFile/addPermission: the caller, who may edit the note but
   * was not shared the Doc (a co-author added later, a teacher), is made a
   * writer of it with the creator's grant, by the caller's e-mail (docShared).
   */
  async addPermission(user: UserDocument, input: { noteId: string }): Promise<{ userId: string }> {
    await editableNote(this.deps, user, input.noteId);
    const linked = await this.linked(input.noteId);
    if (!linked) throw ValidationError.field('noteId', msg('google.noDoc'));
    if (!user.email) throw ValidationError.field('email', msg('google.noEmail'));
    const accessToken = await this.deps.accounts.accessToken(linked.createdBy);
    await this.deps.client.shareAsWriter(accessToken, linked.docId, user.email).catch(unavailable);
    await this.append(user, input.noteId, {
      type: 'GoogleDocShared',
      data: { noteId: input.noteId, docId: linked.docId, userId: user._id },
    });
    return { userId: user._id };
  }

  /** The note's Doc, if one was made from it. */
  async linked(noteId: string): Promise<{ docId: string; createdBy: string } | null> {
    const { events } = await this.deps.eventStore.readStream<GoogleEvent>(googleDocStreamName(noteId));
    const link = events.findLast((event) => event.type === 'GoogleDocLinked');
    return link?.type === 'GoogleDocLinked' ? { docId: link.data.docId, createdBy: link.data.createdBy } : null;
  }

  /** The note's authors other than `except` whose account has an e-mail address ("when known"). */
  private async coauthors(doc: ContributionDocument, except: UserDocument) {
    const { authors, users } = objectCollections(this.deps);
    const found: { userId: string; email: string }[] = [];
    for (const authorId of doc.authors) {
      const author = await authors.get(authorId);
      if (!author || author.userId === except._id) continue;
      const account = await users.get(author.userId);
      if (account?.email) found.push({ userId: account._id, email: account.email });
    }
    return found;
  }

  private async append(user: UserDocument, noteId: string, event: GoogleEvent): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const result = await this.deps.eventStore.append(googleDocStreamName(noteId), [{ ...event, metadata: { actorId: user._id, at } }]);
    await this.deps.projections.waitFor(result.lastPosition);
  }
}
