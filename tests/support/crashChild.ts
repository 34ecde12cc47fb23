/**
 * A process to kill (tests/integration/atomicCommands.int.spec.ts): it opens
 * the real embedded infrastructure (SQLite event store) over the data folder
 * in argv[2], sets up a community with a note in its view, then creates
 * build-ons on that note, and gets SIGKILLed by the test:
 *
 * - `first-write`: the first write of the build-on command is awaited, then the
 *   process prints WRITTEN and stops there (a command writing its facts one
 *   append at a time would have written only the note);
 * - `loop`: four writers create build-ons without pause, printing CREATED each
 *   time, until killed at a moment the test picks.
 */
import type { EventStore } from '../../services/core/eventStore.ts';
import { openInfrastructure } from '../../services/app/infrastructure.ts';
import { fastTestHasher, testConfig } from './testApp.ts';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || (mode !== 'first-write' && mode !== 'loop')) throw new Error('usage: crashChild.ts <dataDir> first-write|loop');

const infra = await openInfrastructure(testConfig(dataDir), { passwords: fastTestHasher });
const { user } = await infra.accounts.createOrPromoteAdmin({ userName: 'admin', password: 'admin-pass-1' });
const community = await infra.communities.create(user, {
  title: 'Crash',
  registrationKey: 'key-1234',
  managerRegistrationKey: 'mkey-1234',
});
const [view] = await infra.communities.views(user, community._id);
if (!view) throw new Error('no view');
const parent = await infra.canvas.createContribution(user, community._id, {
  type: 'Note',
  title: 'parent',
  placement: { viewId: view._id, x: 100, y: 100 },
});
const buildOn = () => infra.canvas.createContribution(user, community._id, { type: 'Note', buildsOn: parent.contribution._id });

// Keeps the process alive while it waits to be killed.
setInterval(() => undefined, 60_000);

if (mode === 'first-write') {
  const store: EventStore = infra.eventStore;
  let armed = true;
  const stopAfter =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      if (armed) {
        armed = false;
        process.stdout.write('WRITTEN\n');
        await new Promise<never>(() => undefined);
      }
      return result;
    };
  store.append = stopAfter(store.append.bind(store));
  store.appendMany = stopAfter(store.appendMany.bind(store));
  process.stdout.write('READY\n');
  await buildOn();
} else {
  process.stdout.write('READY\n');
  const writer = async () => {
    for (;;) {
      await buildOn();
      process.stdout.write('CREATED\n');
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
}
