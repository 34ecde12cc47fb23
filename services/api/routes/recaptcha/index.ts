import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { RobotCheckBody, RobotCheckConfigReply, RobotCheckReply } from '../../../../contracts/api/meta.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { msg } from '../../../../contracts/messageCodes.ts';

/**
 * The robot check (spec §7 "Robot check and auth"). The path keeps the
 * original's name although the default provider is ALTCHA.
 */
const recaptchaRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { robotCheck } = services;

  app.get(
    '/api/recaptcha/config',
    { schema: { tags: ['auth'], summary: 'Which robot check is active', response: { 200: RobotCheckConfigReply } } },
    async () => robotCheck.publicConfig(),
  );

  app.get(
    '/api/recaptcha/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh ALTCHA proof-of-work challenge',
        response: { 200: Type.Unknown(), ...problemResponses },
      },
    },
    async (_request, reply) => {
      if (robotCheck.provider !== 'altcha') throw new NotFoundError(msg('errors.noRobotChallenge'));
      void reply.header('cache-control', 'no-store');
      return robotCheck.createChallenge();
    },
  );

  app.post(
    '/api/recaptcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a robot-check solution without using it up: responseCode 0 when valid',
        body: RobotCheckBody,
        response: { 200: RobotCheckReply, ...problemResponses },
      },
    },
    async (request) => {
      const valid = await robotCheck.verify(request.body.gRecaptchaResponse, { consume: false, remoteIp: request.ip });
      return { responseCode: valid ? 0 : 1 };
    },
  );
};

export default recaptchaRoutes;
