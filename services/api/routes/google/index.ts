import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema, problemResponses } from '../../../../contracts/api/common.ts';
import {
  GoogleAddPermissionBody,
  GoogleAddPermissionReply,
  GoogleCallbackQuery,
  GoogleCreateBody,
  GoogleCreateReply,
  GoogleExportBody,
  GoogleExportReply,
  GoogleImportBody,
  GoogleImportReply,
  GoogleListBody,
  GoogleListReply,
  GoogleOAuthUrlBody,
  GoogleOAuthUrlReply,
  GoogleStatusBody,
  GoogleStatusReply,
} from '../../../../contracts/api/google.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { NotFoundError, ValidationError } from '../../../core/errors.ts';
import type { GoogleClient } from '../../../integrations/google/googleClient.ts';
import { googleCallbackPath } from '../../../integrations/google/googleSettings.ts';
import { importFromDrive } from '../../google/driveImport.ts';
import { listDriveFiles } from '../../google/driveList.ts';
import { GoogleAccounts } from '../../google/googleAccounts.ts';
import { GoogleDocs } from '../../google/googleDocs.ts';

const tags = ['google'];
const responses = { ...problemResponses, 413: ProblemSchema, 503: ProblemSchema };

/**
 * Google Docs / Drive (issue 18 §6), at the paths KF6 used (spec part 1 §7).
 * Always registered; without BUILDON_GOOGLE_CLIENT_ID/_SECRET checkStatus
 * answers `configured: false` and the others 404 "not configured". Every
 * call is for the signed-in user: KF6's `userName` in the body is ignored.
 */
const googleRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; secret: string; client: GoogleClient | null }> = async (
  app,
  { services, secret, client },
) => {
  const deps = {
    ...services.commandDeps,
    access: services.access,
    objects: services.objects,
    canvas: services.canvas,
    reader: services.canvasReader,
  };
  const accounts = client ? new GoogleAccounts({ ...deps, client, secret, once: services.onceStore }) : null;
  const docs = client && accounts ? new GoogleDocs({ ...deps, client, accounts }) : null;
  const configured = () => {
    if (!client || !accounts || !docs) throw new NotFoundError(msg('google.notConfigured'));
    return { client, accounts, docs };
  };

  app.post(
    '/auth/googleOAuth/checkStatus',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Whether the caller has authorised Google',
        body: GoogleStatusBody,
        response: { 200: GoogleStatusReply, ...responses },
      },
    },
    async (request) => ({ data: accounts ? await accounts.authorised(request.currentUser) : false, configured: accounts !== null }),
  );

  app.post(
    '/auth/googleOAuth/getOAuthUrl',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Google's consent page for the caller, coming back to the view",
        body: GoogleOAuthUrlBody,
        response: { 200: GoogleOAuthUrlReply, ...responses },
      },
    },
    async (request) => {
      const { accounts: configuredAccounts } = configured();
      // The view to come back to must be one the caller reads; else any address could be bounced through.
      await services.canvasReader.viewAccess(request.currentUser, request.body.viewId);
      return { data: configuredAccounts.consentUrl(request.currentUser, request.body.viewId) };
    },
  );

  app.get(
    googleCallbackPath,
    {
      schema: {
        tags,
        summary: "Google's redirect after consent: stores the grant of the user the state names, back to the view",
        querystring: GoogleCallbackQuery,
        response: { ...responses },
      },
    },
    async (request, reply) => {
      const { accounts: configuredAccounts } = configured();
      if (!request.query.code) throw ValidationError.field('code', msg('google.notAuthorised'));
      const { viewId } = await configuredAccounts.complete(request.query.code, request.query.state);
      return reply.redirect(`/view/${viewId}`, 302);
    },
  );

  app.post(
    '/auth/googleFile/create',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Create a Google Doc from a note (title, scaffolds), shared with its co-authors, linked to the note',
        body: GoogleCreateBody,
        response: { 200: GoogleCreateReply, ...responses },
      },
    },
    async (request) => ({ data: await configured().docs.create(request.currentUser, request.body) }),
  );

  app.post(
    '/auth/googleFile/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Bring the note's Google Doc text back into the note as a new version",
        body: GoogleExportBody,
        response: { 200: GoogleExportReply, ...responses },
      },
    },
    async (request) => ({ data: await configured().docs.export(request.currentUser, request.body) }),
  );

  app.post(
    '/auth/googleFile/addPermission',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Share the note's Doc with the caller (who may edit the note), with its creator's grant",
        body: GoogleAddPermissionBody,
        response: { 200: GoogleAddPermissionReply, ...responses },
      },
    },
    async (request) => ({ data: (await configured().docs.addPermission(request.currentUser, request.body)).userId }),
  );

  app.post(
    '/auth/googleFile/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "One page of the caller's Drive files that can be put on the view (plugin googledrive; who may add to the view)",
        body: GoogleListBody,
        response: { 200: GoogleListReply, ...responses },
      },
    },
    async (request) => {
      const { client: driveClient, accounts: driveAccounts } = configured();
      const { viewId, pageToken } = request.body;
      return {
        data: await listDriveFiles({ ...deps, client: driveClient, accounts: driveAccounts }, request.currentUser, {
          viewId,
          pageToken: pageToken ?? null,
        }),
      };
    },
  );

  app.post(
    '/auth/googleFile/import',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Import a Google Drive file onto a view as an attachment (plugin googledrive)',
        body: GoogleImportBody,
        response: { 200: GoogleImportReply, ...responses },
      },
    },
    async (request) => {
      const { client: driveClient, accounts: driveAccounts } = configured();
      const { placement, communityId, fileId } = request.body;
      const result = await importFromDrive({ ...deps, client: driveClient, accounts: driveAccounts }, request.currentUser, {
        communityId,
        fileId,
        ...placement,
      });
      const { version, size, mime, width, height } = result.upload;
      return { data: { attachmentId: result.attachmentId, version, size, mime, width, height } };
    },
  );
};

export default googleRoutes;
