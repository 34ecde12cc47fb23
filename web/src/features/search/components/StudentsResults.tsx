import { useTranslation } from 'react-i18next';
import type { StudentSearchReply } from '../../../../../contracts/api/search.ts';
import styles from './Search.module.css';

/**
 * The "students" type's answer (spec part 2 §Search, at most 80): each member
 * as the caller may see them (a pupil sees letters for the others, as in the
 * analytics) with the notes of theirs the caller may read.
 */
export const StudentsResults = ({ reply, pseudonymised }: { reply: StudentSearchReply; pseudonymised: boolean }) => {
  const { t } = useTranslation();
  if (reply.total === 0) return <p data-testid="search-students-none">{t('searchMore.students.none')}</p>;
  return (
    <>
      {(pseudonymised || reply.total > reply.students.length) && (
        <p className={styles.muted}>
          {[
            reply.total > reply.students.length
              ? t('searchMore.students.capped', { shown: reply.students.length, count: reply.total })
              : '',
            pseudonymised ? t('searchMore.students.hint') : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="search-students">
          <caption className={styles.srOnly}>{t('searchMore.students.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('searchMore.students.name')}</th>
              <th scope="col">{t('searchMore.students.notes')}</th>
            </tr>
          </thead>
          <tbody>
            {reply.students.map((student) => (
              <tr key={student.key} data-testid="search-student">
                <td>
                  {student.label}
                  {student.me && <span className={styles.badge}>{t('searchMore.students.me')}</span>}
                </td>
                <td>{student.notes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
};
