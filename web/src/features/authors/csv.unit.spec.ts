import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Author } from '../../../../contracts/api/communities.ts';
import { isCsvName, parseCsv, writersCsv } from './csv.ts';

const author = (userName: string, firstName: string, lastName: string): Author => ({
  _id: 'a'.repeat(24),
  communityId: 'c'.repeat(24),
  userId: 'u'.repeat(24),
  role: 'writer',
  userName,
  firstName,
  lastName,
  email: `${userName}@example.org`,
  blockLogin: false,
  order: 0,
  created: '2024-01-01T00:00:00.000Z',
});

describe('author CSV helpers', () => {
  it('accepts only names ending in csv', () => {
    expect(isCsvName('class.csv')).toBe(true);
    expect(isCsvName('CLASS.CSV')).toBe(true);
    expect(isCsvName('class.xlsx')).toBe(false);
    expect(isCsvName('class.csv.txt')).toBe(false);
  });

  it('parses a header row, trims header names, drops blank lines and a BOM', () => {
    const preview = parseCsv('\uFEFFfirstName, lastName,email,username,password\nAda,Lovelace,ada@x.org,ada,secret\n\n');
    expect(preview.fields).toEqual(['firstName', 'lastName', 'email', 'username', 'password']);
    expect(preview.rows).toEqual([{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.org', username: 'ada', password: 'secret' }]);
  });

  it('writes the writers with the four download columns, quoting commas', () => {
    const text = writersCsv([author('ada', 'Ada', 'Lovelace, Countess')]);
    const [header, row] = text.split(/\r?\n/);
    expect(header).toBe('firstname,lastname,username,email');
    expect(row).toBe('Ada,"Lovelace, Countess",ada,ada@example.org');
    expect(Papa.parse(text, { header: true }).data).toEqual([
      { firstname: 'Ada', lastname: 'Lovelace, Countess', username: 'ada', email: 'ada@example.org' },
    ]);
  });
});
