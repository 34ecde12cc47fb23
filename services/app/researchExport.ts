import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonText } from '../../contracts/deepJson.ts';
import type { EventStore } from '../core/eventStore.ts';
import { pseudonymOf } from './researchPseudonyms.ts';
import { pseudonymMethod, withheldFields } from '../domain/research/pseudonyms.ts';
import {
  leftOutStreams,
  pseudonymiseCommunity,
  pseudonymisedFields,
  type ResearchStats,
  type SourceEvent,
} from '../domain/research/pseudonymise.ts';
import { parquetTable } from '../domain/research/parquet.ts';
import { researchTables, tableColumns } from '../domain/research/tables.ts';
import { communityStreams } from './communityStreams.ts';

export type ResearchManifest = {
  format: 'buildon-research-export/1';
  exportedAt: string;
  buildonVersion: string;
  community: { id: string; title: string };
  pseudonymisation: { method: string; secret: 'per study, not written here'; persons: number };
  removed: {
    streams: Record<string, string>;
    /** Fields removed wherever they appear (services/domain/research/pseudonyms.ts `withheldFields`). */
    fields: readonly string[];
    replacedByPseudonym: Record<string, readonly string[]>;
    personIds: string;
    attachments: string;
  };
  privateContributions: { included: boolean; count: number; eventsLeftOut: number };
  namesInText: { masked: boolean; replacements: number };
  counts: ResearchStats & { streamsLeftOut: Record<string, number> };
  lastPosition: number;
  order: string;
  /** sha256 of every file of the export, by name. */
  files: Record<string, string>;
};

/** The study secret: the flag, else BUILDON_STUDY_SECRET; '' when neither is set. */
export const studySecret = (flag: string | undefined, env: NodeJS.ProcessEnv): string => flag ?? env.BUILDON_STUDY_SECRET ?? '';

const buildonVersion = (): string => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
};

/** One CSV cell: always quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvText = (columns: readonly string[], rows: readonly (readonly unknown[])[]) =>
  [columns, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/**
 * The research export (`kf export --community <id> --research <folder>`, and
 * POST /api/research/:communityId/export, which zips it): `events.jsonl` (the
 * community's events, pseudonymised: services/domain/research/pseudonymise.ts),
 * one CSV and one Parquet table per kind of record (services/domain/research/tables.ts,
 * parquet.ts) and
 * `manifest.json` saying what was removed and how, for an ethics board.
 */
export const exportResearch = async (
  store: EventStore,
  communityId: string,
  outDir: string,
  options: { secret: string; includePrivate: boolean; maskNames: boolean },
): Promise<ResearchManifest> => {
  if (options.secret === '') throw new Error('A research export needs a study secret.');
  const { streams, title } = await communityStreams(store, communityId);
  if (!streams.has(`community-${communityId}`) || title === '') throw new Error(`No community ${communityId} in this event store.`);
  // The community's streams one by one (the log was read whole once, to find them), in log order.
  const events: SourceEvent[] = [];
  for (const stream of streams) events.push(...(await store.readStream(stream)).events);
  events.sort((a, b) => a.globalPosition - b.globalPosition);
  const { lines, stats } = pseudonymiseCommunity(events, {
    pseudonymOf: (userId) => pseudonymOf(options.secret, userId),
    includePrivate: options.includePrivate,
    maskNames: options.maskNames,
  });

  mkdirSync(outDir, { recursive: true });
  const files: Record<string, string> = {};
  const write = (name: string, content: string | Uint8Array) => {
    writeFileSync(join(outDir, name), content);
    files[name] = createHash('sha256').update(content).digest('hex');
  };
  write('events.jsonl', lines.map((line) => `${jsonText(line)}\n`).join(''));
  const tables = researchTables(lines);
  // Each table twice: CSV for any tool, Parquet (typed columns) for pandas, R's arrow, DuckDB.
  for (const [name, rows] of Object.entries(tables)) {
    const columns = tableColumns[name as keyof typeof tableColumns];
    write(`${name}.csv`, csvText(columns, rows));
    write(`${name}.parquet`, parquetTable(columns, rows, `buildon ${buildonVersion()}`));
  }

  const manifest: ResearchManifest = {
    format: 'buildon-research-export/1',
    exportedAt: new Date().toISOString(),
    buildonVersion: buildonVersion(),
    community: { id: communityId, title },
    pseudonymisation: { method: pseudonymMethod, secret: 'per study, not written here', persons: stats.persons },
    removed: {
      streams: leftOutStreams,
      fields: [...withheldFields],
      replacedByPseudonym: pseudonymisedFields,
      personIds: 'every user id and author id, in data, metadata.actorId and stream names, is replaced by the pseudonym',
      attachments: 'attachment files are not included (their events are, with file names)',
    },
    privateContributions: {
      included: options.includePrivate,
      count: stats.privateContributions,
      eventsLeftOut: stats.leftOut.privateEvents,
    },
    namesInText: { masked: options.maskNames, replacements: stats.namesMasked },
    counts: { ...stats, streamsLeftOut: stats.leftOut.streams },
    lastPosition: lines.at(-1)?.globalPosition ?? 0,
    order:
      'Every file is in log order (globalPosition). Timestamps (metadata.at, the CSV "at" columns) come from the servers that wrote the events and may be out of order by up to a second: sort by position.',
    files,
  };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
};
