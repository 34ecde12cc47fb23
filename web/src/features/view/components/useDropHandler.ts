import { useCallback } from 'react';
import { contributionIdsDragType } from '../../../../../contracts/api/search.ts';
import { CONTRIBUTION_DRAG_TYPE, parseContributionDrag, type ContributionDragData } from '../../../lib/dragData.ts';
import type { Point } from '../canvas/model.ts';
import { viewLinkDragType } from '../panels/ViewLinksPanel.tsx';
import { newNoteDragType } from '../toolbar/Toolbar.tsx';

export type DropHandlers = {
  newNote: (at: Point) => void;
  viewLink: (viewId: string, at: Point) => void;
  /** Search results (fact sheet §10.4 `objectIds:`): a ref to each. */
  contributions?: (ids: string[], at: Point) => void;
  /** One contribution from search results or promising ideas (issue 16 §1): a ref to it, if of this community. */
  contribution?: (contribution: ContributionDragData, at: Point) => void;
  files: (files: File[], at: Point) => void;
  url: (url: string, at: Point) => void;
  unsupported: () => void;
};

/** The ids of a search-results drag: a JSON array of 24-hex ids (at most 50), else none. */
const parseIds = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? [...new Set(value.filter((id): id is string => typeof id === 'string' && /^[0-9a-f]{24}$/.test(id)))].slice(0, 50)
      : [];
  } catch {
    return [];
  }
};

const isUrl = (text: string): boolean => /^https?:\/\/\S+$/i.test(text.trim());

/** What was dropped (fact sheet §10.4): the new-note button, a view link, files, a URL; else 'not supported'. */
export const classifyDrop = (
  data: Pick<DataTransfer, 'types' | 'getData' | 'files'>,
):
  | { kind: 'newNote' }
  | { kind: 'viewLink'; viewId: string }
  | { kind: 'contributions'; ids: string[] }
  | { kind: 'contribution'; contribution: ContributionDragData }
  | { kind: 'files'; files: File[] }
  | { kind: 'url'; url: string }
  | { kind: 'unsupported' } => {
  const types = Array.from(data.types);
  if (types.includes(newNoteDragType)) return { kind: 'newNote' };
  if (types.includes(viewLinkDragType)) {
    const viewId = data.getData(viewLinkDragType);
    if (/^[0-9a-f]{24}$/.test(viewId)) return { kind: 'viewLink', viewId };
  }
  if (types.includes(CONTRIBUTION_DRAG_TYPE)) {
    const contribution = parseContributionDrag(data.getData(CONTRIBUTION_DRAG_TYPE));
    return contribution ? { kind: 'contribution', contribution } : { kind: 'unsupported' };
  }
  if (types.includes(contributionIdsDragType)) {
    const ids = parseIds(data.getData(contributionIdsDragType));
    if (ids.length > 0) return { kind: 'contributions', ids };
  }
  if (data.files.length > 0) return { kind: 'files', files: Array.from(data.files) };
  const uri = types.includes('text/uri-list')
    ? data
        .getData('text/uri-list')
        .split('\n')
        .find((l) => l && !l.startsWith('#'))
    : undefined;
  const text = uri ?? (types.includes('text/plain') ? data.getData('text/plain') : '');
  if (text && isUrl(text)) return { kind: 'url', url: text.trim() };
  return { kind: 'unsupported' };
};

export const useDropHandler = (handlers: DropHandlers) =>
  useCallback(
    (data: DataTransfer, at: Point) => {
      const drop = classifyDrop(data);
      switch (drop.kind) {
        case 'newNote':
          return handlers.newNote(at);
        case 'viewLink':
          return handlers.viewLink(drop.viewId, at);
        case 'contributions':
          return handlers.contributions ? handlers.contributions(drop.ids, at) : handlers.unsupported();
        case 'contribution':
          return handlers.contribution ? handlers.contribution(drop.contribution, at) : handlers.unsupported();
        case 'files':
          return handlers.files(drop.files, at);
        case 'url':
          return handlers.url(drop.url, at);
        default:
          return handlers.unsupported();
      }
    },
    [handlers],
  );
