import type { Kf6Contribution, Kf6LinkCache } from '../../../../contracts/api/kf6.ts';
import { withServableBodies } from '../../../../contracts/noteSchema.ts';
import type { ContributionDocument } from '../../../../projections/contributions/documents.ts';
import { docToKf6Html } from './html.ts';

const isDoc = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';

/**
 * A contribution as the original's server sends it (KObject): the document
 * itself, every ProseMirror body in `data` (the note's, each language's)
 * rendered as KF6 HTML. Only ever called with documents the caller may read.
 */
export const toKf6Contribution = async (doc: ContributionDocument): Promise<Kf6Contribution> => {
  const data: Record<string, unknown> = {};
  const servable = withServableBodies({ ...(doc.data as Record<string, unknown>) });
  for (const [key, value] of Object.entries(servable)) data[key] = isDoc(value) ? await docToKf6Html(value) : value;
  // An attachment's `versions` (storage keys, files of earlier states) are Buildon's: the original's data is the current file only.
  if (doc.type === 'Attachment') delete data.versions;
  // A KF6 note always has an HTML body ('' when empty): KBDeX converts every note's `data.body` and skips the note otherwise.
  if (doc.type === 'Note' && typeof data.body !== 'string') data.body = '';
  return {
    _id: doc._id,
    communityId: doc.communityId,
    type: doc.type,
    title: doc.title,
    status: doc.status,
    permission: doc.permission,
    authors: [...doc.authors],
    group: doc.group ?? null,
    created: doc.created,
    modified: doc.modified,
    data,
    keywords: [...(doc.keywords ?? [])],
    wordCount: doc.wordCount ?? 0,
    text4search: doc.text4search ?? '',
    langInNote: [...(doc.langInNote ?? [])],
    ...(typeof data.body === 'string' ? { body: data.body } : {}),
  };
};

/** KF6's `_from`/`_to` cache of a contribution (fact sheet §1.5): no body, no data beyond the markers. */
export const toKf6Cache = (doc: ContributionDocument): Kf6LinkCache => {
  const source = doc.data as Record<string, unknown>;
  const markers: Record<string, string> = {};
  if (source.riseabove) markers.riseabove = 'riseabove';
  if (source.promisingContains) markers.promisingContains = 'promisingContains';
  return {
    _id: doc._id,
    type: doc.type,
    title: doc.title,
    status: doc.status,
    created: doc.created,
    modified: doc.modified,
    authors: [...doc.authors],
    group: doc.group ?? null,
    permission: doc.permission,
    data: markers,
  };
};
