import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import Type from 'typebox';
import { IdParams, ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import {
  AttachmentFileQuery,
  AttachmentVersionParams,
  PlaybackBody,
  PlaybackReplySchema,
  UploadReplySchema,
  VideoCommentBody,
  VideoCommentSchema,
} from '../../../../contracts/api/objects.ts';
import { BuildonError, ValidationError } from '../../../core/errors.ts';
import { inlineImageTypes } from '../../../integrations/media/sniff.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { UploadTooLargeError } from '../../objects/objectService.ts';
import { msg } from '../../../../contracts/messageCodes.ts';

const UploadParams = Type.Object({ communityId: ObjectIdSchema, attachmentId: ObjectIdSchema });
/** `noteId`: the upload comes from this note's attachments tab (an `attach` link note → attachment is added). */
const UploadQuery = Type.Object({ noteId: Type.Optional(ObjectIdSchema) }, { additionalProperties: false });

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback. */
const contentDisposition = (kind: 'inline' | 'attachment', filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/**
 * Attachments: uploads (multipart, field `file`, limit BUILDON_UPLOAD_LIMIT_MB, within the
 * community's share BUILDON_COMMUNITY_QUOTA_MB),
 * downloads for readers or holders of a signed playback link, and time-tagged
 * video comments.
 */
const uploadRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const objects = services.objects;
  const uploadLimitBytes = objects.uploadLimitBytes;
  const uploadUrl = '/api/upload/:communityId/:attachmentId';

  // Issue 20 §12: an upload sent as anything but multipart (octet-stream, a form, multipart/mixed) is the client's
  // mistake about the one field: 400 on `file`, as a broken multipart body is. Other routes here keep Fastify's 415.
  app.addContentTypeParser('*', (request, _payload, done) => {
    if (request.routeOptions.url === uploadUrl) done(ValidationError.field('file', msg('objects.malformedUpload')), undefined);
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
  });

  app.post(
    uploadUrl,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['attachments'],
        summary: 'Upload a new version of an attachment (multipart field `file`); the MIME type comes from the content',
        consumes: ['multipart/form-data'],
        params: UploadParams,
        querystring: UploadQuery,
        response: { 201: UploadReplySchema, ...problemResponses, 413: problemResponses[400] },
      },
    },
    async (request, reply) => {
      let bytes: Buffer;
      let filename: string;
      try {
        const file = await request.file({ limits: { fileSize: uploadLimitBytes, files: 1 } });
        if (!file || file.fieldname !== 'file') throw ValidationError.field('file', msg('objects.fileRequired'));
        filename = file.filename;
        bytes = await file.toBuffer();
        // Never store a cut file (issue 20 §12): a truncated stream or more bytes than the limit is a 413.
        if (file.file.truncated || bytes.byteLength > uploadLimitBytes) throw new UploadTooLargeError(uploadLimitBytes);
      } catch (error) {
        if (error instanceof BuildonError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLargeError(uploadLimitBytes);
        // Anything else the multipart parser refuses (no boundary, a body cut off, broken part headers) is the client's: 400.
        throw ValidationError.field('file', msg('objects.malformedUpload'));
      }
      const uploaded = await objects.upload(
        request.currentUser,
        request.params.communityId,
        request.params.attachmentId,
        { filename, bytes },
        request.query.noteId,
      );
      return reply.status(201).send(uploaded);
    },
  );

  // Readers send their bearer token; players and <img> tags use a signed link instead.
  const authenticateUnlessSigned = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as { sig?: string };
    if (query.sig === undefined) await app.authenticate(request, reply);
  };

  app.get(
    '/api/attachments/:id/:version',
    {
      preHandler: authenticateUnlessSigned,
      schema: {
        tags: ['attachments'],
        summary: 'The bytes of one version (readers, or a signed link from /playback); never sniffed by the browser',
        params: AttachmentVersionParams,
        querystring: AttachmentFileQuery,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { sig, expires, u } = request.query;
      const link = sig !== undefined ? { sig, expires: expires ?? 0, ...(u !== undefined ? { userId: u } : {}) } : undefined;
      const user = link ? null : request.currentUser;
      const file = await objects.file(user, request.params.id, request.params.version, link);
      const inline = inlineImageTypes.has(file.mime) || file.mime.startsWith('video/') || file.mime.startsWith('audio/');
      return reply
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; sandbox")
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.filename))
        .header('Cache-Control', 'private, max-age=600')
        .type(file.mime)
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    '/api/attachments/:id/playback',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['attachments'],
        summary: 'A signed link to play (or show) a version without a token; it expires after 600 s',
        params: IdParams,
        body: Type.Optional(PlaybackBody),
        response: { 200: PlaybackReplySchema, ...problemResponses },
      },
    },
    async (request) => objects.playbackLink(request.currentUser, request.params.id, request.body?.version),
  );

  app.post(
    '/api/attachments/:id/comments',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['attachments'],
        summary: 'A time-tagged comment on a video (readers who are members)',
        params: IdParams,
        body: VideoCommentBody,
        response: { 201: VideoCommentSchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await objects.addVideoComment(request.currentUser, request.params.id, request.body)),
  );

  app.get(
    '/api/attachments/:id/comments',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['attachments'],
        summary: "A video's time-tagged comments, by time",
        params: IdParams,
        response: { 200: Type.Array(VideoCommentSchema), ...problemResponses },
      },
    },
    async (request) => objects.videoComments(request.currentUser, request.params.id),
  );
};

export default uploadRoutes;
