import { parseArgs } from 'node:util';
import { loadConfig } from '../app/config.ts';
import { dataFolderNotice, readConfigSource } from '../app/configFile.ts';
import { openInfrastructure, type Infrastructure } from '../app/infrastructure.ts';
import { runningServer } from '../app/serverLock.ts';
import { exportData, importData } from './exportImport.ts';
import { exportCommunity, importCredentialNotice } from './communityArchive.ts';
import { exportResearch, studySecret } from './researchExport.ts';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { progressBar } from './progress.ts';
import { kbdexOptions } from './kbdexOptions.ts';
import { doctorReport, formatDoctorReport } from './doctor.ts';
import { recordAction } from '../app/auditLog.ts';

const usage = `Buildon operator commands (npm run kf -- <command>)

  create-admin --user <userName> --password <password> [--email <email>]
      Creates an admin, or promotes an existing user and sets the password.
      Safe while the server runs.
  rebuild [--projection <name>]
      Rebuilds every read model (or one) from the event log.
  export --out <folder>
      Writes the event log (events.jsonl), attachments and a manifest.
  export --community <id> [--out <folder> [--with-credentials]]
         [--kbdex <file.csv> [--pseudonymise]]
         [--research <folder> [--study-secret <s>] [--mask-names]]
      Writes one community's archive (its streams, its members' users,
      attachments, a manifest with counts and checksums; without password
      hashes, e-mails, registration keys or session tokens unless
      --with-credentials, to move a class between servers), a research
      export (events.jsonl with every person a pseudonym from the study's
      secret, --study-secret or BUILDON_STUDY_SECRET, CSV tables and a
      manifest for ethics boards; --mask-names replaces pupils' names in
      notes' text), and/or KBDeX's
      data.csv of its notes (Id, Author, Text, Group, Time, then Buildon's
      columns; see docs/research.md), with these options:
        --at <ISO date>      the notes as they were then (default: now)
        --since <ISO date>   only notes contributed since then
        --views <id,id,...>  only notes placed in these views
        --with-title         the title before each note's text
        --include-private    private notes too (left out by default; also
                             for --research)
        --pseudonymise       authors as the research export's pseudonyms
                             (needs the study secret) and members' names
                             masked in the texts
  import --from <folder>
      Loads an export or a community archive into an empty data directory.
  doctor
      Lists the events a projection could not apply (quarantined: logged,
      recorded and skipped). Exits with 3 when there are any.

Storage comes from the same settings as the server: the environment, then
the file buildon.env in this folder (or the file BUILDON_CONFIG names):
BUILDON_DATA_DIR (default ./data), or BUILDON_EVENTSTORE_URL /
BUILDON_MONGO_URL / BUILDON_REDIS_URL.`;

const fail = (message: string): never => {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
};

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    user: { type: 'string' },
    password: { type: 'string' },
    email: { type: 'string' },
    projection: { type: 'string' },
    out: { type: 'string' },
    from: { type: 'string' },
    community: { type: 'string' },
    kbdex: { type: 'string' },
    at: { type: 'string' },
    since: { type: 'string' },
    views: { type: 'string' },
    'with-title': { type: 'boolean' },
    'include-private': { type: 'boolean' },
    'with-credentials': { type: 'boolean' },
    research: { type: 'string' },
    'study-secret': { type: 'string' },
    'mask-names': { type: 'boolean' },
    pseudonymise: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

const command = positionals[0];
if (!command || values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(command ? 0 : 1);
}

