import type { ViewRef } from './model.ts';

/** Refs for the canvas's unit tests: ref n points at contribution id(n) and sits at (10n, 10n) unless told otherwise. */
export const id = (n: number) => n.toString(16).padStart(24, '0');

export const ref = (
  n: number,
  over: {
    type?: string;
    authors?: string[];
    x?: number;
    y?: number;
    created?: string;
    title?: string;
    riseabove?: boolean;
    fixed?: boolean;
    draggable?: boolean;
  } = {},
): ViewRef => ({
  _id: id(1000 + n),
  viewId: id(1),
  to: id(n),
  data: {
    x: over.x ?? 10 * n,
    y: over.y ?? 10 * n,
    ...(over.fixed ? { fixed: true } : {}),
    ...(over.draggable === false ? { draggable: false } : {}),
  },
  created: over.created ?? '2025-01-10T10:00:00.000Z',
  modified: '2025-01-10T10:00:00.000Z',
  _to: {
    _id: id(n),
    type: over.type ?? 'Note',
    title: over.title ?? `Note ${n}`,
    status: 'active',
    permission: 'protected',
    authors: over.authors ?? [id(500)],
    authorNames: ['A'],
    group: null,
    groupTitle: null,
    created: over.created ?? '2025-01-10T10:00:00.000Z',
    modified: '2025-01-10T10:00:00.000Z',
    langInNote: [],
    read: 'unread',
    byMe: false,
    favourite: false,
    riseaboveViewId: over.riseabove ? id(9999) : null,
    promising: false,
  },
});
