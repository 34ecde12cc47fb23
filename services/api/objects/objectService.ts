import { readsStreamName, type ReadMarked } from '../../../contracts/events/read.ts';
import { timingSafeEqual } from 'node:crypto';
import {
  ObjectMessages,
  playbackLinkSeconds,
  type Connection,
  type CurrentVersion,
  type HistoricalObject,
  type HistoryEntry,
  type ObjectReply,
  type SaveObjectBody,
  type UploadReply,
  type VideoComment,
} from '../../../contracts/api/objects.ts';
import { contributionStreamName, type ContributionEvent, type Permission } from '../../../contracts/events/contribution.ts';
import type { EventMetadata, RecordedEvent } from '../../../contracts/events/event.ts';
import { canRead, canWrite, type AccessSubject } from '../../../contracts/permissions.ts';
import type { NoteTranslations } from '../../../contracts/events/contribution.ts';
import { defaultLanguageOf, noteLanguagesOf, translationsOf } from '../../../contracts/multilanguage.ts';
import {
  countWords,
  NoteBodyTooLarge,
  noteSearchText,
  parseNoteBody,
  plainTextOf,
  referenceNodesOf,
  splitKeywords,
  supportNodesOf,
  withServableBodies,
} from '../../../contracts/noteSchema.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { attachmentUrl, attachmentVersionsOf } from '../../../projections/contributions/content.ts';
import {
  contributionsCollectionName,
  evolveContribution,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import { historicalObjectsCollectionName, historyOf, type HistoricalObjectDocument } from '../../../projections/history/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { BlobStore } from '../../core/blobStore.ts';
import { handleCommand } from '../../core/decider.ts';
import {
  BuildonError,
  ConcurrencyError,
  ConflictError,
  fieldError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../core/errors.ts';
import { ErrorCode } from '../../../contracts/errors.ts';
import { batchDecider } from '../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import { imageSize } from '../../integrations/media/imageSize.ts';
import { sniffMime } from '../../integrations/media/sniff.ts';
import { SvgRejected, sanitizeSvg } from '../../integrations/media/svg.ts';
import type { CommandDeps } from '../appServices.ts';
import { personName } from '../../../contracts/personName.ts';
import { authorNames, missingAuthorName } from '../authors/authorNames.ts';
import { lastNameFirstIn } from '../authors/nameOrder.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { attachmentSignature, signedQuery } from './attachmentSignature.ts';
import { PastAccess } from '../past/pastAccess.ts';
import { msg, msgWithText, type UserMessage } from '../../../contracts/messageCodes.ts';
import { specMessage } from '../../../contracts/messages.ts';
import { isInitialAttachmentTitle } from '../canvas/defaultTitles.ts';

export type ObjectServiceDeps = CommandDeps & {
  access: CommunityAccess;
  blobStore: BlobStore;
  /** Signs playback links (HMAC-SHA256). */
  secret: string;
  /** Largest accepted upload, in bytes. */
  uploadLimitBytes: number;
};

/** A save refused because someone else changed the content since the editor loaded it (409). */
export class EditConflictError extends ConflictError {
  constructor(readonly current: CurrentVersion) {
    super(msg('objects.conflict'));
  }
}

/** An upload over the configured limit (413). */
export class UploadTooLargeError extends BuildonError {
  constructor(limitBytes: number) {
    const limit = Math.round((limitBytes / (1024 * 1024)) * 100) / 100;
    const message = msg('objects.fileTooLarge', { limit });
    super(message, ErrorCode.validation, 413, [fieldError('file', message)]);
  }
}

/** Events that change what an editor shows: a save based on an older revision conflicts with them. */
const contentEventTypes: ReadonlySet<string> = new Set([
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'ContributionRetitled',
  'AttachmentUploaded',
]);

/** A file name as a label only: no folders, no control characters, at most 200 characters. */
export const safeFilename = (name: string): string => {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const cleaned = base.replace(/^\.+/, '').slice(0, 200);
  return cleaned || 'file';
};

/**
 * The 400 message for a body that `parseNoteBody` refused: a body beyond the
 * depth or size limits (issue 20 §0) gets the contract's message alone, which
 * the web client translates; any other, ProseMirror's reason.
 */
const bodyProblem = (error: unknown): UserMessage => {
  if (error instanceof NoteBodyTooLarge) return specMessage(error.key);
  return msgWithText('objects.invalidBody', `${ObjectMessages.invalidBody}: ${error instanceof Error ? error.message : String(error)}`);
};

/**
 * A historical version as it may be sent (issue 20 §14): storage keys of
 * attachment versions stay on the server, and a note body beyond the limits
 * (issue 20 §0) is a placeholder.
 */
const servableHistoricalData = (data: Record<string, unknown>): Record<string, unknown> => {
  const inner = data.data;
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return data;
  const { versions, ...rest } = withServableBodies(inner as Record<string, unknown>);
  const publicVersions = Array.isArray(versions)
    ? versions.map((version: unknown) => {
        if (typeof version !== 'object' || version === null) return version;
        const { blobKey: _key, ...shown } = version as Record<string, unknown>;
        return shown;
      })
    : versions;
  return { ...data, data: { ...rest, ...(versions === undefined ? {} : { versions: publicVersions }) } };
};

/**
 * Use cases of the contribution page (issue 6). Every read and write goes
 * through the access rule of contracts/permissions.ts on the server.
 */
export class ObjectService {
  constructor(private readonly deps: ObjectServiceDeps) {}

  /** Largest accepted upload, in bytes. */
  get uploadLimitBytes(): number {
    return this.deps.uploadLimitBytes;
  }

  private get contributions() {
    return this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
  }
  private get links() {
    return this.deps.readStore.collection<LinkDocument>(linksCollectionName);
  }
  private get authors() {
    return this.deps.readStore.collection<AuthorDocument>(authorsCollectionName);
  }
  private get users() {
    return this.deps.readStore.collection<UserDocument>('users');
  }
  private get historical() {
    return this.deps.readStore.collection<HistoricalObjectDocument>(historicalObjectsCollectionName);
  }

  private metadata(user: UserDocument): EventMetadata {
    return { actorId: user._id, at: this.deps.clock.now().toISOString() };
  }

  private subject(grant: CommunityAccessGrant): AccessSubject {
    return { authorId: grant.author?._id ?? null, isManager: grant.isManager };
  }

  private async groupMembers(groupId: string | null): Promise<string[]> {
    if (!groupId) return [];
    const group = await this.contributions.get(groupId);
    return group && Array.isArray(group.data.members) ? group.data.members.filter((m): m is string => typeof m === 'string') : [];
  }

  private async accessObject(doc: ContributionDocument) {
    return { permission: doc.permission, authors: doc.authors, groupMembers: await this.groupMembers(doc.group) };
  }

  /**
   * Issue 20 §4, the one rule for every view of the past (`?at=`, the history
   * tab, historical objects, earlier attachment versions; the time machine
   * applies it per ref): `mayReadPast` (services/api/past) — a past state is
   * shown only to a reader who could read it then (their role and the group's
   * members then) and can read it now. The caller has already checked that
   * the contribution is readable now.
   */
  private pastAccess(grant: CommunityAccessGrant): PastAccess {
    return new PastAccess(this.deps, grant);
  }

  /** The object, the caller's grant in its community, and the check that the caller may read it. */
  private async readable(user: UserDocument, id: string) {
    const doc = await this.contributions.get(id);
    if (!doc) throw new NotFoundError(msg('objects.notFound'));
    const grant = await this.deps.access.member(user, doc.communityId);
    if (!canRead(this.subject(grant), await this.accessObject(doc))) throw new ForbiddenError();
    // An annotation is read with its note: a protected annotation of a private note stays hidden from the note's non-readers.
    if (doc.type === 'Annotation' && typeof doc.data.modelId === 'string') await this.readable(user, doc.data.modelId);
    return { doc, grant };
  }

  /** The object of this community, and the check that the caller may write it. */
  private async writable(user: UserDocument, communityId: string, id: string) {
    const grant = await this.deps.access.member(user, communityId);
    const doc = await this.contributions.get(id);
    if (!doc || doc.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
    if (!canWrite(this.subject(grant), await this.accessObject(doc))) throw new ForbiddenError();
    return { doc, grant };
  }

  private async run(user: UserDocument, id: string, commands: ContributionCommand[], expectedRevision?: number) {
    const result = await this.append(user, id, commands, expectedRevision);
    if (result.lastPosition > 0) await this.deps.projections.waitFor(result.lastPosition);
    return result;
  }

  /** Decides and appends, without waiting for the read models: `run` without its wait. */
  private append(user: UserDocument, id: string, commands: ContributionCommand[], expectedRevision?: number) {
    return handleCommand(this.deps.eventStore, contributionStreamName(id), batchDecider(contributionDecider), commands, {
      metadata: this.metadata(user),
      ...(expectedRevision !== undefined ? { expectedRevision } : {}),
    });
  }

  /** An attachment's versions as listed to the caller: public fields, and only those they may fetch (issue 20 §4). */
  private async listedVersions(doc: Pick<ContributionDocument, '_id' | 'data'>, grant: CommunityAccessGrant) {
    const fetchable = await this.fetchableVersions(grant, doc);
    return attachmentVersionsOf(doc)
      .filter((v) => fetchable.has(v.version))
      .map(({ blobKey: _key, ...v }) => ({ ...v, url: attachmentUrl(doc._id, v.version) }));
  }

  private async toReply(doc: Omit<ContributionDocument, '_position'>, grant: CommunityAccessGrant, revision: number): Promise<ObjectReply> {
    const editable = canWrite(this.subject(grant), {
      permission: doc.permission,
      authors: doc.authors,
      groupMembers: await this.groupMembers(doc.group),
    });
    const { versions, ...data } = withServableBodies(doc.data);
    return {
      _id: doc._id,
      communityId: doc.communityId,
      type: doc.type,
      title: doc.title,
      status: doc.status,
      permission: doc.permission,
      authors: [...doc.authors],
      authorNames: await authorNames(this.deps.readStore, doc.authors, await lastNameFirstIn(this.deps.readStore, grant.community)),
      group: doc.group,
      keywords: doc.keywords ?? [],
      wordCount: doc.wordCount ?? 0,
      text4search: doc.text4search ?? '',
      ...(doc.langInNote && doc.langInNote.length > 0 ? { langInNote: [...doc.langInNote] } : {}),
      // Blob keys stay on the server; versions are listed with their public fields.
      data: Array.isArray(versions) ? { ...data, versions: await this.listedVersions(doc, grant) } : data,
      created: doc.created,
      modified: doc.modified,
      revision,
      editable,
      owned: grant.isManager || (grant.author !== null && grant.author !== undefined && doc.authors.includes(grant.author._id)),
    };
  }

  // ---- reading ---------------------------------------------------------------------------

  /** GET /api/objects/{id}, optionally as it was at `at` (its own stream folded up to then). */
  async get(user: UserDocument, id: string, at?: string): Promise<ObjectReply> {
    const { doc, grant } = await this.readable(user, id);
    if (at === undefined) return this.toReply(doc, grant, doc.revision ?? 0);
    const instant = Date.parse(at);
    if (Number.isNaN(instant)) throw ValidationError.field('at', msg('errors.badDateTime', { field: 'at' }));
    const { events } = await this.deps.eventStore.readStream<ContributionEvent>(contributionStreamName(id));
    let past: Omit<ContributionDocument, '_position'> | null = null;
    let revision = 0;
    for (const event of events) {
      if (Date.parse(event.metadata.at) > instant) break;
      const next = evolveContribution(past ? { ...past, _position: 0 } : null, event);
      if (next && next !== past) revision = event.streamRevision;
      past = next;
    }
    if (!past) throw new NotFoundError(msg('objects.notYetAt'));
    if (!(await this.pastAccess(grant).mayRead(id, instant, past))) throw new ForbiddenError(msg('objects.notReadableThen'));
    const { _position, ...snapshot } = past as ContributionDocument;
    return this.toReply(snapshot, grant, revision);
  }

  // ---- saving notes and drawings ---------------------------------------------------------------

  /** The version now stored, for the other side of a conflict. */
  private async currentVersion(
    grant: CommunityAccessGrant,
    id: string,
    events: RecordedEvent<ContributionEvent>[],
    revision: number,
  ): Promise<CurrentVersion> {
    const stored = await this.contributions.get(id);
    const doc = stored ? { ...stored, data: withServableBodies(stored.data) } : null;
    const lastContent = [...events].reverse().find((event) => contentEventTypes.has(event.type));
    const actorId = lastContent?.metadata.actorId ?? null;
    const actor = actorId ? await this.users.get(actorId) : null;
    return {
      title: doc?.title ?? '',
      ...(doc?.type === 'Note' && typeof doc.data.body === 'object' && doc.data.body !== null
        ? { body: doc.data.body as Record<string, unknown> }
        : {}),
      ...(doc?.type === 'Drawing' && typeof doc.data.svg === 'string' ? { svg: doc.data.svg } : {}),
      ...(doc?.type === 'Note' && doc.langInNote && doc.langInNote.length > 0 ? { translations: translationsOf(doc) } : {}),
      keywords: doc?.keywords ?? [],
      revision,
      modified: doc?.modified ?? '',
      modifiedBy: actor
        ? { userId: actor._id, name: personName(actor, await lastNameFirstIn(this.deps.readStore, grant.community)) }
        : null,
    };
  }

  /**
   * Appends `commands` unless the content changed after `loadedRevision`: a
   * favourite, a permission change or a link since then does not conflict.
   */
  private async saveFrom(
    user: UserDocument,
    grant: CommunityAccessGrant,
    id: string,
    loadedRevision: number,
    commands: ContributionCommand[],
  ) {
    for (let attempt = 0; ; attempt++) {
      const { events, currentRevision } = await this.deps.eventStore.readStream<ContributionEvent>(contributionStreamName(id));
      const head = currentRevision ?? -1;
      if (loadedRevision > head) throw ValidationError.field('revision', msg('objects.revisionAhead'));
      if (events.some((event) => event.streamRevision > loadedRevision && contentEventTypes.has(event.type))) {
        throw new EditConflictError(await this.currentVersion(grant, id, events, head));
      }
      try {
        return await this.run(user, id, commands, head);
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** PUT /api/objects/{communityId}/{id}: contribute or save a note or a drawing. */
  async save(user: UserDocument, communityId: string, id: string, input: SaveObjectBody): Promise<ObjectReply> {
    const { doc, grant } = await this.writable(user, communityId, id);
    // eslint-disable-next-line no-control-regex -- titles are plain text: control characters become spaces
    const title = input.title.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
    const hasTranslations = doc.type === 'Note' && input.translations !== undefined && Object.keys(input.translations).length > 0;
    if (!title && !hasTranslations) throw ValidationError.field('title', msg('objects.titleRequired'));
    const commands: ContributionCommand[] = [];
    const languages =
      doc.type === 'Note' && input.translations !== undefined ? await this.noteLanguages(grant, communityId, input.translations) : null;
    if (doc.type === 'Note') {
      if (input.body === undefined) throw ValidationError.field('body', msg('errors.fieldRequired', { field: 'body' }));
      let parsed;
      try {
        parsed = parseNoteBody(input.body);
      } catch (error) {
        throw ValidationError.field('body', bodyProblem(error));
      }
      await this.checkNodes(communityId, parsed);
      const keywords = input.keywords === undefined ? (doc.keywords ?? []) : splitKeywords(input.keywords);
      const text = plainTextOf(parsed);
      const written = languages && languages.langs.length > 0 ? languages : null;
      commands.push({
        type: 'SaveNote',
        data: {
          title,
          body: parsed.toJSON() as Record<string, unknown>,
          keywords,
          // Multilanguage: counted and searchable across every language written.
          wordCount: written ? written.langs.reduce((sum, lang) => sum + countWords(written.texts[lang] ?? ''), 0) : countWords(text),
          text4search: written
            ? `${written.langs.map((lang) => `( ${written.translations[lang]?.title ?? ''} ) ${written.texts[lang] ?? ''}`).join(' ')} ( ${keywords.join('; ')} )`
            : noteSearchText(title, text, keywords),
          newId: () => this.deps.ids.next(),
          ...(languages ? { translations: languages.translations, mainLang: languages.mainLang } : {}),
        },
      });
    } else if (doc.type === 'Drawing') {
      if (input.svg === undefined) throw ValidationError.field('svg', msg('errors.fieldRequired', { field: 'svg' }));
      let svg: string;
      try {
        svg = sanitizeSvg(input.svg);
      } catch (error) {
        const reason = error instanceof SvgRejected ? error.message : '';
        const message = msg(
          reason === 'too large' ? 'objects.svgTooLarge' : reason === 'not xml' ? 'objects.svgNotXml' : 'objects.svgInvalid',
        );
        throw ValidationError.field('svg', message);
      }
      commands.push({ type: 'SaveDrawing', data: { title, svg } });
    } else {
      commands.push({ type: 'RetitleContribution', data: { title } });
    }
    if (input.status === 'inactive' || (input.status === 'active' && doc.type !== 'Note' && doc.type !== 'Drawing')) {
      commands.push({ type: 'ChangeContributionStatus', data: { status: input.status } });
    }
    await this.saveFrom(user, grant, id, input.revision, commands);
    const saved = await this.contributions.get(id);
    if (!saved) throw new NotFoundError(msg('objects.notFound'));
    if (saved.status === 'active' && grant.author) await this.markReadByWriter(user, grant.author._id, saved);
    return this.toReply(saved, grant, saved.revision ?? 0);
  }

  /**
   * Writing a contribution counts as reading it (issue 21 §11): a pupil's own
   * saved note is not "unread" on their canvas. A read like any other (a
   * `ReadMarked` on the author's reads stream), so analytics and the time
   * machine see it too.
   */
  private async markReadByWriter(user: UserDocument, authorId: string, doc: ContributionDocument): Promise<void> {
    const event: ReadMarked = { type: 'ReadMarked', data: { authorId, communityId: doc.communityId, contributionId: doc._id } };
    const result = await this.deps.eventStore.append(readsStreamName(authorId), [{ ...event, metadata: this.metadata(user) }], {
      expectedRevision: 'any',
    });
    await this.deps.projections.waitFor(result.lastPosition);
  }

  /**
   * The translations of a multilanguage note, checked: the plugin must be on,
   * each language one of the context's, each body a valid document (400 naming
   * `translations.{lang}.body`). Languages with neither title nor text are dropped.
   */
  private async noteLanguages(grant: CommunityAccessGrant, communityId: string, given: NoteTranslations) {
    const context = await this.contributions.get(grant.community.rootContextId);
    const offered = noteLanguagesOf(context?.data);
    const entries = Object.entries(given);
    if (offered.length === 0 && entries.length > 0) throw ValidationError.field('translations', msg('multilanguage.pluginOff'));
    const translations: NoteTranslations = {};
    const texts: Record<string, string> = {};
    for (const [lang, entry] of entries) {
      if (!offered.includes(lang)) throw ValidationError.field(`translations.${lang}`, msg('multilanguage.notOffered'));
      let parsed;
      try {
        parsed = parseNoteBody(entry.body);
      } catch (error) {
        throw ValidationError.field(`translations.${lang}.body`, bodyProblem(error));
      }
      await this.checkNodes(communityId, parsed);
      // eslint-disable-next-line no-control-regex -- titles are plain text: control characters become spaces
      const title = entry.title.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
      const text = plainTextOf(parsed);
      if (!title && !text.trim()) continue;
      translations[lang] = { title, body: parsed.toJSON() as Record<string, unknown> };
      texts[lang] = text;
    }
    // In the context's order, so every reader sees the languages listed alike.
    const langs = offered.filter((lang) => translations[lang]);
    const ordered: NoteTranslations = Object.fromEntries(langs.map((lang) => [lang, translations[lang] as NoteTranslations[string]]));
    const preferred = defaultLanguageOf(context?.data);
    return { translations: ordered, texts, langs, mainLang: langs.includes(preferred) ? preferred : (langs[0] ?? '') };
  }

  /** Supports must be Supports of this community; references must point into it. */
  private async checkNodes(communityId: string, doc: Parameters<typeof supportNodesOf>[0]) {
    for (const { supportId } of supportNodesOf(doc)) {
      const support = await this.contributions.get(supportId);
      if (!support || support.communityId !== communityId || support.type !== 'Support') {
        throw ValidationError.field('body', msg('objects.unknownSupport'));
      }
    }
    for (const { contributionId } of referenceNodesOf(doc)) {
      const target = await this.contributions.get(contributionId);
      if (!target || target.communityId !== communityId) throw ValidationError.field('body', msg('objects.unknownReference'));
    }
  }

  // ---- properties, authors, favourites -------------------------------------------------------------

  /**
   * Who a contribution belongs to and who may see it are its authors' business
   * (and the managers'): a classmate who may edit a public or group note must
   * not make himself co-author and then hide or publish it (issue 20 §3).
   */
  private async ownedByCaller(user: UserDocument, communityId: string, id: string) {
    const { doc, grant } = await this.writable(user, communityId, id);
    const me = grant.author?._id;
    if (!grant.isManager && !(me && doc.authors.includes(me))) throw new ForbiddenError(msg('objects.authorsOnly'));
    return { doc, grant };
  }

  /** PUT /api/objects/{communityId}/{id}/permission: authors (or managers) only. */
  async changePermission(user: UserDocument, communityId: string, id: string, input: { permission: Permission; group: string | null }) {
    await this.ownedByCaller(user, communityId, id);
    if (input.group !== null) {
      const group = await this.contributions.get(input.group);
      if (!group || group.type !== 'Group' || group.communityId !== communityId || group.status !== 'active') {
        throw ValidationError.field('group', msg('objects.groupNotActive'));
      }
    }
    await this.run(user, id, [{ type: 'ChangePermission', data: input }]);
    return this.get(user, id);
  }

  /** POST /api/objects/{communityId}/{id}/authors: authors (or managers) only. */
  async addCoauthor(user: UserDocument, communityId: string, id: string, authorId: string) {
    await this.ownedByCaller(user, communityId, id);
    const author = await this.authors.get(authorId);
    if (!author || author.communityId !== communityId) throw ValidationError.field('authorId', msg('objects.notAMember'));
    await this.run(user, id, [{ type: 'AddCoauthor', data: { authorId } }]);
    return this.get(user, id);
  }

  /** DELETE /api/objects/{communityId}/{id}/authors/{authorId}: authors (or managers) only. */
  async removeCoauthor(user: UserDocument, communityId: string, id: string, authorId: string) {
    await this.ownedByCaller(user, communityId, id);
    await this.run(user, id, [{ type: 'RemoveCoauthor', data: { authorId } }]);
    return this.get(user, id);
  }

  /** Favourites: readers of an active contribution, when the community's favourites plugin is on. */
  async favourite(user: UserDocument, communityId: string, id: string, add: boolean) {
    const { doc, grant } = await this.readable(user, id);
    if (doc.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
    const context = await this.contributions.get(grant.community.rootContextId);
    const plugins = context?.data.plugins as Record<string, unknown> | undefined;
    if (plugins?.enableFavourites !== true) throw new ForbiddenError(msg('objects.favouritesOff'));
    await this.run(user, id, [{ type: add ? 'AddFavourite' : 'RemoveFavourite', data: { userId: user._id } }]);
    const saved = await this.contributions.get(id);
    const favAuthors = Array.isArray(saved?.data.favAuthors) ? (saved.data.favAuthors as string[]) : [];
    return { favourite: favAuthors.includes(user._id), favAuthors };
  }

  // ---- attachments ------------------------------------------------------------------------

  /**
   * POST /api/upload/{communityId}/{attachmentId}: a new version of the file.
   * With `noteId` (an upload from a note's attachments tab), the note — which
   * the caller must be able to write, in the same community — gets an `attach`
   * link to the attachment, once.
   */
  async upload(
    user: UserDocument,
    communityId: string,
    id: string,
    file: { filename: string; bytes: Uint8Array },
    noteId?: string,
  ): Promise<UploadReply> {
    const { doc } = await this.writable(user, communityId, id);
    if (doc.type !== 'Attachment') throw ValidationError.field('attachmentId', msg('objects.notAnAttachment'));
    if (noteId !== undefined) {
      const note = await this.contributions.get(noteId);
      if (!note || note.communityId !== communityId || note.status === 'inactive') {
        throw ValidationError.field('noteId', msg('objects.notFound'));
      }
      if (note.type !== 'Note') throw ValidationError.field('noteId', msg('objects.attachToNote'));
      await this.writable(user, communityId, noteId);
    }
    if (file.bytes.byteLength === 0) throw ValidationError.field('file', msg('objects.fileEmpty'));
    if (file.bytes.byteLength > this.deps.uploadLimitBytes) throw new UploadTooLargeError(this.deps.uploadLimitBytes);
    const mime = sniffMime(file.bytes);
    const size = imageSize(file.bytes, mime);
    const filename = safeFilename(file.filename);
    const blobKey = `attachments/${id}/${this.deps.ids.next()}`;
    await this.deps.blobStore.put(blobKey, file.bytes, mime);
    const commands: ContributionCommand[] = [
      {
        type: 'RecordUpload',
        data: { filename, mime, size: file.bytes.byteLength, width: size?.width ?? null, height: size?.height ?? null, blobKey },
      },
    ];
    if (!doc.title || isInitialAttachmentTitle(doc.title)) commands.push({ type: 'RetitleContribution', data: { title: filename } });
    let result;
    try {
      result = await this.append(user, id, commands);
    } catch (error) {
      await this.dropUnrecordedBlob(id, blobKey);
      throw error;
    }
    if (result.lastPosition > 0) await this.deps.projections.waitFor(result.lastPosition);
    if (noteId !== undefined) {
      const linked = await this.links.find({ from: noteId, to: id, type: 'attach' });
      if (linked.length === 0) {
        await this.run(user, noteId, [{ type: 'CreateLink', data: { linkId: this.deps.ids.next(), to: id, type: 'attach', data: {} } }]);
      }
    }
    const uploaded = result.newEvents.find((event) => event.type === 'AttachmentUploaded');
    const version = uploaded?.type === 'AttachmentUploaded' ? uploaded.data.version : 0;
    return {
      _id: id,
      version,
      filename,
      mime,
      size: file.bytes.byteLength,
      width: size?.width ?? null,
      height: size?.height ?? null,
      url: attachmentUrl(id, version),
      revision: result.nextExpectedRevision,
    };
  }

  /**
   * A failed upload leaves no file behind (issue 20 §12): the file is deleted
   * unless an event names it. The stream is read again first, because an
   * append whose answer was lost (a remote store) may still have happened.
   */
  private async dropUnrecordedBlob(id: string, blobKey: string): Promise<void> {
    try {
      const { events } = await this.deps.eventStore.readStream<ContributionEvent>(contributionStreamName(id));
      if (events.some((event) => event.type === 'AttachmentUploaded' && event.data.blobKey === blobKey)) return;
      await this.deps.blobStore.delete(blobKey);
    } catch {
      // The upload's own error is the one to report; a file left here is only unreachable.
    }
  }

  private signature(id: string, version: number, expires: number, userId: string): string {
    return attachmentSignature(this.deps.secret, id, version, expires, userId);
  }

  /**
   * Versions of an attachment the caller may fetch (issue 20 §4): the current
   * one (the caller reads the attachment now), and an earlier one only if it
   * was the current file in a state the caller could read then and can read
   * now (`mayReadPast`) — a file uploaded while the attachment was private to
   * its authors stays theirs after it is made public with a newer file.
   */
  private async fetchableVersions(grant: CommunityAccessGrant, doc: Pick<ContributionDocument, '_id' | 'data'>): Promise<Set<number>> {
    const versions = attachmentVersionsOf(doc);
    const latest = versions.at(-1)?.version;
    const fetchable = new Set<number>(latest === undefined ? [] : [latest]);
    if (versions.length <= 1) return fetchable;
    const past = this.pastAccess(grant);
    for (const snapshot of await historyOf(this.historical, doc._id)) {
      const current = attachmentVersionsOf({ data: (snapshot.data.data ?? {}) as Record<string, unknown> }).at(-1)?.version;
      if (current === undefined || fetchable.has(current)) continue;
      if (await past.mayRead(doc._id, Date.parse(snapshot.at), snapshot.data)) fetchable.add(current);
    }
    return fetchable;
  }

  /** A signed link to one version, valid for 600 s, for readers (video players and images cannot send a bearer token). */
  async playbackLink(user: UserDocument, id: string, version?: number) {
    const { doc, grant } = await this.readable(user, id);
    const versions = attachmentVersionsOf(doc);
    const chosen = version ?? versions.at(-1)?.version;
    if (chosen === undefined || !versions.some((v) => v.version === chosen)) throw new NotFoundError(msg('objects.versionNotFound'));
    if (!(await this.fetchableVersions(grant, doc)).has(chosen)) throw new ForbiddenError(msg('objects.notReadableThen'));
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + playbackLinkSeconds;
    return { url: `${attachmentUrl(id, chosen)}${signedQuery(this.deps.secret, id, chosen, expires, user._id)}`, expires };
  }

  private checkSignature(id: string, version: number, expires: number, sig: string, userId: string) {
    const expected = Buffer.from(this.signature(id, version, expires, userId));
    const given = Buffer.from(sig);
    const valid = expected.length === given.length && timingSafeEqual(expected, given);
    if (!valid || expires * 1000 < this.deps.clock.now().getTime()) throw new ForbiddenError(msg('objects.linkExpired'));
  }

  /**
   * The bytes of one version, for a reader or the holder of a valid signed
   * link. A link opens only what the user it was given to may read at the
   * time of the request (issue 20 §4): the same checks as with their token.
   */
  async file(user: UserDocument | null, id: string, version: number, link?: { expires: number; sig: string; userId?: string }) {
    let reader = user;
    if (link) {
      this.checkSignature(id, version, link.expires, link.sig, link.userId ?? '');
      reader = link.userId ? await this.users.get(link.userId) : null;
    }
    if (!reader) throw new ForbiddenError(link ? msg('objects.linkExpired') : undefined);
    const { doc, grant } = await this.readable(reader, id);
    const entry = attachmentVersionsOf(doc).find((v) => v.version === version);
    if (!entry) throw new NotFoundError(msg('objects.versionNotFound'));
    if (!(await this.fetchableVersions(grant, doc)).has(version)) throw new ForbiddenError(msg('objects.notReadableThen'));
    const blob = await this.deps.blobStore.get(entry.blobKey);
    if (!blob) throw new NotFoundError(msg('objects.versionNotFound'));
    return { bytes: blob.data, mime: entry.mime, filename: entry.filename };
  }

  async addVideoComment(user: UserDocument, id: string, input: { time: number; comment: string }): Promise<VideoComment> {
    const { grant } = await this.readable(user, id);
    const authorId = grant.author?._id;
    if (!authorId) throw new ForbiddenError(msg('objects.notAMember'));
    const commentId = this.deps.ids.next();
    await this.run(user, id, [{ type: 'AddVideoComment', data: { commentId, authorId, time: input.time, comment: input.comment } }]);
    return { id: commentId, authorId, time: input.time, comment: input.comment.trim() };
  }

  async videoComments(user: UserDocument, id: string): Promise<VideoComment[]> {
    const { doc } = await this.readable(user, id);
    const comments = Array.isArray(doc.data.videoComments) ? (doc.data.videoComments as VideoComment[]) : [];
    return [...comments].sort((a, b) => a.time - b.time);
  }

  // ---- connections and history -------------------------------------------------------------

  /** Links from (or to) a readable contribution, keeping only those whose other end the caller may read. */
  async connections(user: UserDocument, id: string, direction: 'from' | 'to'): Promise<Connection[]> {
    const { grant } = await this.readable(user, id);
    const subject = this.subject(grant);
    const links = await this.links.find(direction === 'from' ? { from: id } : { to: id }, { sort: { created: 1 } });
    const result: Connection[] = [];
    for (const link of links) {
      const otherId = direction === 'from' ? link.to : link.from;
      const other = await this.contributions.get(otherId);
      const { _position, ...rest } = link;
      if (!other) {
        result.push({
          ...rest,
          other: { _id: otherId, type: '', title: ObjectMessages.missingLink, status: '', authors: [], missing: true },
        });
        continue;
      }
      if (!canRead(subject, await this.accessObject(other))) continue;
      result.push({
        ...rest,
        other: { _id: other._id, type: other.type, title: other.title, status: other.status, authors: other.authors, missing: false },
      });
    }
    return result;
  }

  private async userName(userId: string | null, lastNameFirst = false): Promise<string> {
    if (!userId) return 'system';
    const found = await this.users.get(userId);
    return found ? personName(found, lastNameFirst) : missingAuthorName;
  }

  /** `lastNameFirst`: the community's `flipname` (issue 21 §15). */
  private async toEntry(doc: HistoricalObjectDocument, lastNameFirst = false): Promise<HistoryEntry> {
    return {
      _id: doc._id,
      dataId: doc.dataId,
      revision: doc.revision,
      at: doc.at,
      operation: doc.operation,
      eventType: doc.eventType,
      authorId: doc.authorId,
      authorName: await this.userName(doc.authorId, lastNameFirst),
    };
  }

  /** GET /api/objects/{id}/history: every version, oldest first. */
  async history(user: UserDocument, id: string): Promise<HistoryEntry[]> {
    const { grant } = await this.readable(user, id);
    const versions = await historyOf(this.historical, id);
    const past = this.pastAccess(grant);
    const shown: HistoricalObjectDocument[] = [];
    for (const version of versions) if (await past.mayRead(id, Date.parse(version.at), version.data)) shown.push(version);
    const lastNameFirst = await lastNameFirstIn(this.deps.readStore, grant.community);
    return Promise.all(shown.map((doc) => this.toEntry(doc, lastNameFirst)));
  }

  /** GET /api/historicalobjects/{id}: one version of a contribution (or link), for readers of the contribution (of its `from`). */
  async historicalObject(user: UserDocument, historicalId: string): Promise<HistoricalObject> {
    const doc = await this.historical.get(historicalId);
    if (!doc) throw new NotFoundError(msg('errors.historicalNotFound'));
    const ownerId = doc.type === 'Link' && typeof doc.data.from === 'string' ? doc.data.from : doc.dataId;
    const { grant } = await this.readable(user, ownerId);
    const past = this.pastAccess(grant);
    const instant = Date.parse(doc.at);
    // A link's version is shown with both its ends as they were then (its `to` can name a note hidden from the reader).
    const shown =
      doc.type === 'Object'
        ? await past.mayRead(doc.dataId, instant, doc.data)
        : (await past.mayRead(ownerId, instant)) && (typeof doc.data.to !== 'string' || (await past.mayRead(doc.data.to, instant)));
    if (!shown) throw new ForbiddenError(msg('objects.notReadableThen'));
    const previous = doc.type === 'Object' ? await this.previousReadable(doc, past) : null;
    return {
      ...(await this.toEntry(doc, await lastNameFirstIn(this.deps.readStore, grant.community))),
      communityId: doc.communityId,
      type: doc.type,
      dataType: doc.dataType,
      data: servableHistoricalData(doc.data),
      previousId: previous?._id ?? null,
      names: await this.versionNames([doc, ...(previous ? [previous] : [])]),
    };
  }

  /**
   * The version a historical version is compared with (issue 21 §7): the
   * latest earlier version of the same contribution that `mayReadPast` lets
   * the caller read, so a diff never shows the private era of a note.
   */
  private async previousReadable(doc: HistoricalObjectDocument, past: PastAccess): Promise<HistoricalObjectDocument | null> {
    const earlier = (await historyOf(this.historical, doc.dataId)).filter((version) => version.revision < doc.revision);
    for (let i = earlier.length - 1; i >= 0; i--) {
      const version = earlier[i] as HistoricalObjectDocument;
      if (await past.mayRead(doc.dataId, Date.parse(version.at), version.data)) return version;
    }
    return null;
  }

  /** Display names of the authors and titles of the groups that these versions name (what the history dialog shows instead of ids). */
  private async versionNames(versions: HistoricalObjectDocument[]): Promise<{ _id: string; name: string }[]> {
    const ids = (key: 'authors' | 'group') =>
      versions.flatMap((version) => {
        const value = version.data[key];
        return (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string');
      });
    const authors = await authorNames(this.deps.readStore, [...new Set(ids('authors'))]);
    const groupIds = [...new Set(ids('group'))];
    const groups =
      groupIds.length > 0
        ? await this.contributions.find({ _id: { $in: groupIds }, type: 'Group', communityId: versions[0]?.communityId ?? '' })
        : [];
    return [...authors.map(({ _id, name }) => ({ _id, name })), ...groups.map((group) => ({ _id: group._id, name: group.title }))];
  }
}
