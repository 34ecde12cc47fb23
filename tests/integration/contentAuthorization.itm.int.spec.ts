import { afterAll } from 'vitest';
import { startFakeItm } from '../support/fakeItm.ts';
import { buildTestApp } from '../support/testApp.ts';
import { itmRows } from './contentAuthorization.itm.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * ITM's Thread tab × pupil, classmate, manager of another class, stranger, anonymous, a manager
 * of the class, an admin and a researcher (rows in contentAuthorization.itm.ts), with ITM played
 * by a local protocol fake (tests/support/fakeItm.ts).
 */
const fake = await startFakeItm();
afterAll(async () => fake.close());

const { run } = await matrix('ITM thread tab authorization (issue 18 §7; spec part 1 §2, §7)', () =>
  buildTestApp({
    config: { itm: { url: fake.url, key: fake.key, allowedOrigins: [fake.url], attempts: 1, backoffMs: 0, publicUrl: '' } },
  }),
);

run(itmRows);
