import { afterAll } from 'vitest';
import { aiSettings } from '../../services/integrations/ai/aiSettings.ts';
import { fakeChatCompletionsEnv, startFakeChatCompletions } from '../support/fakeChatCompletions.ts';
import { buildTestApp, testRateLimits } from '../support/testApp.ts';
import { aiRows } from './contentAuthorization.ai.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * Writing help and its log × pupil, classmate, manager of another class, stranger, anonymous, a
 * manager of the class, an admin and a researcher (rows in contentAuthorization.ai.ts), with the
 * chat server played by a local protocol fake (tests/support/fakeChatCompletions.ts).
 */
const fake = await startFakeChatCompletions();
afterAll(async () => fake.close());

const { run } = await matrix('writing help authorization (issue 18 §3; spec part 1 §7)', () =>
  buildTestApp({ ai: aiSettings(fakeChatCompletionsEnv(fake)), userRateLimits: { ...testRateLimits, aiRequestsPerMinute: 1_000 } }),
);

run(aiRows);
