import { isOfType } from '../../../../contracts/contributionData.ts';
import type { CurrentVersion, ObjectReply, SaveObjectBody } from '../../../../contracts/api/objects.ts';
import { contributionStreamName, type ContributionEvent } from '../../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../../contracts/events/event.ts';
import { readsStreamName, type ReadMarked } from '../../../../contracts/events/read.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { translationsOf } from '../../../../contracts/multilanguage.ts';
import { plainTextOf, withServableBodies } from '../../../../contracts/noteSchema.ts';
import { personName } from '../../../../contracts/personName.ts';
import type { ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ConcurrencyError, ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import {
  keywordsOnSave,
  lastContentEvent,
  noteIndex,
  plainTitle,
  saveRevisionCheck,
  statusSetBySave,
} from '../../../domain/contribution/save.ts';
import { lastNameFirstIn } from '../../authors/nameOrder.ts';
import type { CommunityAccessGrant } from '../../communities/access.ts';
import { objectCollections, subjectOf, writable, type ObjectServiceDeps } from '../objectAccess.ts';
import { mayDeactivate } from '../../../domain/contribution/ownership.ts';
import { objectMetadata, runOnObject } from '../objectCommands.ts';
import { EditConflictError } from '../objectErrors.ts';
import { toObjectReply } from '../objectReply.ts';
import { checkNodes, noteLanguages, parsedBody, sanitizedDrawing } from './noteContent.ts';
import { checkedDescription } from '../../../domain/contribution/description.ts';

/** The version now stored, for the other side of a conflict. */
const currentVersion = async (
  deps: ObjectServiceDeps,
  grant: CommunityAccessGrant,
  id: string,
  events: RecordedEvent<ContributionEvent>[],
  revision: number,
): Promise<CurrentVersion> => {
  const { contributions, users } = objectCollections(deps);
  const stored = await contributions.get(id);
  const note = isOfType(stored, 'Note') ? { ...stored, data: withServableBodies(stored.data) } : null;
  const drawing = isOfType(stored, 'Drawing') ? stored : null;
  const actorId = lastContentEvent(events)?.metadata.actorId ?? null;
  const actor = actorId ? await users.get(actorId) : null;
  return {
    title: stored?.title ?? '',
    ...(note && typeof note.data.body === 'object' && note.data.body !== null ? { body: note.data.body } : {}),
    ...(drawing && typeof drawing.data.svg === 'string' ? { svg: drawing.data.svg } : {}),
    ...(note && note.langInNote && note.langInNote.length > 0 ? { translations: translationsOf(note) } : {}),
    keywords: stored?.keywords ?? [],
    revision,
    modified: stored?.modified ?? '',
    modifiedBy: actor ? { userId: actor._id, name: personName(actor, await lastNameFirstIn(deps.readStore, grant.community)) } : null,
  };
};

/**
 * Appends `commands` unless the content changed after `loadedRevision`: a
 * favourite, a permission change or a link since then does not conflict.
 */
const saveFrom = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  grant: CommunityAccessGrant,
  id: string,
  loadedRevision: number,
  commands: ContributionCommand[],
) => {
  for (let attempt = 0; ; attempt++) {
    const { events, currentRevision } = await deps.eventStore.readStream<ContributionEvent>(contributionStreamName(id));
    const head = currentRevision ?? -1;
    const check = saveRevisionCheck(events, loadedRevision, head);
    if (check === 'ahead') throw ValidationError.field('revision', msg('objects.revisionAhead'));
    if (check === 'conflict') throw new EditConflictError(await currentVersion(deps, grant, id, events, head));
    try {
      return await runOnObject(deps, user, id, commands, head);
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      throw error;
    }
  }
};

/**
 * Writing a contribution counts as reading it (issue 21 §11): a pupil's own
 * saved note is not "unread" on their canvas. A read like any other (a
 * `ReadMarked` on the author's reads stream), so analytics and the time
 * machine see it too.
 */
const markReadByWriter = async (deps: ObjectServiceDeps, user: UserDocument, authorId: string, doc: ContributionDocument) => {
  const event: ReadMarked = { type: 'ReadMarked', data: { authorId, communityId: doc.communityId, contributionId: doc._id } };
  const result = await deps.eventStore.append(readsStreamName(authorId), [{ ...event, metadata: objectMetadata(deps, user) }], {
    expectedRevision: 'any',
  });
  await deps.projections.waitFor(result.lastPosition);
};

/** The commands of a note save: body, keywords, translations and the note's index. */
const noteCommand = async (
  deps: ObjectServiceDeps,
  grant: CommunityAccessGrant,
  doc: ContributionDocument,
  title: string,
  input: SaveObjectBody,
): Promise<ContributionCommand> => {
  const languages = input.translations !== undefined ? await noteLanguages(deps, grant, doc.communityId, input.translations) : null;
  if (input.body === undefined) throw ValidationError.field('body', msg('errors.fieldRequired', { field: 'body' }));
  const parsed = parsedBody('body', input.body);
  await checkNodes(deps, doc.communityId, parsed);
  const keywords = keywordsOnSave(input.keywords, doc.keywords);
  return {
    type: 'SaveNote',
    data: {
      title,
      body: parsed.toJSON() as Record<string, unknown>,
      keywords,
      ...noteIndex({ title, text: plainTextOf(parsed), keywords }, languages),
      newId: () => deps.ids.next(),
      ...(languages ? { translations: languages.translations, mainLang: languages.mainLang } : {}),
    },
  };
};

/** PUT /api/objects/{communityId}/{id}: contribute or save a note or a drawing. */
export const saveObject = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  communityId: string,
  id: string,
  input: SaveObjectBody,
): Promise<ObjectReply> => {
  const { doc, grant } = await writable(deps, user, communityId, id);
  const status = statusSetBySave(doc.type, input.status);
  if (status === 'inactive' && !mayDeactivate(subjectOf(grant), doc.authors)) {
    throw new ForbiddenError(msg(doc.type === 'View' ? 'canvasService.cannotDeleteView' : 'canvasService.notYourObject'));
  }
  const title = plainTitle(input.title);
  const hasTranslations = doc.type === 'Note' && input.translations !== undefined && Object.keys(input.translations).length > 0;
  if (!title && !hasTranslations) throw ValidationError.field('title', msg('objects.titleRequired'));
  const commands: ContributionCommand[] = [];
  if (doc.type === 'Note') {
    commands.push(await noteCommand(deps, grant, doc, title, input));
  } else if (doc.type === 'Drawing') {
    if (input.svg === undefined) throw ValidationError.field('svg', msg('errors.fieldRequired', { field: 'svg' }));
    commands.push({ type: 'SaveDrawing', data: { title, svg: sanitizedDrawing(input.svg) } });
  } else {
    commands.push({ type: 'RetitleContribution', data: { title } });
  }
  // A drawing's or an attachment's text alternative (issue 25 §4): absent, unchanged.
  if (input.description !== undefined) {
    commands.push({ type: 'DescribeContribution', data: { description: checkedDescription(doc.type, input.description) } });
  }
  if (status !== null) commands.push({ type: 'ChangeContributionStatus', data: { status } });
  await saveFrom(deps, user, grant, id, input.revision, commands);
  const saved = await objectCollections(deps).contributions.get(id);
  if (!saved) throw new NotFoundError(msg('objects.notFound'));
  if (saved.status === 'active' && grant.author) await markReadByWriter(deps, user, grant.author._id, saved);
  return toObjectReply(deps, saved, grant, saved.revision ?? 0);
};
