import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readFileSync } from 'node:fs';
import { ChangeLogQuery, ChangeLogReply, VersionReply } from '../../../../contracts/api/meta.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { loadChangeLog, type ChangeLogEntry } from './changeLog.ts';
import { securityTxt } from './securityTxt.ts';

const root = new URL('../../../../', import.meta.url);
/** The version in package.json: /api/version and the OpenAPI document both say it. */
export const packageVersion = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;

/** The languages docs/whats-new.<lang>.md is written in. */
const whatsNewLanguages = ['fr', 'en'] as const;

type MetaOptions = {
  services: AppServices;
  /** Where security problems are reported (`BUILDON_SECURITY_CONTACT`); no security.txt without it. */
  securityContact?: string | undefined;
  publicUrl?: string | undefined;
};

/** GET /api/version and /api/changeLog, for the navbar dialogs, and the security contact. */
const metaRoutes: FastifyPluginAsyncTypebox<MetaOptions> = async (app, { services, securityContact, publicUrl }) => {
  // Written once, at start: a wrong address stops the start with the setting's name rather than serve a bad file.
  const security = securityContact ? securityTxt({ contact: securityContact, publicUrl, now: new Date() }) : null;
  // "Nouveautés" tells users what changed for them (issue 21 §13), in their language (French when there is none).
  const whatsNew = new Map<string, ChangeLogEntry[]>(
    whatsNewLanguages.map((lang) => [lang, loadChangeLog(new URL(`docs/whats-new.${lang}.md`, root))]),
  );

  app.get(
    '/api/version',
    { schema: { tags: ['meta'], summary: 'Version and storage kind', response: { 200: VersionReply } } },
    async () => ({
      version: packageVersion,
      kfVersion: '6.11.14',
      node: process.version,
      storage: services.storage,
      readModels: services.runner.readModels,
    }),
  );

  app.get(
    '/api/changeLog',
    {
      schema: {
        tags: ['meta'],
        summary: "What's new for users, in a language",
        querystring: ChangeLogQuery,
        response: { 200: ChangeLogReply },
      },
    },
    async (request) => ({ entries: whatsNew.get(request.query.lang?.split(/[-_]/)[0] ?? 'fr') ?? whatsNew.get('fr') ?? [] }),
  );

  app.get(
    '/.well-known/security.txt',
    {
      schema: {
        tags: ['meta'],
        summary: 'Where to report a security problem (RFC 9116); 404 when the operator set no contact',
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      if (!security) throw new NotFoundError(msg('errors.notFound'));
      return reply.type('text/plain; charset=utf-8').send(security);
    },
  );
};

export default metaRoutes;
