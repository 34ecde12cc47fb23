import { readFileSync } from 'node:fs';

export type ChangeLogEntry = { version: string; date: string; changes: string[] };

/**
 * Reads CHANGELOG.md: `## <version> — <date>` headings followed by `- ` items.
 */
export const parseChangeLog = (markdown: string): ChangeLogEntry[] => {
  const entries: ChangeLogEntry[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(\S+)\s*(?:[—-]\s*(.+))?$/.exec(line.trim());
    if (heading) {
      entries.push({ version: heading[1] ?? '', date: (heading[2] ?? '').trim(), changes: [] });
      continue;
    }
    const item = /^[-*]\s+(.+)$/.exec(line.trim());
    if (item && entries.length > 0) entries.at(-1)?.changes.push(item[1] ?? '');
  }
  return entries;
};

export const loadChangeLog = (path: URL): ChangeLogEntry[] => {
  try {
    return parseChangeLog(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
};
