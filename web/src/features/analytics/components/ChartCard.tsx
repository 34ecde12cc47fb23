import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart } from '../model.ts';
import { PlotlyChart } from './PlotlyChart.tsx';
import styles from './Stats.module.css';

/** One chart with its heading and its numbers as a table (the chart's text alternative), shown on demand. */
export const ChartCard = ({ chart, languageTag }: { chart: Chart; languageTag: string }) => {
  const { t } = useTranslation();
  const headingId = `chart-${useId().replace(/:/g, '')}`;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`chart-${chart.id}`} data-empty={chart.empty}>
      <h2 id={headingId} className={styles.cardTitle}>
        {chart.title}
      </h2>
      {chart.empty ? (
        <p className={styles.muted} data-testid="chart-empty">
          {t('stats.noData')}
        </p>
      ) : (
        <PlotlyChart chart={chart} languageTag={languageTag} label={t('stats.chartLabel', { chart: chart.title })} />
      )}
      <details className={styles.tableToggle}>
        <summary>{t('stats.showTable')}</summary>
        {chart.note && <p className={styles.muted}>{chart.note}</p>}
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={chart.title}>
          <table className={styles.table} data-testid={`chart-table-${chart.id}`}>
            <caption className={styles.srOnly}>{chart.title}</caption>
            <thead>
              <tr>
                {chart.table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
};
