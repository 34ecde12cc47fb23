import { parseCorsOrigins } from './routes/kf6/cors.ts';

/**
 * The settings of the HTTP layer, from the configuration's environment (the
 * process's variables over `buildon.env`'s): read here and handed to
 * `buildApp`, so a setting written in the file counts as one in the
 * environment does (the server once read these four from the process only).
 */
export const httpSettings = (env: NodeJS.ProcessEnv) => ({
  publicUrl: env.BUILDON_PUBLIC_URL ?? '',
  corsOrigins: parseCorsOrigins(env.BUILDON_CORS_ORIGINS),
  securityContact: env.BUILDON_SECURITY_CONTACT ?? '',
  trustProxy: env.BUILDON_TRUST_PROXY === '1',
});
