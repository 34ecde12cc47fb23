import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { Kf6SaveBody } from '../../../../contracts/api/kf6.ts';
import { ObjectSchema, type ObjectReply } from '../../../../contracts/api/objects.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { NoteBody } from '../../../../contracts/noteSchema.ts';
import { ValidationError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { withResponse, type RouteAdapter } from './adapt.ts';
import { docToKf6Html, kf6HtmlToDoc } from './html.ts';

/** Buildon's object reply; to a KF6 save, `data.body` (and `body`) as HTML. */
export const Kf6ObjectReply = Type.Object({ ...ObjectSchema.properties, body: Type.Optional(Type.String()) });

/** The original's save: the whole object, no `revision` (Buildon's always has one). */
export const isKf6Save = (body: unknown): body is Kf6SaveBody =>
  typeof body === 'object' &&
  body !== null &&
  (body as { revision?: unknown }).revision === undefined &&
  typeof (body as { data?: unknown }).data === 'object';

type Json = { type?: string; attrs?: Record<string, unknown>; content?: Json[] };

/**
 * KF6 writes a support's markers with the id of its `supports` link once the
 * note was contributed; Buildon's node names the support. Such ids are
 * turned back into the support they link (only links of this note).
 */
const resolveSupportLinks = async (services: AppServices, noteId: string, doc: NoteBody): Promise<NoteBody> => {
  const nodes: Json[] = [];
  const walk = (node: Json) => {
    if (node.type === 'support') nodes.push(node);
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc as Json);
  for (const node of nodes) {
    const id = node.attrs?.supportId as string;
    const link = await services.canvasReader.links.get(id);
    if (!link || link.type !== 'supports' || (link.from !== noteId && link.to !== noteId)) continue;
    const supportId = typeof link.data.supportId === 'string' ? link.data.supportId : link.from === noteId ? link.to : link.from;
    node.attrs = { ...node.attrs, supportId, linkId: link._id };
  }
  return doc;
};

export const kf6Reply = async (reply: ObjectReply) => {
  const data = { ...(reply.data as Record<string, unknown>) };
  if (data.body !== undefined) data.body = await docToKf6Html(data.body);
  return { ...reply, data, ...(typeof data.body === 'string' ? { body: data.body } : {}) };
};

/**
 * `PUT /api/objects/{communityId}/{id}` with the original's whole object:
 * title, `data.body` HTML (sanitised, parsed), `data.svg`, keywords, status,
 * permission. Saved last-writer-wins (the original had no revision) through
 * Buildon's save, so it is still an event, checked by the same write rule.
 */
const saveKf6 = async (services: AppServices, request: FastifyRequest, communityId: string, id: string, body: Kf6SaveBody) => {
  const user = request.currentUser;
  const current = await services.objects.get(user, id);
  if (current.communityId !== communityId) throw ValidationError.field('communityId', msg('errors.fieldInvalid', { field: 'communityId' }));
  const html = body.data?.body;
  let doc: NoteBody | undefined;
  if (current.type === 'Note') {
    try {
      doc = typeof html === 'string' ? await kf6HtmlToDoc(html) : (current.data.body as NoteBody | undefined);
    } catch {
      throw ValidationError.field('data.body', msg('errors.fieldInvalid', { field: 'data.body' }));
    }
    if (doc) doc = await resolveSupportLinks(services, id, doc);
  }
  const keywords = Array.isArray(body.keywords) ? body.keywords.join('; ') : body.keywords;
  const status = body.status === 'active' || body.status === 'inactive' ? body.status : undefined;
  let saved = await services.objects.save(user, communityId, id, {
    revision: current.revision,
    title: body.title ?? current.title,
    ...(doc ? { body: doc } : {}),
    ...(keywords !== undefined ? { keywords } : {}),
    ...(current.type === 'Drawing' ? { svg: typeof body.data?.svg === 'string' ? body.data.svg : String(current.data.svg ?? '') } : {}),
    ...(status && status !== current.status ? { status } : {}),
  });
  if (body.permission !== undefined && (body.permission !== saved.permission || (body.group ?? null) !== saved.group)) {
    saved = await services.objects.changePermission(user, communityId, id, { permission: body.permission, group: body.group ?? null });
  }
  return kf6Reply(saved);
};

export const objectSaveAdapter = (services: AppServices): RouteAdapter => ({
  method: 'PUT',
  url: '/api/objects/:communityId/:id',
  body: { schema: Kf6SaveBody, is: isKf6Save },
  adapt: (route, handler) => ({
    schema: withResponse(route, 200, Kf6ObjectReply),
    handler: async (request, reply) => {
      if (!isKf6Save(request.body)) return handler(request, reply);
      const { communityId, id } = request.params as { communityId: string; id: string };
      return saveKf6(services, request, communityId, id, request.body);
    },
  }),
});
