import type { ViewLink, ViewRef } from '../../../../contracts/api/views.ts';
import type { AuthorDocument } from '../../../../projections/authors/index.ts';
import type { ContributionDocument, LinkDocument } from '../../../../projections/contributions/index.ts';
import { readState } from '../../../../projections/reads/index.ts';
import { accessObject, canRead, membersOfGroup } from '../../../domain/access/permissions.ts';
import { arrowLinkTypes } from '../../../domain/links/linkRules.ts';
import { toRefData } from '../../../domain/view/refData.ts';
import { isOnCanvas, shapeRefTarget } from '../../../domain/view/refTarget.ts';
import { authorName, type CanvasReader, type Reader } from '../canvasReader.ts';

/** Everything the `_to` of refs needs, fetched once for many refs (no request per ref). */
type Lookups = {
  targets: Map<string, ContributionDocument>;
  groups: Map<string, ContributionDocument>;
  authors: Map<string, AuthorDocument>;
  /** Support ids each note uses (its `supports` links), by note id. */
  supports: Map<string, string[]>;
  /** The notes holding a promising idea (empty while the community's plugin is off). */
  promising: Set<string>;
};

/**
 * `outLinks`: the build-on, reference and supports links starting at the
 * targets, when the caller already has them (the canvas load fetches them
 * once for the supports and the arrows).
 */
const lookups = async (
  loader: CanvasReader,
  links: readonly LinkDocument[],
  promisingOn: boolean,
  outLinks?: readonly LinkDocument[],
): Promise<Lookups> => {
  const targetIds = [...new Set(links.map((link) => link.to))];
  const targetDocs = await loader.byIds(loader.contributions, targetIds);
  const groupIds = [...new Set(targetDocs.map((doc) => doc.group).filter((id): id is string => typeof id === 'string'))];
  const authorIds = [...new Set(targetDocs.flatMap((doc) => doc.authors))];
  const noteIds = targetDocs.filter((doc) => doc.type === 'Note').map((doc) => doc._id);
  const [groupDocs, authorDocs, supportLinks, promising] = await Promise.all([
    loader.byIds(loader.contributions, groupIds),
    loader.byIds(loader.authors, authorIds),
    outLinks ? outLinks.filter((link) => link.type === 'supports') : loader.linksFrom(noteIds, ['supports']),
    promisingOn ? loader.promisingHolders(noteIds) : new Set<string>(),
  ]);
  const supports = new Map<string, string[]>();
  for (const link of supportLinks) {
    const list = supports.get(link.from);
    if (!list) supports.set(link.from, [link.to]);
    else if (!list.includes(link.to)) list.push(link.to);
  }
  return {
    targets: new Map(targetDocs.map((doc) => [doc._id, doc])),
    groups: new Map(groupDocs.map((doc) => [doc._id, doc])),
    authors: new Map(authorDocs.map((doc) => [doc._id, doc])),
    supports,
    promising,
  };
};

/** Whether `reader` sees `target` on a canvas now: on the community's canvases and readable. */
const visible = (reader: Reader, target: ContributionDocument | undefined, found: Lookups): target is ContributionDocument => {
  if (!target || !isOnCanvas(target, reader.grant.community._id)) return false;
  const members = target.group ? membersOfGroup(found.groups.get(target.group)) : [];
  return canRead(reader.subject, accessObject(target, members));
};

/**
 * The refs among `links` (contains links of views) that each reader may see,
 * with their `_to` shaped for that reader (`shapeRefTarget`). One batch of
 * lookups for all readers: the canvas load asks for one, live push for every
 * subscriber of a view.
 */
export const refsFor = async (
  loader: CanvasReader,
  readers: readonly Reader[],
  links: readonly LinkDocument[],
  outLinks?: readonly LinkDocument[],
): Promise<ViewRef[][]> => {
  if (links.length === 0 || readers.length === 0) return readers.map(() => []);
  // The readers of one call are all of one community (one view's), so of one plugin setting.
  const promisingOn = readers.some((reader) => reader.context.plugins.promisingnessidea === true);
  const found = await lookups(loader, links, promisingOn, outLinks);
  return Promise.all(
    readers.map(async (reader) => {
      const visibleLinks = links.filter((link) => visible(reader, found.targets.get(link.to), found));
      const reads = await loader.readsOf(reader.authorId, [...new Set(visibleLinks.map((link) => link.to))]);
      const names = (id: string): string => {
        const author = found.authors.get(id);
        return author ? authorName(author, reader.lastNameFirst) : '';
      };
      return visibleLinks.map((link) => {
        const target = found.targets.get(link.to) as ContributionDocument;
        const group = target.group ? found.groups.get(target.group) : undefined;
        const supports = found.supports.get(target._id);
        return {
          _id: link._id,
          viewId: link.from,
          to: link.to,
          data: toRefData(link.data),
          created: link.created,
          modified: link.modified,
          _to: shapeRefTarget(
            target,
            { authorId: reader.authorId, userId: reader.user._id },
            {
              authorName: names,
              groupTitle: group ? group.title : null,
              read: readState(reads.get(target._id), target.modified),
              holdsPromisingIdea: found.promising.has(target._id),
              ...(supports ? { supports } : {}),
              imageUrl: (url, version) => loader.signedImageUrl(url, target._id, version, reader.user._id),
            },
          ),
        };
      });
    }),
  );
};

/** Build-on and reference links whose both ends are among `contributionIds`. */
export const arrowsAmong = async (
  loader: CanvasReader,
  contributionIds: readonly string[],
  outLinks?: readonly LinkDocument[],
): Promise<ViewLink[]> => {
  if (contributionIds.length === 0) return [];
  const ids = new Set(contributionIds);
  const arrowTypes: readonly string[] = arrowLinkTypes;
  const found = outLinks
    ? outLinks.filter((link) => arrowTypes.includes(link.type) && ids.has(link.from))
    : await loader.linksFrom([...ids], arrowLinkTypes);
  return found.filter((link) => ids.has(link.to)).map((link) => ({ _id: link._id, from: link.from, to: link.to, type: link.type }));
};
