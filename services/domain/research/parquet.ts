import { parquetWriteBuffer } from 'hyparquet-writer';
import { columnKind, type ColumnKind } from './tables.ts';

/**
 * A research table as a Parquet file (issue 24 §4), beside its CSV: the same
 * columns in the same order, typed (docs/research.md): strings as UTF-8,
 * `position` and `wordCount` as 64-bit integers, `x` and `y` as doubles,
 * `at`, `created` and `contributed` as timestamps (milliseconds, UTC). Every
 * column may be null where the CSV cell is empty. Pure: the caller writes the bytes.
 */

type Cell = string | number | null;

type SchemaElement = {
  name: string;
  type?: 'BYTE_ARRAY' | 'INT64' | 'DOUBLE';
  converted_type?: 'UTF8';
  logical_type?: { type: 'TIMESTAMP'; isAdjustedToUTC: boolean; unit: 'MILLIS' };
  repetition_type?: 'OPTIONAL';
  num_children?: number;
};

const element = (name: string, kind: ColumnKind): SchemaElement => {
  switch (kind) {
    case 'integer':
      return { name, type: 'INT64', repetition_type: 'OPTIONAL' };
    case 'double':
      return { name, type: 'DOUBLE', repetition_type: 'OPTIONAL' };
    case 'timestamp':
      return {
        name,
        type: 'INT64',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
        repetition_type: 'OPTIONAL',
      };
    default:
      return { name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' };
  }
};

/** A cell as its column's type wants it; null for an empty or unreadable cell. */
const value = (cell: Cell | undefined, kind: ColumnKind): string | number | bigint | Date | null => {
  if (cell === null || cell === undefined) return null;
  switch (kind) {
    case 'integer': {
      const n = typeof cell === 'number' ? cell : Number(cell);
      return Number.isSafeInteger(n) ? BigInt(n) : null;
    }
    case 'double': {
      const n = typeof cell === 'number' ? cell : Number(cell);
      return cell === '' || !Number.isFinite(n) ? null : n;
    }
    case 'timestamp': {
      const ms = typeof cell === 'number' ? cell : Date.parse(cell);
      return Number.isFinite(ms) ? new Date(ms) : null;
    }
    default:
      return String(cell);
  }
};

/** The bytes of one Parquet file holding `rows` under `columns`. */
export const parquetTable = (columns: readonly string[], rows: readonly (readonly Cell[])[], createdBy = 'buildon'): Uint8Array => {
  const kinds = columns.map(columnKind);
  const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }, ...columns.map((name, i) => element(name, kinds[i]!))];
  const columnData = columns.map((name, i) => ({ name, data: rows.map((row) => value(row[i], kinds[i]!)) }));
  return new Uint8Array(parquetWriteBuffer({ columnData, schema, createdBy }));
};
