import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, NotFoundError, ServiceUnavailableError, UnauthorizedError } from '../../core/errors.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { AccountService } from '../accounts/accountService.ts';
import { infrastructureFailure } from './errors.ts';
import { sessionProblem, sessionTokenId, SessionsSeen, tokenExpiry, type TokenPayload } from './session.ts';
import { summariseUserAgent } from './userAgent.ts';
import { msg } from '../../../contracts/messageCodes.ts';

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
    /**
     * Issues a token and records its session (issue 17 §4: the user's sessions list);
     * with `replacing`, the token rotates: that one's session continues under the new token and it is refused from now on.
     */
    openSession: (user: UserDocument, request: FastifyRequest, replacing?: TokenPayload) => Promise<string>;
    /** When each session was last seen by this API node (coarse: updated at most once a minute). */
    sessionsSeen: SessionsSeen;
  }
  interface FastifyRequest {
    currentUser: UserDocument;
    /** The verified token of the request (after `authenticate`). */
    session: TokenPayload;
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
    app.decorateRequest('session', null as unknown as TokenPayload);

    // Each token has its own id, so logging out ends that session only.
    app.decorate('issueToken', (user: UserDocument) => app.jwt.sign({ sub: user._id, iatMs: Date.now(), jti: randomUUID() }));

    const seen = new SessionsSeen();
    app.decorate('sessionsSeen', seen);

    app.decorate('openSession', async (user: UserDocument, request: FastifyRequest, replacing?: TokenPayload) => {
      const token = app.issueToken(user);
      const payload = app.jwt.decode<TokenPayload>(token);
      const session = {
        tokenId: payload?.jti ?? '',
        expiresAt: tokenExpiry(payload),
        userAgent: summariseUserAgent(request.headers['user-agent']),
        address: request.ip,
      };
      if (replacing) {
        await options.accounts.refreshSession(user._id, { tokenId: sessionTokenId(replacing), expiresAt: tokenExpiry(replacing) }, session);
      } else {
        await options.accounts.startSession(user._id, session);
      }
      seen.touch(session.tokenId, Date.now());
      return token;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw new UnauthorizedError();
      }
      let user: UserDocument;
      try {
        user = await options.accounts.getUser(payload.sub);
      } catch (error) {
        if (error instanceof NotFoundError) throw new UnauthorizedError();
        // The read store failing is an outage, not a reason to log everybody out (issue 22 §5).
        throw infrastructureFailure(error) ?? new ServiceUnavailableError('read store', 5, { cause: error });
      }
      const problem = sessionProblem(user, payload);
      if (problem) throw new UnauthorizedError(problem);
      request.currentUser = user;
      request.session = payload;
      seen.touch(sessionTokenId(payload), Date.now());
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.currentUser.role !== 'admin') throw new ForbiddenError(msg('messages.adminOnly'));
    });
  },
  { name: 'buildon-auth' },
);
