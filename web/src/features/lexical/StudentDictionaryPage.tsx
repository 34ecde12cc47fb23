import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AnalyticsAuthor } from '../../../../contracts/api/analytics.ts';
import { Alert } from '../../components/Alert.tsx';
import { Page } from '../../components/Page.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { AnalyticsMenu } from '../analytics/components/AnalyticsMenu.tsx';
import { FreshnessStamp } from '../analytics/components/FreshnessStamp.tsx';
import { useCommunityTitle, useLanguageTag } from '../analytics/components/shell.tsx';
import { useDictionary } from './api.ts';
import styles from './Lexical.module.css';
import { WordCountTable } from './WordCountTable.tsx';
import { WordCloud } from './WordCloud.tsx';

/**
 * `/studentdictionary/{communityId}` (issue 13 §2, spec part 2 §2): pick an
 * active author (≤ 80, by userName; a writer sees the others as letters), then
 * their word counts, the 21 key concepts with their counts, the concepts with
 * their notes and sentences, the scaffold supports used (how many times, in
 * how many notes), the notes classified by concept and a 500×500 word cloud
 * laid out in a Web Worker.
 */
export const StudentDictionaryPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const author = search.get('author');
  const dictionary = useDictionary(communityId, author);
  const reply = dictionary.data;
  const title = useCommunityTitle(communityId);
  const tag = useLanguageTag();
  const number = new Intl.NumberFormat(tag);
  const ids = { words: useId(), concepts: useId(), phrases: useId(), classified: useId(), cloud: useId(), supports: useId() };
  const name = (entry: AnalyticsAuthor) =>
    !reply?.seesNames && !entry.me
      ? t('lexical.pseudonym', { letter: entry.label })
      : entry.me
        ? t('lexical.me', { name: entry.label })
        : entry.label;
  const conceptLabel = new Map((reply?.concepts ?? []).map((concept) => [concept.id, concept.label]));
  const pageName = t('lexical.dictionary.title');

  return (
    <Page title={title.data ? t('lexical.pageTitle', { page: pageName, community: title.data.title }) : pageName}>
      <p>
        <Link to={`/communitytop/${communityId}`} className={styles.back}>
          {t('lexical.back')}
        </Link>
      </p>
      <AnalyticsMenu communityId={communityId} />
      {dictionary.error ? (
        <Alert tone="error" testId="analytics-error">
          {serverMessage(dictionary.error) ?? t('common.genericError')}
        </Alert>
      ) : !reply ? (
        <p role="status">{t('lexical.loading')}</p>
      ) : (
        <>
          <FreshnessStamp communityId={communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={false} />
          <div className={styles.row}>
            <SelectField
              name="dictionary-author"
              label={t('lexical.dictionary.author')}
              value={reply.author?.key ?? ''}
              onChange={(event) => setSearch(event.target.value ? { author: event.target.value } : {}, { replace: true })}
              data-testid="dictionary-author"
            >
              <option value="">{t('lexical.dictionary.chooseAuthor')}</option>
              {reply.authors.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {name(entry)}
                </option>
              ))}
            </SelectField>
          </div>
          <div aria-live="polite" className={styles.status} data-testid="dictionary-status">
            {!reply.author ? (
              <p>{t('lexical.dictionary.chooseHint')}</p>
            ) : reply.notes === 0 ? (
              <p data-testid="dictionary-empty">{t('lexical.dictionary.noNotes')}</p>
            ) : (
              <p>
                {t('lexical.dictionary.summary', {
                  name: name(reply.author),
                  notes: number.format(reply.notes),
                  words: number.format(reply.words),
                })}
              </p>
            )}
          </div>
          {reply.author && reply.notes > 0 && (
            <>
              <section className={styles.section} aria-labelledby={ids.cloud}>
                <h2 id={ids.cloud}>{t('lexical.cloud')}</h2>
                <WordCloud
                  words={reply.cloud}
                  width={500}
                  height={500}
                  label={t('lexical.dictionary.cloudLabel', { name: name(reply.author) })}
                />
              </section>

              <section className={styles.section} aria-labelledby={ids.concepts}>
                <h2 id={ids.concepts}>{t('lexical.dictionary.concepts')}</h2>
                <table className={styles.table} data-testid="dictionary-concepts">
                  <thead>
                    <tr>
                      <th scope="col">{t('lexical.dictionary.concept')}</th>
                      <th scope="col" className={styles.number}>
                        {t('lexical.count')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {reply.concepts.map((concept) => (
                      <tr key={concept.id}>
                        <th scope="row">{concept.label}</th>
                        <td className={styles.number}>{number.format(concept.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>

              <section className={styles.section} aria-labelledby={ids.supports}>
                <h2 id={ids.supports}>{t('lexical.dictionary.supports')}</h2>
                {reply.supports.length === 0 ? (
                  <p data-testid="dictionary-no-supports">{t('lexical.dictionary.noSupports')}</p>
                ) : (
                  <table className={styles.table} data-testid="dictionary-supports">
                    <thead>
                      <tr>
                        <th scope="col">{t('lexical.dictionary.support')}</th>
                        <th scope="col">{t('lexical.dictionary.scaffold')}</th>
                        <th scope="col" className={styles.number}>
                          {t('lexical.dictionary.uses')}
                        </th>
                        <th scope="col" className={styles.number}>
                          {t('lexical.dictionary.inNotes')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {reply.supports.map((support) => (
                        <tr key={support.id}>
                          <th scope="row">{support.title}</th>
                          <td>{support.scaffoldTitle}</td>
                          <td className={styles.number}>{number.format(support.count)}</td>
                          <td className={styles.number}>{number.format(support.notes)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>

              <section className={styles.section} aria-labelledby={ids.phrases}>
                <h2 id={ids.phrases}>{t('lexical.dictionary.phrases')}</h2>
                {reply.concepts.every((concept) => concept.count === 0) ? (
                  <p>{t('lexical.dictionary.noConcepts')}</p>
                ) : (
                  <ul data-testid="dictionary-phrases">
                    {reply.concepts
                      .filter((concept) => concept.count > 0)
                      .map((concept) => (
                        <li key={concept.id}>
                          <strong>{concept.label}</strong> ({number.format(concept.count)})
                          <ul>
                            {concept.notes.map((note) => (
                              <li key={note.id}>
                                <Link to={`/contribution/${note.id}`}>{note.title || t('lexical.untitled')}</Link>
                                <ul className={styles.sentences}>
                                  {note.sentences.map((sentence) => (
                                    <li key={sentence}>{sentence}</li>
                                  ))}
                                </ul>
                              </li>
                            ))}
                          </ul>
                        </li>
                      ))}
                  </ul>
                )}
              </section>

              <section className={styles.section} aria-labelledby={ids.classified}>
                <h2 id={ids.classified}>{t('lexical.dictionary.classified')}</h2>
                {reply.classified.length === 0 ? (
                  <p>{t('lexical.dictionary.noConcepts')}</p>
                ) : (
                  <table className={styles.table} data-testid="dictionary-classified">
                    <thead>
                      <tr>
                        <th scope="col">{t('lexical.note')}</th>
                        <th scope="col">{t('lexical.dictionary.concepts')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {reply.classified.map((note) => (
                        <tr key={note.id}>
                          <th scope="row">
                            <Link to={`/contribution/${note.id}`}>{note.title || t('lexical.untitled')}</Link>
                          </th>
                          <td>{note.concepts.map((id) => conceptLabel.get(id) ?? id).join(' ; ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>

              <WordCountTable id={ids.words} testId="dictionary-words" words={reply.terms} />
            </>
          )}
        </>
      )}
    </Page>
  );
};
