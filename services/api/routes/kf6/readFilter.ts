import Type from 'typebox';
import { Kf6LinkCacheSchema } from '../../../../contracts/api/kf6.ts';
import { LinkSchema } from '../../../../contracts/api/canvas.ts';
import { canRead } from '../../../../contracts/permissions.ts';
import type { ContributionDocument, LinkDocument } from '../../../../projections/contributions/documents.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { accessObject, type Reader } from '../../canvas/canvasReader.ts';
import { toKf6Cache } from './shapes.ts';

/** A link as the original's server stores and sends it (KLink), with its `_from`/`_to` caches. */
export const Kf6LinkSchema = Type.Object({
  ...LinkSchema.properties,
  _from: Kf6LinkCacheSchema,
  _to: Kf6LinkCacheSchema,
});

/**
 * The contributions among `docs` that `reader` may read, by id: Buildon's
 * one reading rule (contracts/permissions.ts `canRead`, with group members),
 * only of the reader's community; an annotation only with its note.
 */
export const readableDocs = async (
  services: AppServices,
  reader: Reader,
  docs: readonly ContributionDocument[],
): Promise<Map<string, ContributionDocument>> => {
  const canvas = services.canvasReader;
  const inCommunity = docs.filter((doc) => doc.communityId === reader.grant.community._id);
  const modelIds = inCommunity.flatMap((doc) =>
    doc.type === 'Annotation' && typeof doc.data.modelId === 'string' ? [doc.data.modelId] : [],
  );
  const models = await canvas.byIds(canvas.contributions, [...new Set(modelIds)]);
  const all = [...inCommunity, ...models];
  const groups = await canvas.groupMembers(all);
  const may = (doc: ContributionDocument) =>
    doc.communityId === reader.grant.community._id &&
    canRead(reader.subject, accessObject(doc, doc.group ? (groups.get(doc.group) ?? []) : []));
  const modelById = new Map(models.map((doc) => [doc._id, doc]));
  const shown = new Map<string, ContributionDocument>();
  for (const doc of inCommunity) {
    if (!may(doc)) continue;
    if (doc.type === 'Annotation' && typeof doc.data.modelId === 'string') {
      const model = modelById.get(doc.data.modelId);
      if (!model || !may(model)) continue;
    }
    shown.set(doc._id, doc);
  }
  return shown;
};

/** The reader's community reader (403 to non-members; admins pass). */
export const communityReader = (services: AppServices, user: UserDocument, communityId: string): Promise<Reader> =>
  services.canvasReader.reader(user, communityId);

/**
 * Links as the original sends them, keeping only those whose two ends exist,
 * are in the reader's community and may be read by the reader (so a private
 * note never shows, not even as a title in a cache).
 */
export const kf6Links = async (
  services: AppServices,
  reader: Reader,
  links: readonly LinkDocument[],
  options: { activeEnds?: boolean } = {},
) => {
  const canvas = services.canvasReader;
  const ids = [...new Set(links.flatMap((link) => [link.from, link.to]))];
  const shown = await readableDocs(services, reader, await canvas.byIds(canvas.contributions, ids));
  const seen = new Set<string>();
  return links.flatMap((link) => {
    const from = shown.get(link.from);
    const to = shown.get(link.to);
    if (!from || !to || seen.has(link._id)) return [];
    if (options.activeEnds && (from.status !== 'active' || to.status !== 'active')) return [];
    seen.add(link._id);
    return [
      {
        _id: link._id,
        communityId: link.communityId,
        from: link.from,
        to: link.to,
        type: link.type,
        data: { ...link.data },
        created: link.created,
        modified: link.modified,
        _from: toKf6Cache(from),
        _to: toKf6Cache(to),
      },
    ];
  });
};
