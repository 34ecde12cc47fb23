import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readFileSync } from 'node:fs';
import { ChangeLogQuery, ChangeLogReply, VersionReply } from '../../../../contracts/api/meta.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { loadChangeLog, type ChangeLogEntry } from './changeLog.ts';

const root = new URL('../../../../', import.meta.url);
/** The version in package.json: /api/version and the OpenAPI document both say it. */
export const packageVersion = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;

/** The languages docs/whats-new.<lang>.md is written in. */
const whatsNewLanguages = ['fr', 'en'] as const;

/** GET /api/version and /api/changeLog, for the navbar dialogs. */
const metaRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
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
};

export default metaRoutes;
