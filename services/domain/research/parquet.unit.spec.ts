import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { parquetTable } from './parquet.ts';
import { tableColumns } from './tables.ts';

const read = async (bytes: Uint8Array) => {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { rows: await parquetReadObjects({ file }), metadata: parquetMetadata(file) };
};

describe('a research table as Parquet (issue 24 §4)', () => {
  it('keeps every row and types each column as docs/research.md says: strings, integers, numbers, UTC timestamps', async () => {
    const columns = tableColumns.placements;
    const rows = [
      [12, '2026-03-01T10:00:00.123Z', 'placed', 'v'.repeat(24), 'n'.repeat(24), 10, 20.5, 'l'.repeat(24), 'P-0123456789ab'],
      [13, '2026-03-01T10:00:01.000Z', 'removed', 'v'.repeat(24), 'n'.repeat(24), null, null, 'l'.repeat(24), null],
    ];
    const { rows: back, metadata } = await read(parquetTable(columns, rows));
    expect(back).toEqual([
      {
        position: 12n,
        at: new Date('2026-03-01T10:00:00.123Z'),
        event: 'placed',
        viewId: 'v'.repeat(24),
        contributionId: 'n'.repeat(24),
        x: 10,
        y: 20.5,
        linkId: 'l'.repeat(24),
        actor: 'P-0123456789ab',
      },
      {
        position: 13n,
        at: new Date('2026-03-01T10:00:01.000Z'),
        event: 'removed',
        viewId: 'v'.repeat(24),
        contributionId: 'n'.repeat(24),
        x: null,
        y: null,
        linkId: 'l'.repeat(24),
        actor: null,
      },
    ]);
    const fields = Object.fromEntries(parquetSchema(metadata).children.map((child) => [child.element.name, child.element]));
    expect(Object.keys(fields)).toEqual([...columns]);
    expect(fields.position).toMatchObject({ type: 'INT64' });
    expect(fields.at).toMatchObject({ type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } });
    expect(fields.x).toMatchObject({ type: 'DOUBLE' });
    expect(fields.event).toMatchObject({ type: 'BYTE_ARRAY', converted_type: 'UTF8' });
  });

  it('writes text exactly (quotes, line breaks, a leading =, any script) and an empty table with its columns', async () => {
    const columns = tableColumns.notes;
    const text = '=1+2, "quoted"\nÉlève 学生 🌱';
    const { rows } = await read(
      parquetTable(columns, [['n'.repeat(24), 'P-a; P-b', 'T', text, '2026-01-01T00:00:00.000Z', null, 'public', 'unsaved', 3]]),
    );
    expect(rows[0]).toMatchObject({ text, authors: 'P-a; P-b', contributed: null, position: 3n });
    const empty = await read(parquetTable(columns, []));
    expect(empty.rows).toEqual([]);
    expect(parquetSchema(empty.metadata).children.map((child) => child.element.name)).toEqual([...columns]);
  });
});
