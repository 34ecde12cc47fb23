import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses, ProblemSchema } from '../../../../contracts/api/common.ts';
import { TokenReply } from '../../../../contracts/api/users.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { NotFoundError, ServiceUnavailableError, UnauthorizedError } from '../../../core/errors.ts';
import { LdapUnavailableError, type LdapDirectory } from '../../../integrations/ldap/ldapDirectory.ts';
import type { FailureLimiter } from '../../plugins/failureLimiter.ts';

export type LdapRoutesOptions = {
  services: AppServices;
  directory: LdapDirectory | null;
  loginRateLimit: { max: number; timeWindow: number };
  failedLogins: FailureLimiter;
};

/**
 * The institutional login (issue 18 §2) at the original's path, `POST
 * /auth/idul {username, password}`, against the configured LDAP directory
 * (services/integrations/ldap/ldapDirectory.ts): search as the service
 * account, bind as the entry found. The person's user is found, linked or
 * created by the same rules as OpenID Connect (externalSignIn.ts: the entry
 * is the identity; its `mail` joins an existing account, the directory being
 * the school's own, unless BUILDON_LDAP_MAIL_VERIFIED=false), and the reply is a session token as `/auth/local`'s,
 * with the same limits on attempts. Without settings: 404 "not configured".
 */
const ldapRoutes: FastifyPluginAsyncTypebox<LdapRoutesOptions> = async (app, { services, directory, loginRateLimit, failedLogins }) => {
  app.post(
    '/auth/idul',
    {
      schema: {
        tags: ['auth'],
        summary: 'Institutional login through the LDAP directory: search, then bind as the entry found',
        body: Type.Object({ username: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 1024 }) }),
        response: { 200: TokenReply, ...problemResponses, 503: ProblemSchema },
      },
      config: {
        rateLimit: {
          max: loginRateLimit.max,
          timeWindow: loginRateLimit.timeWindow,
          keyGenerator: (request) => {
            const userName = (request.body as { username?: unknown } | undefined)?.username;
            return `idul:${request.ip}:${typeof userName === 'string' ? userName.toLowerCase() : ''}`;
          },
        },
      },
    },
    async (request) => {
      if (!directory) throw new NotFoundError(msg('errors.institutionalLoginOff'));
      const address = `ip:${request.ip}`;
      failedLogins.check(address);
      let identity;
      try {
        identity = await directory.authenticate(request.body.username.trim(), request.body.password);
      } catch (error) {
        if (!(error instanceof LdapUnavailableError)) throw error;
        request.log.warn({ err: error.cause instanceof Error ? error.cause.message : 'unknown' }, 'LDAP directory failed');
        throw new ServiceUnavailableError('ldap', 30, { cause: error, message: msg('sso.unavailable') });
      }
      if (!identity) {
        failedLogins.fail(address);
        throw new UnauthorizedError(msg('sso.ldapLoginFailed'));
      }
      // The directory is the school's own: its `mail` counts as verified for linking, unless the operator says otherwise.
      const emailVerified = identity.email !== null && directory.settings.mailVerified;
      const { user } = await services.accounts.signInExternal({ kind: 'ldap', emailVerified, ...identity });
      return { token: await app.openSession(user, request) };
    },
  );
};

export default ldapRoutes;
