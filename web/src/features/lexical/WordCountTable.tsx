import { useTranslation } from 'react-i18next';
import { useLanguageTag } from '../analytics/components/shell.tsx';
import styles from './Lexical.module.css';

/** The words of a dictionary or a cloud with their counts, as a scrolling table under its own heading. */
export const WordCountTable = ({
  id,
  testId,
  words,
}: {
  id: string;
  testId: string;
  words: readonly { text: string; count: number }[];
}) => {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(useLanguageTag());
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{t('lexical.words')}</h2>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={id}>
        <table className={styles.table} data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{t('lexical.word')}</th>
              <th scope="col" className={styles.number}>
                {t('lexical.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {words.map((word) => (
              <tr key={word.text}>
                <td>{word.text}</td>
                <td className={styles.number}>{number.format(word.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
};
