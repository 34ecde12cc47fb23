import type { ViewTreeNode, ViewTreeReply } from '../../../../contracts/api/canvas.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { accessObject, canRead } from '../../../domain/access/permissions.ts';
import type { CanvasReader } from '../canvasReader.ts';

/**
 * GET /api/communities/{communityId}/viewtree: the registered views the caller
 * may read at the top (those not inside another listed view), each with the
 * views its `contains` refs hold below it.
 */
export const viewTree = async (loader: CanvasReader, user: UserDocument, communityId: string): Promise<ViewTreeReply> => {
  const reader = await loader.reader(user, communityId);
  const views = await loader.contributions.find({ communityId, type: 'View', status: 'active' });
  const members = await loader.groupMembers(views);
  const readable = new Map(
    views
      .filter((view) => canRead(reader.subject, accessObject(view, view.group ? (members.get(view.group) ?? []) : [])))
      .map((view) => [view._id, view]),
  );
  const edges = readable.size > 0 ? await loader.links.find({ from: { $in: [...readable.keys()] }, type: 'contains' }) : [];
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const edge of edges.sort((a, b) => a.created.localeCompare(b.created))) {
    if (!readable.has(edge.to) || edge.to === edge.from) continue;
    const list = children.get(edge.from) ?? [];
    if (!list.includes(edge.to)) list.push(edge.to);
    children.set(edge.from, list);
    hasParent.add(edge.to);
  }
  const registered = reader.grant.community.views;
  const registeredSet = new Set(registered);
  const build = (id: string, path: Set<string>): ViewTreeNode | null => {
    const view = readable.get(id);
    if (!view) return null;
    const next = new Set(path).add(id);
    return {
      _id: id,
      title: view.title,
      permission: view.permission,
      registered: registeredSet.has(id),
      children: (children.get(id) ?? [])
        .filter((child) => !next.has(child))
        .map((child) => build(child, next))
        .filter((node): node is ViewTreeNode => node !== null),
    };
  };
  const roots = registered.filter((id) => readable.has(id) && !hasParent.has(id));
  // A registered view inside a cycle of views would otherwise vanish: list it at the top.
  const reachable = new Set<string>();
  const mark = (id: string) => {
    if (reachable.has(id)) return;
    reachable.add(id);
    for (const child of children.get(id) ?? []) mark(child);
  };
  roots.forEach(mark);
  for (const id of registered) {
    if (readable.has(id) && !reachable.has(id)) {
      roots.push(id);
      mark(id);
    }
  }
  return { nodes: roots.map((id) => build(id, new Set())).filter((node): node is ViewTreeNode => node !== null) };
};