// Exports and the data folder hold pupils' work: the operator's user alone reads them (issue 20 §13).
process.umask(0o077);
const source = (() => {
  try {
    return readConfigSource();
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const config = loadConfig(source.env);
const embedded = !config.eventStoreUrl && !config.mongoUrl;
// Say where (issue 21 §14): an operator running the CLI with other settings than the server's would otherwise write to a data folder the server does not use.
if (embedded) process.stderr.write(dataFolderNotice(config.dataDir, source, existsSync(join(config.dataDir, 'buildon.sqlite'))));

const withInfrastructure = async <T>(run: (infra: Infrastructure) => Promise<T>): Promise<T> => {
  const infra = await openInfrastructure({ ...config, snapshotIntervalMs: 0 });
  try {
    return await run(infra);
  } finally {
    await infra.close();
  }
};

const refuseBesideServer = (what: string) => {
  const server = embedded ? runningServer(config.dataDir) : null;
  if (server) {
    fail(
      `the server (pid ${server.pid}, port ${server.port}) is using ${config.dataDir}. ` +
        `Stop it first, or ${what === 'rebuild' ? 'use Admin tools → Rebuild in the web app' : 'import into another data directory'}.`,
    );
  }
};

try {
  switch (command) {
    case 'create-admin': {
      const userName = values.user ?? fail('--user is required');
      const password = values.password ?? fail('--password is required');
      const { user, created } = await withInfrastructure((infra) =>
        infra.accounts.createOrPromoteAdmin({ userName, password, email: values.email }),
      );
      process.stdout.write(`${created ? 'created' : 'promoted'} admin ${user.userName} (${user._id})\n`);
      break;
    }
    case 'rebuild': {
      refuseBesideServer('rebuild');
      await withInfrastructure(async (infra) => {
        const names = values.projection ? [values.projection] : [];
        // Issue 17 §3: the audit trail records the rebuild before it starts (the operator acts as no user).
        await recordAction(infra.commandDeps, null, 'projections.rebuild', {
          via: 'cli',
          details: { projections: names.join(',') || 'all' },
        });
        const bar = progressBar(`rebuild ${names.join(', ') || 'all projections'}`);
        const cpu = process.cpuUsage();
        const result = await infra.runner.rebuild(names, (p) => bar.update(p.done, p.total));
        const { user, system } = process.cpuUsage(cpu);
        bar.done();
        await infra.snapshot();
        // Per CPU-second too: on a shared machine the wall clock also counts the others' work.
        process.stdout.write(
          `rebuilt ${result.projections.join(', ')}: ${result.events} events in ${(result.ms / 1000).toFixed(2)} s ` +
            `(${Math.round(result.eventsPerSecond)} events/s, ${Math.round(result.events / Math.max((user + system) / 1e6, 1e-3))} per CPU-second)\n`,
        );
      });
      break;
    }
    case 'export': {
      if (values.community) {
        const communityId = values.community;
        if (!values.out && !values.kbdex && !values.research) fail('--out <folder>, --research <folder> or --kbdex <file.csv> is required');
        if (values['with-credentials'] && !values.out) fail('--with-credentials goes with --out <folder>');
        if (values.pseudonymise && !values.kbdex) fail('--pseudonymise goes with --kbdex <file.csv>');
        if (values['mask-names'] && !values.research) fail('--mask-names goes with --research <folder>');
        if (values['study-secret'] !== undefined && !values.research && !values.pseudonymise) {
          fail('--study-secret goes with --research <folder> or --kbdex <file.csv> --pseudonymise');
        }
        const secret = values.research || values.pseudonymise ? studySecret(values['study-secret'], source.env) : '';
        if (values.research && secret === '') fail('--research needs the study secret: --study-secret <s> or BUILDON_STUDY_SECRET');
        const kbdex = (() => {
          try {
            return kbdexOptions(values, secret);
          } catch (error) {
            return fail((error as Error).message);
          }
        })();
        await withInfrastructure(async (infra) => {
          // Issue 17 §3: each export is recorded in the audit trail before it is written.
          if (values.out) {
            const withCredentials = values['with-credentials'] === true;
            await recordAction(infra.commandDeps, null, 'export.community', {
              via: 'cli',
              communityId,
              details: { withCredentials: String(withCredentials) },
            });
            const bar = progressBar('export');
            const manifest = await exportCommunity(
              infra.eventStore,
              infra.blobStore,
              communityId,
              values.out,
              (done, total) => bar.update(done, total),
              { withCredentials },
            );
            bar.done();
            if (withCredentials) {
              process.stderr.write(
                `warning: ${values.out} holds the members' password hashes, e-mail addresses and the registration keys: ` +
                  `whoever has it can log in as them once imported. Keep it private and delete it after the move.\n`,
              );
            }
            process.stdout.write(
              `exported community "${manifest.community.title}": ${manifest.events} events in ${manifest.streams} streams and ${manifest.blobs.length} attachments to ${values.out}\n`,
            );
            if (manifest.removed) {
              process.stdout.write(
                `without credentials: ${manifest.removed.usersWithoutPassword} users will need a new password after an import (--with-credentials keeps them)\n`,
              );
            }
          }
          if (values.research) {
            await recordAction(infra.commandDeps, null, 'export.research', {
              via: 'cli',
              communityId,
              details: { maskNames: String(values['mask-names'] === true), private: String(values['include-private'] === true) },
            });
            const manifest = await exportResearch(infra.eventStore, communityId, values.research, {
              secret,
              includePrivate: values['include-private'] === true,
              maskNames: values['mask-names'] === true,
            });
            process.stdout.write(
              `wrote a research export of "${manifest.community.title}": ${manifest.counts.events} events, ` +
                `${manifest.counts.persons} pseudonymised persons, to ${values.research}\n`,
            );
          }
          if (values.kbdex) {
            await recordAction(infra.commandDeps, null, 'export.kbdex', {
              via: 'cli',
              communityId,
              details: { pseudonymise: String(values.pseudonymise === true) },
            });
            const { rows, csv } = await infra.timeMachine.kbdex(communityId, kbdex);
            writeFileSync(values.kbdex, `\uFEFF${csv}`);
            process.stdout.write(`wrote ${rows} notes to ${values.kbdex}\n`);
          }
        });
        break;
      }
      const out = values.out ?? fail('--out <folder> is required');
      await withInfrastructure(async (infra) => {
        await recordAction(infra.commandDeps, null, 'export.data', { via: 'cli' });
        const bar = progressBar('export');
        const manifest = await exportData(infra.eventStore, infra.blobStore, out, (done, total) => bar.update(done, total));
        bar.done();
        process.stdout.write(
          `exported ${manifest.events} events in ${manifest.streams} streams and ${manifest.blobs.length} attachments to ${out}\n`,
        );
      });
      break;
    }
    case 'import': {
      const from = values.from ?? fail('--from <folder> is required');
      refuseBesideServer('import');
      await withInfrastructure(async (infra) => {
        // Embedded: the read models are built once, after the log is in, rather than chasing every batch (issue 23 §3).
        if (embedded) await infra.runner.stop();
        const bar = progressBar('import');
        const started = performance.now();
        const result = await importData(infra.eventStore, infra.blobStore, from, {
          window: config.eventStoreUrl ? 1 : 500,
          onProgress: (done, total) => bar.update(done, total),
        });
        bar.done();
        const seconds = (performance.now() - started) / 1000;
        process.stdout.write(
          `imported ${result.events} events (${Math.round(result.events / Math.max(seconds, 1e-3))} events/s) and ${result.blobs} attachments\n`,
        );
        const notice = importCredentialNotice(from);
        if (notice) process.stdout.write(`${notice}\n`);
        if (embedded) {
          const rebuildBar = progressBar('read models');
          const rebuilt = await infra.runner.rebuild([], (p) => rebuildBar.update(p.done, p.total));
          rebuildBar.done();
          await infra.snapshot();
          process.stdout.write(`read models built: ${rebuilt.events} events in ${(rebuilt.ms / 1000).toFixed(2)} s\n`);
        } else await infra.runner.waitFor(await infra.eventStore.headPosition(), 600_000);
      });
      break;
    }
    case 'doctor': {
      const report = await withInfrastructure((infra) => doctorReport(infra.readStore));
      process.stdout.write(formatDoctorReport(report));
      if (report.quarantined.length > 0) process.exit(3);
      break;
    }
    default:
      process.stderr.write(`unknown command: ${command}\n\n${usage}\n`);
      process.exit(1);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
// Storage is closed; do not wait for idle sockets or timers of drivers.
process.exit(0);
