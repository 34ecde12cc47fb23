import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Messages } from '../../../contracts/messages.ts';
import { ForbiddenError, UnauthorizedError } from '../../core/errors.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { AccountService } from '../accounts/accountService.ts';

type TokenPayload = { sub: string; iatMs: number };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requires a valid bearer token of an active user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: `authenticate`, then the global admin role. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Issues a bearer token for a user. */
    issueToken: (user: UserDocument) => string;
  }
  interface FastifyRequest {
    currentUser: UserDocument;
  }
}

export type AuthOptions = {
  secret: string;
  accounts: AccountService;
  /** Token lifetime, e.g. '12h'. */
  tokenTtl: string;
};

/**
 * Bearer-token authentication. Every request re-reads the user, so a blocked
 * user or a changed password takes effect at once, not at token expiry.
 */
export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(jwt, { secret: options.secret, sign: { expiresIn: options.tokenTtl } });

    app.decorateRequest('currentUser', null as unknown as UserDocument);

    app.decorate('issueToken', (user: UserDocument) => app.jwt.sign({ sub: user._id, iatMs: Date.now() }));

    app.decorate('authenticate', async (request: FastifyRequest) => {
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw new UnauthorizedError();
      }
      const user = await options.accounts.getUser(payload.sub).catch(() => null);
      if (!user) throw new UnauthorizedError();
      if (user.blockLogin) throw new UnauthorizedError(Messages.loginBlocked);
      if (user.tokensValidAfter && payload.iatMs < Date.parse(user.tokensValidAfter)) {
        throw new UnauthorizedError('Your session has ended. Please log in again.');
      }
      request.currentUser = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.currentUser.role !== 'admin') throw new ForbiddenError(Messages.adminOnly);
    });
  },
  { name: 'buildon-auth' },
);
