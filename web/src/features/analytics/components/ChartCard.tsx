import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart } from '../model.ts';
import { PlotlyChart } from './PlotlyChart.tsx';
import { TableToggle } from './shell.tsx';
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
      <TableToggle
        table={chart.table}
        caption={chart.title}
        testId={`chart-table-${chart.id}`}
        {...(chart.note ? { note: chart.note } : {})}
      />
    </section>
  );
};
