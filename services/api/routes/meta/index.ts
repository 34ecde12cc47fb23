import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readFileSync } from 'node:fs';
import { ChangeLogReply, VersionReply } from '../../../../contracts/api/meta.ts';
import type { AppServices } from '../../appServices.ts';
import { loadChangeLog } from './changeLog.ts';

const root = new URL('../../../../', import.meta.url);
/** The version in package.json: /api/version and the OpenAPI document both say it. */
export const packageVersion = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;

/** GET /api/version and /api/changeLog, for the navbar dialogs. */
const metaRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const changeLog = loadChangeLog(new URL('CHANGELOG.md', root));

  app.get(
    '/api/version',
    { schema: { tags: ['meta'], summary: 'Version and storage kind', response: { 200: VersionReply } } },
    async () => ({ version: packageVersion, kfVersion: '6.11.14', node: process.version, storage: services.storage }),
  );

  app.get(
    '/api/changeLog',
    { schema: { tags: ['meta'], summary: "What's new", response: { 200: ChangeLogReply } } },
    async () => ({ entries: changeLog }),
  );
};

export default metaRoutes;
