import { isOfType, type OfType } from '../../../contracts/contributionData.ts';
import type { CreateContributionReply } from '../../../contracts/api/canvas.ts';
import type { Scaffold } from '../../../contracts/api/communities.ts';
import { templateOffset, type FromTemplateBody, type Template } from '../../../contracts/api/templates.ts';
import { contributionStreamName, type Permission } from '../../../contracts/events/contribution.ts';
import type { EventMetadata } from '../../../contracts/events/event.ts';
import { emptyNoteBody, parseNoteBody } from '../../../contracts/noteSchema.ts';
import { canRead, canWrite } from '../../../contracts/permissions.ts';
import { linksFrom, type ContributionDocument, type LinkDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { handleCommand } from '../../core/decider.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { batchDecider } from '../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { accessObject, toRefData, type CanvasReader, type Reader } from '../canvas/canvasReader.ts';
import { defaultPosition, findFreeSpot } from '../../domain/view/geometry.ts';
import { toContribution, toLink } from '../canvas/replies.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/**
 * The body a note from a template starts with: each support on its own line,
 * empty (the pupil writes inside it; the editor shows a placeholder there),
 * then a line to write on.
 */
export const templateBody = (supports: readonly { _id: string; title: string }[]): Record<string, unknown> => {
  if (supports.length === 0) return emptyNoteBody();
  const content = supports.flatMap((support) => [
    {
      type: 'paragraph',
      content: [{ type: 'support', attrs: { supportId: support._id, linkId: null, title: support.title } }],
    },
    { type: 'paragraph' },
  ]);
  // Checked like any saved body: what the editor loads is a valid document.
  return parseNoteBody({ type: 'doc', content }).toJSON() as Record<string, unknown>;
};

/**
 * Note templates: managers mark scaffolds as templates; members make a new
 * note from one in one request (the note with the template's supports, its
 * build-on link and its ref in the current view).
 */
export class TemplateService {
  constructor(private readonly deps: CommandDeps & { reader: CanvasReader }) {}

  private get reader() {
    return this.deps.reader;
  }

  private metadata(user: UserDocument): EventMetadata {
    return { actorId: user._id, at: this.deps.clock.now().toISOString() };
  }

  private async run(id: string, commands: ContributionCommand[], metadata: EventMetadata): Promise<number> {
    const result = await handleCommand(this.deps.eventStore, contributionStreamName(id), batchDecider(contributionDecider), commands, {
      metadata,
    });
    return result.lastPosition;
  }

  private async settle(positions: number[]): Promise<void> {
    const last = Math.max(0, ...positions);
    if (last > 0) await this.deps.projections.waitFor(last);
  }

  private async supportsOf(scaffoldId: string): Promise<Scaffold['supports']> {
    const contains = await linksFrom(this.reader.links, scaffoldId, 'contains');
    const docs = await this.reader.byIds(
      this.reader.contributions,
      contains.map((link) => link.to),
    );
    const byId = new Map(docs.filter((doc) => doc.type === 'Support' && doc.status === 'active').map((doc) => [doc._id, doc]));
    return contains.flatMap((link) => {
      const support = byId.get(link.to);
      return support ? [{ _id: support._id, title: support.title, order: typeof link.data.order === 'number' ? link.data.order : 0 }] : [];
    });
  }

  private async toTemplate(scaffold: OfType<ContributionDocument, 'Scaffold'>): Promise<Template> {
    return {
      _id: scaffold._id,
      title: scaffold.title,
      supports: await this.supportsOf(scaffold._id),
      isTemplate: scaffold.data.isTemplate === true,
    };
  }

  /** GET /api/communities/{communityId}/templates: the community's active template scaffolds, in the community's scaffold order (members). */
  async templates(user: UserDocument, communityId: string): Promise<Template[]> {
    const reader = await this.reader.reader(user, communityId);
    const ids = reader.grant.community.scaffolds;
    const docs = await this.reader.byIds(this.reader.contributions, ids);
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    const found = ids
      .map((id) => byId.get(id))
      .filter(
        (doc): doc is OfType<ContributionDocument, 'Scaffold'> =>
          isOfType(doc, 'Scaffold') && doc.status === 'active' && doc.communityId === communityId && doc.data.isTemplate === true,
      );
    return Promise.all(found.map((doc) => this.toTemplate(doc)));
  }

  /** PUT /api/scaffolds/{scaffoldId}/template: marks a scaffold as a template or not (managers of its community). */
  async setTemplate(user: UserDocument, scaffoldId: string, isTemplate: boolean): Promise<Template> {
    const scaffold = await this.reader.contributions.get(scaffoldId);
    if (!scaffold || scaffold.type !== 'Scaffold') throw new NotFoundError(msg('templates.notAScaffold'));
    const reader = await this.reader.reader(user, scaffold.communityId);
    if (!reader.grant.isManager) throw new ForbiddenError(msg('community.managerOnly'));
    await this.settle([await this.run(scaffoldId, [{ type: 'SetScaffoldTemplate', data: { isTemplate } }], this.metadata(user))]);
    const saved = await this.reader.contributions.get(scaffoldId);
    if (!isOfType(saved, 'Scaffold')) throw new NotFoundError(msg('templates.notAScaffold'));
    return this.toTemplate(saved);
  }

  /** A contribution the reader may read in its community (404 otherwise). */
  private async readable(reader: Reader, id: string, field: string): Promise<ContributionDocument> {
    const doc = await this.reader.contributions.get(id);
    if (!doc || doc.status === 'inactive') throw new NotFoundError(msg('canvasService.contributionNotFound'));
    if (doc.communityId !== reader.grant.community._id) throw ValidationError.field(field, msg('canvasService.otherCommunity'));
    if (!canRead(reader.subject, accessObject(doc, await this.reader.membersOf(doc)))) {
      throw new NotFoundError(msg('canvasService.contributionNotFound'));
    }
    return doc;
  }

  /**
   * POST /api/contributions/{communityId}/fromtemplate: a new (unsaved) note of
   * the caller, its body the template's supports, `data.template` naming the
   * template; a `buildson` link to `buildsOn`; a ref in `viewId` at the
   * parent's ref +100,+100 (a free spot from there; from 100,100 when the parent
   * is not in that view). Without a view, the ref goes beside the parent in
   * every view holding it that the caller may edit, as a build-on does.
   */
  async fromTemplate(user: UserDocument, communityId: string, body: FromTemplateBody): Promise<CreateContributionReply> {
    const me = await this.reader.reader(user, communityId);
    const authorId = me.grant.author?._id;
    if (!authorId) throw new ForbiddenError(msg('community.notMember'));
    const template = await this.reader.contributions.get(body.templateId);
    if (
      !template ||
      template.type !== 'Scaffold' ||
      template.communityId !== communityId ||
      template.status !== 'active' ||
      template.data.isTemplate !== true
    ) {
      throw ValidationError.field('templateId', msg('templates.notATemplate'));
    }
    let view: ContributionDocument | null = null;
    if (body.viewId) {
      const candidate = await this.reader.contributions.get(body.viewId);
      if (!candidate || candidate.type !== 'View' || candidate.status !== 'active' || candidate.communityId !== communityId) {
        throw ValidationError.field('viewId', msg('templates.notAView'));
      }
      const access = await this.reader.viewAccess(user, candidate._id);
      if (!access.editable) throw new ForbiddenError(msg('canvas.cannotEditView'));
      view = candidate;
    }
    const parent = body.buildsOn ? await this.readable(me, body.buildsOn, 'buildsOn') : null;
    const { permission, group } = inherited(parent, view);
    const { ids } = this.deps;
    const noteId = ids.next();
    const metadata = this.metadata(user);
    const supports = await this.supportsOf(template._id);
    const commands: ContributionCommand[] = [
      {
        type: 'CreateContribution',
        data: {
          contributionId: noteId,
          communityId,
          type: 'Note',
          title: '',
          status: 'unsaved',
          permission,
          authors: [authorId],
          group,
          data: { body: templateBody(supports), template: template._id },
        },
      },
    ];
    const buildsonId = parent ? ids.next() : null;
    if (parent && buildsonId) {
      commands.push({ type: 'CreateLink', data: { linkId: buildsonId, to: parent._id, type: 'buildson', data: {} } });
    }
    const positions = [await this.run(noteId, commands, metadata)];

    const refIds: string[] = [];
    const place = async (viewId: string, parentRef: LinkDocument | undefined) => {
      const refs = await this.reader.refsOfView(viewId);
      const start = parentRef
        ? { x: toRefData(parentRef.data).x + templateOffset, y: toRefData(parentRef.data).y + templateOffset }
        : defaultPosition;
      const spot = findFreeSpot(
        refs.map((ref) => ({ ...toRefData(ref.data) })),
        start,
      );
      const linkId = ids.next();
      positions.push(
        await this.run(viewId, [{ type: 'CreateLink', data: { linkId, to: noteId, type: 'contains', data: spot } }], metadata),
      );
      refIds.push(linkId);
    };
    if (view) {
      const parentRef = parent ? (await this.reader.refsOfView(view._id)).find((ref) => ref.to === parent._id) : undefined;
      await place(view._id, parentRef);
    } else if (parent) {
      const parentRefs = await this.reader.links.find({ to: parent._id, type: 'contains' });
      const views = await this.reader.byIds(this.reader.contributions, [...new Set(parentRefs.map((ref) => ref.from))]);
      const members = await this.reader.groupMembers(views);
      for (const holder of views) {
        if (holder.type !== 'View' || holder.status !== 'active' || holder.communityId !== communityId) continue;
        // Only where the author may add contributions (issue 20 §10), as a plain build-on: never in a view they may only read.
        if (!canWrite(me.subject, accessObject(holder, holder.group ? (members.get(holder.group) ?? []) : []))) continue;
        await place(
          holder._id,
          parentRefs.find((ref) => ref.from === holder._id),
        );
      }
    }
    await this.settle(positions);
    const doc = await this.reader.contributions.get(noteId);
    if (!doc) throw new NotFoundError(msg('canvasService.contributionNotFound'));
    const refs = await this.reader.byIds(this.reader.links, refIds);
    const buildson = buildsonId ? await this.reader.links.get(buildsonId) : null;
    return {
      contribution: toContribution(doc),
      refs: refIds
        .map((id) => refs.find((ref) => ref._id === id))
        .filter((ref): ref is LinkDocument => ref !== undefined)
        .map(toLink),
      buildson: buildson ? toLink(buildson) : null,
    };
  }
}

/** Permission of the new note: private (with its group) under a private parent or view, else protected (as a build-on). */
const inherited = (
  parent: ContributionDocument | null,
  view: ContributionDocument | null,
): { permission: Permission; group: string | null } => {
  if (parent?.permission === 'private') return { permission: 'private', group: parent.group };
  if (view?.permission === 'private') return { permission: 'private', group: view.group };
  return { permission: 'protected', group: null };
};
