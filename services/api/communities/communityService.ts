import {
  defaultViewSetting,
  noteColours,
  pluginFlags,
  type CommunityAdmin,
  type CommunityInfo,
  type CommunitySettings,
  type CommunitySummary,
  type ContextData,
  type Group,
  type Scaffold,
  type ViewSummary,
} from '../../../contracts/api/communities.ts';
import { authorStreamName } from '../../../contracts/events/author.ts';
import { communityStreamName, type CommunityEvent } from '../../../contracts/events/community.ts';
import { contributionStreamName, type ContributionCreated, type ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { EventMetadata, RecordedEvent } from '../../../contracts/events/event.ts';
import { defaultScaffolds, hiddenCourseCommunityTitle, welcomeViewTitle } from '../../../contracts/messages.ts';
import { authorsCollectionName, authorsProjection, type AuthorDocument } from '../../../projections/authors/index.ts';
import { communitiesCollectionName, communitiesProjection, type CommunityDocument } from '../../../projections/communities/index.ts';
import {
  contributionsCollectionName,
  contributionsProjection,
  linksCollectionName,
  linksFrom,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { handleCommands, streamCommand, type StreamCommand } from '../../core/atomicCommand.ts';
import { handleCommand, type CommandResult } from '../../core/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { OnceStore } from '../../core/onceStore.ts';
import type { ProjectionContext } from '../../core/projection.ts';
import { authorDecider } from '../../domain/author/author.ts';
import { checkCommunityFields, communityDecider, type CommunityCommand } from '../../domain/community/community.ts';
import { batchDecider } from '../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import type { CommandDeps } from '../appServices.ts';
import type { CommunityAccess, CommunityAccessGrant } from './access.ts';
import { authorIdFor } from './authorId.ts';
import { actingAuthor } from './authorReply.ts';
import { eventMetadata, waitForPositions } from './commandSupport.ts';
import { isLanguageCode } from '../../../contracts/multilanguage.ts';
import { msg } from '../../../contracts/messageCodes.ts';

export type CommunityServiceDeps = CommandDeps & {
  access: CommunityAccess;
  /** Remembers recent creations: a double submit must not create two communities. */
  once: OnceStore;
  /** Runs a read-model repair between two event applications (ProjectionRunner.exclusive / position). */
  runner: { exclusive<T>(fn: () => T | Promise<T>): Promise<T>; readonly position: number };
};

/** A second creation with the same title by the same admin within this time is refused (409). */
export const duplicateCreationWindowMs = 5_000;

/** Messages of these routes that the spec does not fix (kept in contracts, where they get their codes). */
export { CommunityServiceMessages } from '../../../contracts/serviceMessages.ts';

/** Every setting of a new community: plugins off, colours off, the default view setting. */
export const defaultContextData = (): ContextData => ({
  plugins: Object.fromEntries(pluginFlags.map((flag) => [flag, false])) as ContextData['plugins'],
  colours: Object.fromEntries(noteColours.map((colour) => [colour, { enabled: false, label: '' }])) as ContextData['colours'],
  features: { preventOverlap: false },
  freemode: false,
  flipname: false,
  hideUserNameInAuthorSelector: false,
  viewSetting: { ...defaultViewSetting },
  defaultLang: '',
  languages: [],
  settings: { itmServer: '', kbdexServer: '', kbdacServer: '' },
});

export const toCommunitySummary = (doc: CommunityDocument): CommunitySummary => ({
  _id: doc._id,
  title: doc.title,
  archived: doc.archived,
  created: doc.created,
});

/** What members see: never the keys. */
export const toCommunityInfo = (doc: CommunityDocument): CommunityInfo => ({
  ...toCommunitySummary(doc),
  rootContextId: doc.rootContextId,
  views: [...doc.views],
  scaffolds: [...doc.scaffolds],
  lang: doc.lang,
  ownerUserId: doc.ownerUserId,
});

/** Admins only. */
export const toCommunityAdmin = (doc: CommunityDocument): CommunityAdmin => ({
  ...toCommunityInfo(doc),
  registrationKey: doc.registrationKey,
  managerRegistrationKey: doc.managerRegistrationKey,
});

const toViewSummary = (doc: ContributionDocument): ViewSummary => ({
  _id: doc._id,
  communityId: doc.communityId,
  title: doc.title,
  created: doc.created,
  modified: doc.modified,
  permission: doc.permission,
  status: doc.status,
});

const toGroup = (doc: ContributionDocument): Group => ({
  _id: doc._id,
  communityId: doc.communityId,
  title: doc.title,
  status: doc.status,
  members: Array.isArray(doc.data.members) ? doc.data.members.filter((m): m is string => typeof m === 'string') : [],
  created: doc.created,
});

/**
 * Read rule of fact sheet §3.1: managers (and admins) read everything; anyone
 * in the community reads protected and public objects; private ones only
 * their authors and group members.
 */
const canRead = (grant: CommunityAccessGrant, doc: ContributionDocument, groupMembers: string[] = []): boolean => {
  if (grant.isManager || doc.permission !== 'private') return true;
  const me = grant.author?._id;
  return me !== undefined && (doc.authors.includes(me) || groupMembers.includes(me));
};

const serverAddressFields = ['itmServer', 'kbdexServer', 'kbdacServer'] as const;

/** '' or an http(s) URL without its trailing '/'; anything else is refused naming the field. */
const normaliseServerAddress = (field: string, value: string): string => {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  let url: URL | null = null;
  try {
    url = new URL(trimmed);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw ValidationError.field(field, msg('communityService.serverAddress'));
  }
  return trimmed.replace(/\/+$/, '');
};

/**
 * Use cases of communities, their settings (the root context), views, groups
 * and scaffolds. Every change is a command on an event stream; every method
 * that changes something returns once the read models show it.
 */
export class CommunityService {
  constructor(private readonly deps: CommunityServiceDeps) {}

  private get communities() {
    return this.deps.readStore.collection<CommunityDocument>(communitiesCollectionName);
  }
  private get authors() {
    return this.deps.readStore.collection<AuthorDocument>(authorsCollectionName);
  }
  private get contributions() {
    return this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
  }
  private get links() {
    return this.deps.readStore.collection<LinkDocument>(linksCollectionName);
  }

  private metadata(actorId: string | null, correlationId?: string): EventMetadata {
    return eventMetadata(this.deps.clock, actorId, correlationId);
  }

  private contribution(contributionId: string, commands: ContributionCommand[], metadata: EventMetadata) {
    return handleCommand(this.deps.eventStore, contributionStreamName(contributionId), batchDecider(contributionDecider), commands, {
      metadata,
    });
  }

  private community(communityId: string, command: CommunityCommand, metadata: EventMetadata) {
    return handleCommand(this.deps.eventStore, communityStreamName(communityId), communityDecider, command, { metadata });
  }

  private settle(results: CommandResult<unknown, ContributionEvent | CommunityEvent>[]): Promise<void> {
    return waitForPositions(
      this.deps.projections,
      results.map((result) => result.lastPosition),
    );
  }

  // ---- communities ------------------------------------------------------------

  /** The join list: every community, the design-experiments course for admins only. */
  async list(user: UserDocument): Promise<CommunitySummary[]> {
    const all = await this.communities.find({}, { sort: { title: 1 } });
    return all.filter((c) => user.role === 'admin' || c.title !== hiddenCourseCommunityTitle).map(toCommunitySummary);
  }

  /**
   * Creates a community in one call: its root context, the view 'Bienvenue',
   * the default scaffolds with their supports (offered by the editor through
   * `uses` links of the root context) and the creator as manager. The parts
   * are written first and stay invisible until `CommunityCreated` names them.
   */
  async create(
    admin: UserDocument,
    input: { title: string; registrationKey: string; managerRegistrationKey: string },
  ): Promise<CommunityAdmin> {
    if (admin.role !== 'admin') throw new ForbiddenError();
    const checked = checkCommunityFields(input);
    const title = checked.title ?? input.title;
    const claimed = await this.deps.once.claim(`community-create:${admin._id}:${title.toLowerCase()}`, duplicateCreationWindowMs);
    if (!claimed) throw new ConflictError(msg('communityService.duplicateCreation'));

    const { ids } = this.deps;
    const communityId = ids.next();
    const metadata = this.metadata(admin._id, communityId);
    const creatorAuthorId = authorIdFor(communityId, admin._id);
    const rootContextId = ids.next();
    const viewId = ids.next();
    const scaffolds = defaultScaffolds.map((scaffold) => ({
      id: ids.next(),
      title: scaffold.title,
      supports: scaffold.supports.map((supportTitle) => ({ id: ids.next(), title: supportTitle })),
    }));
    const base = (
      contributionId: string,
      type: ContributionCreated['data']['type'],
      permission: ContributionCreated['data']['permission'],
      itemTitle: string,
      data: Record<string, unknown> = {},
    ): ContributionCommand => ({
      type: 'CreateContribution',
      data: {
        contributionId,
        communityId,
        type,
        title: itemTitle,
        status: 'active',
        permission,
        authors: [creatorAuthorId],
        group: null,
        data,
      },
    });

    // Every part and CommunityCreated in one atomic append (issue 22 §4): no half-made community after a crash.
    const contributions = batchDecider(contributionDecider);
    const parts: StreamCommand[] = [
      streamCommand(contributionStreamName(rootContextId), contributions, [
        base(rootContextId, 'Context', 'protected', `Community Setting: ${title}`, defaultContextData()),
        ...scaffolds.map((scaffold, index): ContributionCommand => ({
          type: 'CreateLink',
          data: { linkId: ids.next(), to: scaffold.id, type: 'uses', data: { order: index + 1 } },
        })),
      ]),
      streamCommand(contributionStreamName(viewId), contributions, [base(viewId, 'View', 'public', welcomeViewTitle)]),
    ];
    for (const scaffold of scaffolds) {
      for (const support of scaffold.supports) {
        parts.push(
          streamCommand(contributionStreamName(support.id), contributions, [base(support.id, 'Support', 'protected', support.title)]),
        );
      }
      parts.push(
        streamCommand(contributionStreamName(scaffold.id), contributions, [
          base(scaffold.id, 'Scaffold', 'protected', scaffold.title),
          ...scaffold.supports.map((support, order): ContributionCommand => ({
            type: 'CreateLink',
            data: { linkId: ids.next(), to: support.id, type: 'contains', data: { order } },
          })),
        ]),
      );
    }
    parts.push(
      streamCommand(authorStreamName(creatorAuthorId), authorDecider, {
        type: 'JoinCommunity',
        data: {
          authorId: creatorAuthorId,
          communityId,
          userId: admin._id,
          role: 'manager',
          userName: admin.userName,
          firstName: admin.firstName,
          lastName: admin.lastName,
          email: admin.email,
          via: 'creator',
        },
      }),
      streamCommand(communityStreamName(communityId), communityDecider, {
        type: 'CreateCommunity',
        data: {
          communityId,
          title,
          registrationKey: checked.registrationKey ?? input.registrationKey,
          managerRegistrationKey: checked.managerRegistrationKey ?? input.managerRegistrationKey,
          createdBy: admin._id,
          rootContextId,
          viewIds: [viewId],
          scaffoldIds: scaffolds.map((s) => s.id),
        },
      }),
    );
    const committed = await handleCommands(this.deps.eventStore, parts, { metadata });
    await waitForPositions(this.deps.projections, [committed.lastPosition]);
    return toCommunityAdmin(await this.deps.access.community(communityId));
  }

  /** CommunityAdmin for admins, CommunityInfo (no keys) for members. */
  async get(user: UserDocument, communityId: string): Promise<CommunityInfo | CommunityAdmin> {
    const grant = await this.deps.access.member(user, communityId);
    return grant.isAdmin ? toCommunityAdmin(grant.community) : toCommunityInfo(grant.community);
  }

  /** Community editor save (admins). */
  async update(
    admin: UserDocument,
    communityId: string,
    changes: { title?: string; registrationKey?: string; managerRegistrationKey?: string; archived?: boolean },
  ): Promise<CommunityAdmin> {
    if (admin.role !== 'admin') throw new ForbiddenError();
    await this.deps.access.community(communityId);
    const result = await this.community(communityId, { type: 'UpdateCommunity', data: changes }, this.metadata(admin._id));
    await this.settle([result]);
    return toCommunityAdmin(await this.deps.access.community(communityId));
  }

  /** Registered views that are active and readable by the caller, in registration order. */
  async views(user: UserDocument, communityId: string): Promise<ViewSummary[]> {
    const grant = await this.deps.access.member(user, communityId);
    const docs = await this.contributions.find({ _id: { $in: grant.community.views }, type: 'View', status: 'active' });
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return grant.community.views
      .map((id) => byId.get(id))
      .filter((doc): doc is ContributionDocument => doc !== undefined && doc.communityId === communityId && canRead(grant, doc))
      .map(toViewSummary);
  }

  /** The view page: the view, its community, my membership and whether I may edit the view. */
  async viewPage(user: UserDocument, viewId: string) {
    const view = await this.contributions.get(viewId);
    if (!view || view.type !== 'View') throw new NotFoundError(msg('community.viewNotFound'));
    let grant: CommunityAccessGrant;
    try {
      grant = await this.deps.access.member(user, view.communityId);
    } catch (error) {
      // A view whose community is not (yet) committed does not exist.
      if (error instanceof NotFoundError) throw new NotFoundError(msg('community.viewNotFound'));
      throw error;
    }
    const group = view.group ? await this.contributions.get(view.group) : null;
    const groupMembers = group ? toGroup(group).members : [];
    if (!canRead(grant, view, groupMembers)) throw new ForbiddenError();
    const me = actingAuthor(grant, user);
    const editable = grant.isManager || view.permission === 'public' || view.authors.includes(me._id) || groupMembers.includes(me._id);
    return {
      view: toViewSummary(view),
      community: grant.isAdmin ? toCommunityAdmin(grant.community) : toCommunityInfo(grant.community),
      me,
      editable,
    };
  }

  // ---- settings and scaffolds -------------------------------------------------------

  private async rootContext(community: CommunityDocument): Promise<ContributionDocument> {
    const context = await this.contributions.get(community.rootContextId);
    if (!context || context.type !== 'Context') throw new NotFoundError(msg('errors.communitySettingsNotFound'));
    return context;
  }

  private async settingsOf(community: CommunityDocument): Promise<CommunitySettings> {
    const context = await this.rootContext(community);
    const uses = await linksFrom(this.links, context._id, 'uses');
    return {
      contextId: context._id,
      // Older or partial data is completed with the defaults, so every screen reads one shape.
      data: { ...defaultContextData(), ...(context.data as Partial<ContextData>) },
      scaffoldIds: uses.map((link) => link.to),
    };
  }

  async settings(user: UserDocument, communityId: string): Promise<CommunitySettings> {
    const grant = await this.deps.access.member(user, communityId);
    return this.settingsOf(grant.community);
  }

  /**
   * Saves the community settings (managers): replaces the root context's data,
   * makes its `uses` links match `scaffoldIds` in order, and copies the default
   * language to the community when it changed.
   */
  async saveSettings(
    user: UserDocument,
    communityId: string,
    input: { data: ContextData; scaffoldIds: string[] },
  ): Promise<CommunitySettings> {
    const grant = await this.deps.access.manager(user, communityId);
    const { community } = grant;
    const data: ContextData = {
      ...input.data,
      defaultLang: input.data.defaultLang.trim(),
      settings: Object.fromEntries(
        serverAddressFields.map((field) => [field, normaliseServerAddress(`data.settings.${field}`, input.data.settings[field])]),
      ) as ContextData['settings'],
    };
    if (data.plugins.multilanguage && !data.defaultLang) {
      throw ValidationError.field('data.defaultLang', msg('community.defaultLanguageRequired'));
    }
    // Language codes become keys of notes' data (data[lang], data[lang + '_title']): only codes.
    if (data.defaultLang && !isLanguageCode(data.defaultLang)) {
      throw ValidationError.field('data.defaultLang', msg('multilanguage.invalidCode'));
    }
    if (!data.languages.every(isLanguageCode)) throw ValidationError.field('data.languages', msg('multilanguage.invalidCode'));
    if (new Set(input.scaffoldIds).size !== input.scaffoldIds.length) {
      throw ValidationError.field('scaffoldIds', msg('community.scaffoldInUse'));
    }
    const scaffolds = await this.contributions.find({ _id: { $in: input.scaffoldIds } });
    const known = new Set(scaffolds.filter((s) => s.type === 'Scaffold' && s.communityId === communityId).map((s) => s._id));
    if (input.scaffoldIds.some((id) => !known.has(id))) throw ValidationError.field('scaffoldIds', msg('communityService.unknownScaffold'));

    const context = await this.rootContext(community);
    const uses = await linksFrom(this.links, context._id, 'uses');
    const commands: ContributionCommand[] = [{ type: 'ChangeContextSettings', data: { data } }];
    const wanted = new Map(input.scaffoldIds.map((id, index) => [id, index + 1]));
    const linked = new Set<string>();
    for (const link of uses) {
      const order = wanted.get(link.to);
      if (order === undefined || linked.has(link.to)) commands.push({ type: 'DeleteLink', data: { linkId: link._id } });
      else {
        linked.add(link.to);
        commands.push({ type: 'UpdateLink', data: { linkId: link._id, data: { order } } });
      }
    }
    for (const [scaffoldId, order] of wanted) {
      if (!linked.has(scaffoldId)) {
        commands.push({ type: 'CreateLink', data: { linkId: this.deps.ids.next(), to: scaffoldId, type: 'uses', data: { order } } });
      }
    }
    const metadata = this.metadata(user._id);
    const results: CommandResult<unknown, ContributionEvent | CommunityEvent>[] = [
      await this.contribution(context._id, commands, metadata),
    ];
    if (data.defaultLang && data.defaultLang !== community.lang) {
      results.push(await this.community(communityId, { type: 'ChangeCommunityLanguage', data: { lang: data.defaultLang } }, metadata));
    }
    await this.settle(results);
    return this.settingsOf(await this.deps.access.community(communityId));
  }

  /** Registered, active scaffolds with their supports in order. */
  async scaffolds(user: UserDocument, communityId: string): Promise<Scaffold[]> {
    const grant = await this.deps.access.member(user, communityId);
    const ids = grant.community.scaffolds;
    const docs = await this.contributions.find({ _id: { $in: ids }, type: 'Scaffold', status: 'active', communityId });
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    const result: Scaffold[] = [];
    for (const id of ids) {
      const scaffold = byId.get(id);
      if (!scaffold) continue;
      const contains = await linksFrom(this.links, id, 'contains');
      const supports = await this.contributions.find({ _id: { $in: contains.map((link) => link.to) }, status: 'active' });
      const supportById = new Map(supports.map((s) => [s._id, s]));
      result.push({
        _id: id,
        title: scaffold.title,
        supports: contains.flatMap((link) => {
          const support = supportById.get(link.to);
          return support
            ? [{ _id: support._id, title: support.title, order: typeof link.data.order === 'number' ? link.data.order : 0 }]
            : [];
        }),
      });
    }
    return result;
  }

  // ---- groups ---------------------------------------------------------------------

  async groups(user: UserDocument, communityId: string): Promise<Group[]> {
    await this.deps.access.member(user, communityId);
    const docs = await this.contributions.find({ communityId, type: 'Group', status: 'active' }, { sort: { created: 1, _id: 1 } });
    return docs.map(toGroup);
  }

  private async group(communityId: string, groupId: string): Promise<ContributionDocument> {
    const group = await this.contributions.get(groupId);
    if (!group || group.type !== 'Group' || group.communityId !== communityId) {
      throw new NotFoundError(msg('communityService.groupNotFound'));
    }
    return group;
  }

  private async changeGroup(user: UserDocument, communityId: string, groupId: string, command: ContributionCommand): Promise<Group> {
    await this.deps.access.manager(user, communityId);
    await this.group(communityId, groupId);
    await this.settle([await this.contribution(groupId, [command], this.metadata(user._id))]);
    return toGroup(await this.group(communityId, groupId));
  }

  /** A new group (managers); its creator is the first member when a member of the community. */
  async createGroup(user: UserDocument, communityId: string, title: string): Promise<Group> {
    const grant = await this.deps.access.manager(user, communityId);
    const groupId = this.deps.ids.next();
    const me = grant.author?._id;
    const result = await this.contribution(
      groupId,
      [
        {
          type: 'CreateContribution',
          data: {
            contributionId: groupId,
            communityId,
            type: 'Group',
            title,
            status: 'active',
            permission: 'protected',
            authors: me ? [me] : [],
            group: null,
            data: { members: me ? [me] : [] },
          },
        },
      ],
      this.metadata(user._id),
    );
    await this.settle([result]);
    return toGroup(await this.group(communityId, groupId));
  }

  /** Removal keeps the group, inactive (spec §4). */
  removeGroup(user: UserDocument, communityId: string, groupId: string): Promise<Group> {
    return this.changeGroup(user, communityId, groupId, { type: 'ChangeContributionStatus', data: { status: 'inactive' } });
  }

  async addGroupMember(user: UserDocument, communityId: string, groupId: string, authorId: string): Promise<Group> {
    await this.deps.access.manager(user, communityId);
    const author = await this.authors.get(authorId);
    if (!author || author.communityId !== communityId) throw ValidationError.field('authorId', msg('communityService.notAMember'));
    return this.changeGroup(user, communityId, groupId, { type: 'AddGroupMember', data: { authorId } });
  }

  removeGroupMember(user: UserDocument, communityId: string, groupId: string, authorId: string): Promise<Group> {
    return this.changeGroup(user, communityId, groupId, { type: 'RemoveGroupMember', data: { authorId } });
  }

  // ---- maintenance --------------------------------------------------------------------

  /**
   * "Update all cache" (admins): folds again, from the event store, every
   * stream of this community — the community, its authors, its contributions
   * and their links — into fresh read-model documents. Runs between two live
   * event applications, replaying only what the projections have already
   * applied (later events reach the documents the usual way).
   */
  async updateAllCache(admin: UserDocument, communityId: string): Promise<{ events: number }> {
    if (admin.role !== 'admin') throw new ForbiddenError();
    const { eventStore, readStore } = this.deps;
    const { currentRevision } = await eventStore.readStream(communityStreamName(communityId), { maxCount: 1 });
    if (currentRevision === null) throw new NotFoundError(msg('errors.communityNotFound'));

    // Streams whose events name this community (the others events of those streams follow).
    const streams = new Set<string>([communityStreamName(communityId)]);
    for (let after = 0; ;) {
      const batch = await eventStore.readAll({ after, maxCount: 5_000 });
      for (const event of batch) {
        const data = event.data as { communityId?: unknown };
        if (data.communityId === communityId) streams.add(event.streamName);
        after = event.globalPosition;
      }
      if (batch.length < 5_000) break;
    }

    const projections = [communitiesProjection, authorsProjection, contributionsProjection];
    const context: ProjectionContext = { collection: (name) => readStore.collection(name) };
    return this.deps.runner.exclusive(async () => {
      const limit = this.deps.runner.position;
      const events: RecordedEvent[] = [];
      for (const stream of streams) events.push(...(await eventStore.readStream(stream)).events);
      const replay = events.filter((event) => event.globalPosition <= limit).sort((a, b) => a.globalPosition - b.globalPosition);
      await this.communities.delete(communityId);
      await this.authors.deleteMany({ communityId });
      await this.contributions.deleteMany({ communityId });
      await this.links.deleteMany({ communityId });
      let applied = 0;
      for (const event of replay) {
        for (const projection of projections) {
          if (projection.handles.includes(event.type)) await projection.apply(event, context);
        }
        applied++;
      }
      return { events: applied };
    });
  }
}
