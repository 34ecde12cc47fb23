import {
  auditActions,
  auditCollectionName,
  countAudit,
  findAudit,
  type AuditEntry,
  type AuditQuery,
} from '../../../projections/audit/index.ts';
import type { ReadStore } from '../../core/readStore.ts';

export type AuditRow = Omit<AuditEntry, '_id' | '_position'> & { id: string };

const toRow = ({ _id, _position: _ignored, ...entry }: AuditEntry): AuditRow => ({ id: _id, ...entry });

/** Instants compare as strings in the read model: both ends are normalised to UTC `Z` first. */
const normalised = (query: AuditQuery): AuditQuery => ({
  ...query,
  ...(query.from ? { from: new Date(query.from).toISOString() } : {}),
  ...(query.to ? { to: new Date(query.to).toISOString() } : {}),
});

/** One page of the audit trail, newest first (issue 17 §3). */
export const auditPage = async (readStore: ReadStore, query: AuditQuery, page: number, pageSize: number) => {
  const trail = readStore.collection<AuditEntry>(auditCollectionName);
  const filter = normalised(query);
  const [entries, total] = await Promise.all([
    findAudit(trail, filter, { skip: (page - 1) * pageSize, limit: pageSize }),
    countAudit(trail, filter),
  ]);
  return { entries: entries.map(toRow), total, page, pageSize, actions: [...auditActions] };
};

/** At most this many rows in one CSV download; the filters narrow a larger trail. */
export const auditCsvMaxRows = 50_000;

const csvColumns = [
  'at',
  'action',
  'actorId',
  'actorName',
  'targetType',
  'targetId',
  'targetLabel',
  'communityId',
  'communityTitle',
  'details',
] as const;

/**
 * A CSV cell: quoted when needed, and a leading `=`, `+`, `-`, `@`, tab or CR
 * is neutralised with an apostrophe so a spreadsheet never runs a name as a formula.
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The filtered trail as CSV (UTF-8 with a BOM, for spreadsheets), newest first. */
export const auditCsv = async (readStore: ReadStore, query: AuditQuery): Promise<string> => {
  const trail = readStore.collection<AuditEntry>(auditCollectionName);
  const entries = await findAudit(trail, normalised(query), { skip: 0, limit: auditCsvMaxRows });
  const lines = [csvColumns.join(',')];
  for (const entry of entries) {
    const details = Object.entries(entry.details)
      .map(([key, value]) => `${key}=${value}`)
      .join('; ');
    const row = { ...entry, actorId: entry.actorId ?? '', targetId: entry.targetId ?? '', communityId: entry.communityId ?? '', details };
    lines.push(csvColumns.map((column) => csvCell(String(row[column]))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};
