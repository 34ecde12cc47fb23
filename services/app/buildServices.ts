import { AccountService } from '../api/accounts/accountService.ts';
import { argon2Hasher, type PasswordHasher } from '../api/accounts/passwords.ts';
import { AuthorService } from '../api/authors/authorService.ts';
import { CanvasReader } from '../api/canvas/canvasReader.ts';
import { CanvasService } from '../api/canvas/canvasService.ts';
import { CommunityAccess } from '../api/communities/access.ts';
import { CommunityService } from '../api/communities/communityService.ts';
import { HelpService } from '../api/help/helpService.ts';
import { ObjectService } from '../api/objects/objectService.ts';
import { CommunityQuota } from '../api/objects/communityQuota.ts';
import { TimeMachineService } from '../api/timemachine/timeMachineService.ts';
import type { ProjectionRunner } from '../../projections/runner.ts';
import type { BlobStore } from '../core/blobStore.ts';
import { objectIdGenerator, type Clock, type IdGenerator } from '../core/clock.ts';
import type { CommandDeps } from '../core/commandDeps.ts';
import type { EventStore } from '../core/eventStore.ts';
import type { OnceStore } from '../core/onceStore.ts';
import type { ReadStore } from '../core/readStore.ts';
import { smtpMailer } from '../integrations/mail/mailer.ts';
import { AltchaRobotCheck } from '../integrations/robot-check/altchaRobotCheck.ts';
import { RecaptchaRobotCheck } from '../integrations/robot-check/recaptchaRobotCheck.ts';
import type { RobotCheck } from '../integrations/robot-check/robotCheck.ts';
import type { AppServices } from './appServices.ts';
import type { Config } from './config.ts';
import type { AppLog } from './logger.ts';
import { ResearchService } from '../api/research/researchService.ts';
import { acceptingWhenLate, inWriteRequest, RecordingEventStore } from './requestContext.ts';

export type ServiceOptions = {
  log?: AppLog;
  clock: Clock;
  ids?: IdGenerator;
  passwords?: PasswordHasher;
  /** How long a command waits for the read models before answering 202 (default 10 s). */
  readModelWaitMs?: number;
};

/** The use cases, over stores already open. */
export type UseCases = Pick<
  AppServices,
  | 'accounts'
  | 'access'
  | 'communities'
  | 'help'
  | 'authors'
  | 'timeMachine'
  | 'research'
  | 'objects'
  | 'canvasReader'
  | 'canvas'
  | 'commandDeps'
  | 'robotCheck'
> & {
  /** Closes what the use cases opened themselves (the SMTP connection). */
  close: () => Promise<void> | void;
};

/**
 * Wires the use cases (services/api/<feature>) to the stores: the same for
 * the API, the worker and the operator CLI.
 */
export const buildServices = (
  config: Config,
  stores: {
    eventStore: EventStore;
    readStore: ReadStore;
    onceStore: OnceStore;
    blobStore: BlobStore;
    runner: ProjectionRunner;
    secret: string;
    /** Whether readers may fetch documents one at a time (openReadStore.ts). */
    pointLookups: boolean;
  },
  options: ServiceOptions,
): UseCases => {
  const { eventStore, readStore, onceStore, blobStore, runner, secret } = stores;
  const robotCheck: RobotCheck = config.recaptcha
    ? new RecaptchaRobotCheck({ ...config.recaptcha, once: onceStore })
    : new AltchaRobotCheck({ hmacSecret: `altcha:${secret}`, once: onceStore, ...config.altcha });

  // Use cases write through a store that notes what each request created, and wait for the
  // read models with a deadline after which they answer 202 with those ids (issue 22 §5).
  const commandDeps: CommandDeps = {
    eventStore: new RecordingEventStore(eventStore),
    readStore,
    projections: acceptingWhenLate(runner, options.readModelWaitMs),
    clock: options.clock,
    ids: options.ids ?? objectIdGenerator(options.clock),
  };
  const accounts = new AccountService({ ...commandDeps, passwords: options.passwords ?? argon2Hasher });
  const access = new CommunityAccess(readStore, inWriteRequest);
  const communities = new CommunityService({ ...commandDeps, access, once: onceStore, runner });
  const mailer = config.mail.smtpUrl && config.mail.to ? smtpMailer(config.mail.smtpUrl) : null;
  const help = new HelpService({
    ...commandDeps,
    access,
    mail: mailer && config.mail.to ? { mailer, to: config.mail.to, from: config.mail.from } : null,
    log: options.log,
  });
  const authors = new AuthorService({ ...commandDeps, accounts, access });
  const timeMachine = new TimeMachineService({ eventStore, readStore, access });
  const objects = new ObjectService({
    ...commandDeps,
    access,
    blobStore,
    secret,
    uploadLimitBytes: config.uploadLimitMb * 1024 * 1024,
    communityQuota: new CommunityQuota(readStore, config.communityQuotaMb * 1024 * 1024),
  });
  const canvasReader = new CanvasReader({ readStore, access, pointLookups: stores.pointLookups, secret });
  const canvas = new CanvasService({ ...commandDeps, reader: canvasReader });
  const research = new ResearchService({ eventStore, readStore, access, secret, studySecret: config.studySecret });

  return {
    accounts,
    access,
    communities,
    help,
    authors,
    timeMachine,
    objects,
    canvasReader,
    canvas,
    research,
    commandDeps,
    robotCheck,
    close: () => mailer?.close(),
  };
};
