import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { TranslateInput, TranslateReply, TranslateStatusReply } from '../../../../contracts/api/translate.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { Translator } from '../../../integrations/translate/translator.ts';
import { translateText } from '../../translate/translateText.ts';

const tags = ['translate'];
const responses = { ...problemResponses, 503: ProblemSchema };

/**
 * Translation (issue 18 §4) at KF6's path (spec part 1 §7): GET
 * /api/translate?text&language answers `{responseDesc, text}`; POST takes the
 * same fields as a body (a long note does not fit an address). For any
 * signed-in user, counted against the per-user translation limit
 * (BUILDON_TRANSLATIONS_PER_MINUTE). Always registered: without
 * BUILDON_TRANSLATE_URL both answer 404 "not configured" (as Google's routes
 * do), and /api/translate/status says `configured: false` so that the
 * contribution window hides its buttons.
 */
const translateRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; translator: Translator | null }> = async (
  app,
  { translator },
) => {
  const translate = async ({ text, language }: TranslateInput) => {
    if (!translator) throw new NotFoundError(msg('translate.notConfigured'));
    return { responseDesc: 'Success', text: await translateText(translator, text, language) };
  };

  app.get(
    '/api/translate/status',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Whether this server translates notes', response: { 200: TranslateStatusReply, ...responses } },
    },
    async () => ({ configured: translator !== null }),
  );

  app.get(
    '/api/translate',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Translate a text into a language (KF6): in chunks of 4,900 characters, the source detected',
        querystring: TranslateInput,
        response: { 200: TranslateReply, ...responses },
      },
    },
    async (request) => translate(request.query),
  );

  app.post(
    '/api/translate',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Translate a text into a language, the text in the body (for texts too long for an address)',
        body: TranslateInput,
        response: { 200: TranslateReply, ...responses },
      },
    },
    async (request) => translate(request.body),
  );
};

export default translateRoutes;
