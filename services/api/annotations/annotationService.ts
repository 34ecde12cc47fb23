import {
  type Annotation,
  type AnnotationVisibility,
  type CreateAnnotationBody,
  type SpecAnnotationBody,
  type UpdateAnnotationBody,
} from '../../../contracts/api/annotations.ts';
import type { CreateContributionReply } from '../../../contracts/api/canvas.ts';
import { anchorAnnotation, annotationTextOf, type AnnotationRange } from '../../../contracts/annotations.ts';
import { isOfType, noteBodyOf, type OfType } from '../../../contracts/contributionData.ts';
import { contributionStreamName } from '../../../contracts/events/contribution.ts';
import { canRead, type AccessSubject } from '../../../contracts/permissions.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { handleCommand } from '../../core/decider.ts';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { annotationReaders, type AnnotationCommand } from '../../domain/contribution/annotation.ts';
import { contributionDecider } from '../../domain/contribution/contribution.decide.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { authorNames } from '../authors/authorNames.ts';
import { lastNameFirstIn } from '../authors/nameOrder.ts';
import { accessObject, membersOfGroup } from '../canvas/canvasReader.ts';
import { toContribution } from '../canvas/replies.ts';
import { msg } from '../../../contracts/messageCodes.ts';

export type AnnotationServiceDeps = CommandDeps & { access: CommunityAccess };

const rangesOf = (value: unknown): AnnotationRange[] =>
  Array.isArray(value)
    ? value.filter((r: unknown): r is AnnotationRange => {
        const range = r as Partial<AnnotationRange> | null;
        return typeof range === 'object' && range !== null && Number.isInteger(range.start) && Number.isInteger(range.end);
      })
    : [];

const visibilityOf = (permission: string): AnnotationVisibility => (permission === 'private' ? 'private' : 'protected');

/**
 * Annotations (issue 6, item 8). Every call first checks that the caller may
 * read the annotated note (fact sheet §3.1): nobody sees, writes or changes an
 * annotation of a note they cannot read. A private annotation is seen by its
 * authors and the community's managers only (404 for anyone else, so nothing
 * leaks); a protected one by every reader of the note. Only the annotation's
 * authors and managers change or delete it.
 */
export class AnnotationService {
  constructor(private readonly deps: AnnotationServiceDeps) {}

  private get contributions() {
    return this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
  }
  private get links() {
    return this.deps.readStore.collection<LinkDocument>(linksCollectionName);
  }

  private subject(grant: CommunityAccessGrant): AccessSubject {
    return { authorId: grant.author?._id ?? null, isManager: grant.isManager };
  }

  private async groupMembers(groupId: string | null): Promise<string[]> {
    return groupId ? membersOfGroup(await this.contributions.get(groupId)) : [];
  }

  /** The note, the caller's grant in its community, and the check that the caller may read it (403 otherwise). */
  private async readableNote(user: UserDocument, noteId: string) {
    const note = await this.contributions.get(noteId);
    if (!note) throw new NotFoundError(msg('objects.notFound'));
    const grant = await this.deps.access.member(user, note.communityId);
    if (!canRead(this.subject(grant), accessObject(note, await this.groupMembers(note.group)))) throw new ForbiddenError();
    return { note, grant };
  }

  /** Private annotations: their authors (and managers); protected ones: every reader of the note. */
  private visible(grant: CommunityAccessGrant, doc: ContributionDocument): boolean {
    return canRead(this.subject(grant), { permission: doc.permission, authors: doc.authors });
  }

  private mayChange(grant: CommunityAccessGrant, doc: ContributionDocument): boolean {
    const me = grant.author?._id;
    return grant.isManager || (me !== undefined && doc.authors.includes(me));
  }

  /** An active annotation the caller may see, with its note (which the caller may read). */
  private async annotation(user: UserDocument, annotationId: string) {
    const doc = await this.contributions.get(annotationId);
    if (!doc || doc.type !== 'Annotation' || doc.status !== 'active' || typeof doc.data.modelId !== 'string') {
      throw new NotFoundError(msg('annotations.notFound'));
    }
    const { note, grant } = await this.readableNote(user, doc.data.modelId);
    if (!this.visible(grant, doc)) throw new NotFoundError(msg('annotations.notFound'));
    return { doc, note, grant };
  }

  private async run(user: UserDocument, id: string, command: AnnotationCommand) {
    const result = await handleCommand(this.deps.eventStore, contributionStreamName(id), contributionDecider, command, {
      metadata: { actorId: user._id, at: this.deps.clock.now().toISOString() },
    });
    if (result.lastPosition > 0) await this.deps.projections.waitFor(result.lastPosition);
  }

  private async toAnnotation(
    doc: OfType<ContributionDocument, 'Annotation'>,
    noteText: string,
    grant: CommunityAccessGrant,
    /** The community's name order, read once per reply (not once per annotation). */
    lastNameFirst: boolean,
  ): Promise<Annotation> {
    const ranges = rangesOf(doc.data.ranges);
    const quote = typeof doc.data.quote === 'string' ? doc.data.quote : '';
    const permission = visibilityOf(doc.permission);
    return {
      _id: doc._id,
      communityId: doc.communityId,
      noteId: String(doc.data.modelId),
      linkId: typeof doc.data.linkId === 'string' ? doc.data.linkId : '',
      text: typeof doc.data.text === 'string' ? doc.data.text : '',
      quote,
      ranges,
      anchor: anchorAnnotation(noteText, ranges, quote),
      permission,
      permissions: { read: annotationReaders(permission, doc.authors) },
      authors: [...doc.authors],
      authorNames: await authorNames(this.deps.readStore, doc.authors, lastNameFirst),
      created: doc.created,
      modified: doc.modified,
      editable: this.mayChange(grant, doc),
    };
  }

