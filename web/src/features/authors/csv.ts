import Papa from 'papaparse';
import type { Author } from '../../../../contracts/api/communities.ts';

/** The spec's rule for uploads: the file name must end in csv. */
export const isCsvName = (name: string): boolean => name.toLowerCase().endsWith('csv');

export type CsvPreview = { fields: string[]; rows: Record<string, string>[]; errors: string[] };

/** Parses a CSV with a header row for the preview table (the server does the real check). */
export const parseCsv = (text: string): CsvPreview => {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  return {
    fields: (result.meta.fields ?? []).filter(Boolean),
    rows: result.data,
    errors: result.errors.map((error) => `${error.row === undefined ? '' : `${error.row + 2}: `}${error.message}`),
  };
};

/** The writers' CSV download: firstname, lastname, username, email. */
export const writersCsv = (authors: readonly Author[]): string =>
  Papa.unparse({
    fields: ['firstname', 'lastname', 'username', 'email'],
    data: authors.map((a) => [a.firstName, a.lastName, a.userName, a.email]),
  });
