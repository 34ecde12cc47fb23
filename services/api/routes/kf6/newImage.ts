import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { ErrorCode } from '../../../../contracts/errors.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { BuildonError, fieldError, ValidationError } from '../../../core/errors.ts';
import { inlineImageTypes, sniffMime } from '../../../integrations/media/sniff.ts';
import { kf6Reply, Kf6ObjectReply } from './objects.ts';

/**
 * The original's drawing-on-an-image save (`POST /api/upload/newImage`, fact
 * sheet §10.1): the image as a data URL, and the attachment it is a new
 * version of.
 */
export const Kf6NewImageBody = Type.Object({
  data: Type.String({ minLength: 1 }),
  file: Type.Object({
    communityId: ObjectIdSchema,
    _id: ObjectIdSchema,
    name: Type.Optional(Type.String({ maxLength: 255 })),
    version: Type.Optional(Type.Number()),
    type: Type.Optional(Type.String({ maxLength: 100 })),
  }),
});

const dataUrl = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `data` (a base64 data URL, or bare base64 as the original also took): 400 naming `data` otherwise. */
const decodeImage = (data: string): Buffer => {
  const payload = data.replace(dataUrl, '').replace(/\s+/g, '');
  if (payload.length === 0 || payload.length % 4 === 1 || !base64.test(payload)) {
    throw ValidationError.field('data', msg('errors.fieldInvalid', { field: 'data' }));
  }
  return Buffer.from(payload, 'base64');
};

const tooLarge = (limitBytes: number): BuildonError => {
  const message = msg('objects.fileTooLarge', { limit: Math.round((limitBytes / (1024 * 1024)) * 100) / 100 });
  return new BuildonError(message, ErrorCode.validation, 413, [fieldError('data', message)]);
};

/**
 * A new version of an existing attachment, through Buildon's attachment
 * upload (same write rule, size limit, community quota, content sniffing):
 * only an image is taken. The reply is the attachment, as the original's
 * client replaces its copy with it.
 */
const kf6NewImageRoute: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const limit = services.objects.uploadLimitBytes;
  app.post(
    '/api/upload/newImage',
    {
      preHandler: app.authenticate,
      // The image travels as base64 (4 characters per 3 bytes), with room for the rest of the body.
      bodyLimit: Math.ceil(limit / 3) * 4 + 64 * 1024,
      schema: {
        tags: ['kf6', 'attachments'],
        summary: 'KF6: a drawn-on image (data URL) as a new version of an attachment the caller may edit; replies the attachment',
        body: Kf6NewImageBody,
        response: { 200: Kf6ObjectReply, ...problemResponses, 413: problemResponses[400] },
      },
    },
    async (request) => {
      const user = request.currentUser;
      const { communityId, _id: id, name } = request.body.file;
      const current = await services.objects.get(user, id);
      if (current.communityId !== communityId) {
        throw ValidationError.field('file.communityId', msg('errors.fieldInvalid', { field: 'file.communityId' }));
      }
      if (current.type !== 'Attachment') throw ValidationError.field('file._id', msg('objects.notAnAttachment'));
      const bytes = decodeImage(request.body.data);
      if (bytes.byteLength > limit) throw tooLarge(limit);
      if (!inlineImageTypes.has(sniffMime(bytes))) throw ValidationError.field('data', msg('errors.fieldInvalid', { field: 'data' }));
      await services.objects.upload(user, communityId, id, { filename: name || current.title || 'image', bytes });
      // Buildon's object reply: the versions listed are those the caller may fetch, without storage keys.
      return kf6Reply(await services.objects.get(user, id));
    },
  );
};

export default kf6NewImageRoute;