  /** GET /api/objects/{id}/annotations: the annotations of a note I may read that I may see, in text order. */
  async list(user: UserDocument, noteId: string): Promise<Annotation[]> {
    const { note, grant } = await this.readableNote(user, noteId);
    const links = await this.links.find({ to: noteId, type: 'annotates' });
    if (links.length === 0) return [];
    const docs = await this.contributions.find({
      _id: { $in: [...new Set(links.map((link) => link.from))] },
      type: 'Annotation',
      status: 'active',
    });
    const text = annotationTextOf(noteBodyOf(note));
    const visible = docs.filter(
      (doc): doc is OfType<ContributionDocument, 'Annotation'> =>
        isOfType(doc, 'Annotation') && doc.communityId === note.communityId && this.visible(grant, doc),
    );
    const lastNameFirst = await lastNameFirstIn(this.deps.readStore, grant.community);
    const annotations = await Promise.all(visible.map((doc) => this.toAnnotation(doc, text, grant, lastNameFirst)));
    const startOf = (a: Annotation) => a.anchor?.[0]?.start ?? Number.MAX_SAFE_INTEGER;
    return annotations.sort((a, b) => startOf(a) - startOf(b) || a.created.localeCompare(b.created) || a._id.localeCompare(b._id));
  }

  /** POST /api/objects/{communityId}/{id}/annotations: annotate a contributed note I may read. */
  async create(user: UserDocument, communityId: string, noteId: string, input: CreateAnnotationBody): Promise<Annotation> {
    await this.deps.access.member(user, communityId);
    const { note, grant } = await this.readableNote(user, noteId);
    if (note.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
    const authorId = grant.author?._id;
    if (!authorId) throw new ForbiddenError(msg('annotations.notAMember'));
    if (note.type !== 'Note') throw ValidationError.field('id', msg('annotations.notANote'));
    if (note.status !== 'active') throw new IllegalStateError(msg('annotations.notContributed'));
    const annotationId = this.deps.ids.next();
    await this.run(user, annotationId, {
      type: 'CreateAnnotation',
      data: {
        annotationId,
        communityId,
        noteId,
        linkId: this.deps.ids.next(),
        authorId,
        noteText: annotationTextOf(noteBodyOf(note)),
        ranges: input.ranges,
        quote: input.quote,
        text: input.text,
        permission: input.permission ?? 'protected',
      },
    });
    return this.reply(user, annotationId);
  }

  private async reply(user: UserDocument, annotationId: string): Promise<Annotation> {
    const { doc, note, grant } = await this.annotation(user, annotationId);
    return this.toAnnotation(doc, annotationTextOf(noteBodyOf(note)), grant, await lastNameFirstIn(this.deps.readStore, grant.community));
  }

  /**
   * POST /api/contributions/{communityId} with type Annotation (spec part 1 §7):
   * `data.modelId` is the note; a non-empty `data.permissions.read` makes it private.
   */
  async createFromContribution(user: UserDocument, communityId: string, body: SpecAnnotationBody): Promise<CreateContributionReply> {
    const { modelId, ranges, quote, text, permissions } = body.data;
    const created = await this.create(user, communityId, modelId, {
      ranges,
      quote,
      text,
      permission: permissions && permissions.read.length > 0 ? 'private' : 'protected',
    });
    const doc = await this.contributions.get(created._id);
    if (!doc) throw new NotFoundError(msg('annotations.notFound'));
    return {
      contribution: toContribution(doc),
      refs: [],
      buildson: null,
    };
  }

  /** PUT /api/annotations/{annotationId}: new text and/or visibility (its authors, managers). */
  async update(user: UserDocument, annotationId: string, input: UpdateAnnotationBody): Promise<Annotation> {
    const { doc, grant } = await this.annotation(user, annotationId);
    if (!this.mayChange(grant, doc)) throw new ForbiddenError(msg('annotations.authorsOnly'));
    await this.run(user, annotationId, { type: 'EditAnnotation', data: input });
    return this.reply(user, annotationId);
  }

  /** DELETE /api/annotations/{annotationId}: inactive, and its `annotates` link removed (its authors, managers). */
  async remove(user: UserDocument, annotationId: string): Promise<void> {
    const { doc, grant } = await this.annotation(user, annotationId);
    if (!this.mayChange(grant, doc)) throw new ForbiddenError(msg('annotations.authorsOnly'));
    await this.run(user, annotationId, { type: 'DeleteAnnotation', data: {} });
  }
}

const instances = new WeakMap<object, AnnotationService>();

/** The annotation use cases over the app's command deps and community gate (one per app). */
export const annotationServiceFor = (services: { commandDeps: CommandDeps; access: CommunityAccess }): AnnotationService => {
  let service = instances.get(services);
  if (!service) {
    service = new AnnotationService({ ...services.commandDeps, access: services.access });
    instances.set(services, service);
  }
  return service;
};
