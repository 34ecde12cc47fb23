import type { HistoricalObject } from '../api/objects.ts';
import styles from './Tabs.module.css';

const show = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** One earlier version of an object: its type and key/value rows (spec: /historicalobject/{id}). */
export const HistoricalTable = ({ version }: { version: HistoricalObject }) => (
  <table className={styles.table}>
    <caption>{`${version.type} · ${version.dataType}`}</caption>
    <tbody>
      {Object.entries(version.data).map(([key, value]) => (
        <tr key={key}>
          <th scope="row">{key}</th>
          <td>{show(value)}</td>
        </tr>
      ))}
    </tbody>
  </table>
);
