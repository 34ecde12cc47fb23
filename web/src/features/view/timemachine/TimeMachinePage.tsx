import { ArrowLeft, Pause, Play, SkipBack, SkipForward, StepBack, StepForward } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { defaultViewSetting } from '../../../../../contracts/api/communities.ts';
import type { TimeMachineStep } from '../../../../../contracts/api/timemachine.ts';
import { languageInfo, isLanguage } from '../../../i18n/languages.ts';
import { Alert } from '../../../components/Alert.tsx';
import { buttonClass } from '../../../components/Button.tsx';
import { Page, useDocumentTitle } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useViewCanvas } from '../api/canvas.ts';
import { displayName } from '../canvas/model.ts';
import viewStyles from '../components/View.module.css';
import { fetchFrameAt, useTimeMachine, type TimeMachineData } from './api.ts';
import { captionOf } from './captions.ts';
import {
  controlsFor,
  emptyScene,
  groupEnds,
  nextStop,
  previousStop,
  runAt,
  sceneLinks,
  sceneRefs,
  seek,
  stopAt,
  type Scene,
} from './player.ts';
import { TimeMachineCanvas } from './TimeMachineCanvas.tsx';
import { Timeline } from './Timeline.tsx';
import styles from './TimeMachine.module.css';

/**
 * Play speeds (issue 21 §8): at 1× one step a second, slow enough to see what
 * changed; 8× is close to the original's one step per 100 ms (fact sheet §2.2).
 */
export const playSpeeds = [0.5, 1, 2, 4, 8] as const;
export type PlaySpeed = (typeof playSpeeds)[number];
export const stepMsAt = (speed: PlaySpeed): number => 1000 / speed;

/** `/timemachine/{viewId}[?at=<ISO>]`: the view's history replayed, read-only. */
export const TimeMachinePage = () => {
  const { t } = useTranslation();
  const { viewId = '' } = useParams();
  const data = useTimeMachine(viewId);
  useDocumentTitle(
    data.data ? t('canvas.timemachine.documentTitle', { title: data.data.history.view.title }) : t('canvas.timemachine.initializing'),
  );

  if (data.isError) {
    return (
      <Page title={t('canvas.timemachine.cannotOpen')}>
        <Alert tone="error" testId="tm-error">
          {serverMessage(data.error) ?? t('common.genericError')}
        </Alert>
        <p>
          <Link className={buttonClass('secondary')} to="/">
            {t('common.backHome')}
          </Link>
        </p>
      </Page>
    );
  }
  if (!data.data) {
    return (
      <p className={viewStyles.status} role="status" data-testid="tm-initializing">
        {t('canvas.timemachine.initializing')}
      </p>
    );
  }
  return <TimeMachineScreen key={viewId} viewId={viewId} data={data.data} />;
};

/** A datetime-local value (local time, minutes) for an ISO instant. */
const localInputValue = (time: number): string => {
  const date = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
};

const TimeMachineScreen = ({ viewId, data }: { viewId: string; data: TimeMachineData }) => {
  const { t, i18n } = useTranslation();
  const { history, steps } = data;
  const count = steps.length;
  const live = useViewCanvas(viewId);
  const setting = live.data?.viewSetting ?? defaultViewSetting;
  const [searchParams, setSearchParams] = useSearchParams();

  const scene = useRef<Scene>(emptyScene());
  const frameRef = useRef(-1);
  const [frame, setFrame] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaySpeed>(1);
  /** Issue 21 §8: every step on its own, or the steps of one action together (the default). */
  const [perEvent, setPerEvent] = useState(false);
  const ends = useMemo(() => groupEnds(steps, perEvent), [steps, perEvent]);
  const [inPlace, setInPlace] = useState(true);
  const [asOfError, setAsOfError] = useState<string | null>(null);

  const go = useCallback(
    (to: number) => {
      frameRef.current = seek(scene.current, steps, frameRef.current, to);
      setFrame(frameRef.current);
    },
    [steps],
  );

  // The canvas of this frame (the scene is mutated in place; `frame` is its version).
  const refs = useMemo(() => sceneRefs(scene.current), [frame]);
  const links = useMemo(() => sceneLinks(scene.current), [frame]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      if (frameRef.current >= count - 1) {
        setPlaying(false);
        return;
      }
      go(nextStop(ends, frameRef.current));
      if (frameRef.current >= count - 1) setPlaying(false);
    }, stepMsAt(speed));
    return () => window.clearInterval(timer);
  }, [playing, count, go, speed, ends]);

  // Play ended on the last frame: the play button is disabled and focus fell to <body>. It goes to the
  // first of the player's buttons that still works ("back to the start"), not lost (issue 25 §2).
  const player = useRef<HTMLDivElement>(null);
  const wasPlaying = useRef(false);
  useEffect(() => {
    const ended = wasPlaying.current && !playing;
    wasPlaying.current = playing;
    if (!ended) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!lost || !player.current?.querySelector('[data-testid="tm-play"]:disabled')) return;
    player.current.querySelector<HTMLButtonElement>('[data-testid="tm-play"]:not(:disabled), button:not(:disabled)')?.focus();
  }, [playing]);

  // Grouping switched back on in the middle of an action: show that action whole.
  useEffect(() => {
    const stop = stopAt(ends, frameRef.current);
    if (stop !== frameRef.current) go(stop);
  }, [ends, go]);

  // "As of" a date: ?at=<ISO> asks the server which frame was in force then.
  const at = searchParams.get('at');
  useEffect(() => {
    if (!at) return;
    let cancelled = false;
    setAsOfError(null);
    fetchFrameAt(viewId, at)
      .then((reply) => {
        if (!cancelled) {
          setPlaying(false);
          go(stopAt(ends, reply.index));
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setAsOfError(serverMessage(error) ?? t('common.genericError'));
      });
    return () => {
      cancelled = true;
    };
    // `ends` is left out on purpose: switching the grouping must not ask the server again.
  }, [at, viewId, go, t]);

  const startsAt = history.startsAt ? Date.parse(history.startsAt) : Date.now();
  const step = frame >= 0 ? steps[frame] : undefined;
  const currentTime = step ? Date.parse(step.time) : startsAt;
  const controls = controlsFor(frame, count, playing);

  const locale = isLanguage(i18n.language) ? languageInfo[i18n.language].tag : i18n.language.replace('_', '-');
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }), [locale]);
  /** The caption of the steps from..to (issue 21 §8): what happened, then when. */
  const caption = useCallback(
    (from: number, to: number) =>
      t('canvas.timemachine.recordLine', {
        what: captionOf(t, locale, steps.slice(from, to + 1)),
        time: timeFormat.format(new Date((steps[to] as TimeMachineStep).time)),
        interpolation: { escapeValue: false },
      }),
    [t, locale, steps, timeFormat],
  );
  const describe = useCallback((s: TimeMachineStep) => caption(s.index, s.index), [caption]);
  const run = runAt(ends, frame);
  const record = step
    ? caption(run.from, run.to)
    : count === 0
      ? t('canvas.timemachine.noHistory')
      : t('canvas.timemachine.record.start', { time: timeFormat.format(new Date(startsAt)), interpolation: { escapeValue: false } });

  const [asOf, setAsOf] = useState(() => localInputValue(at ? Date.parse(at) || currentTime : currentTime));
  useEffect(() => setAsOf(localInputValue(currentTime)), [currentTime]);
  const submitAsOf = (event: FormEvent) => {
    event.preventDefault();
    const time = Date.parse(asOf);
    if (!Number.isFinite(time)) {
      setAsOfError(t('canvas.timemachine.asOfInvalid'));
      return;
    }
    setSearchParams({ at: new Date(time).toISOString() }, { replace: true });
  };

  const onKey = (event: KeyboardEvent) => {
    if (playing) return;
    const moves: Record<string, number> = {
      ArrowLeft: previousStop(ends, frame),
      ArrowRight: nextStop(ends, frame),
      Home: -1,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };

  const { me, community, view, readOnly } = history;
  const playerButtons = [
    { id: 'first', icon: SkipBack, text: t('canvas.timemachine.first'), enabled: controls.first, onClick: () => go(-1) },
    {
      id: 'back',
      icon: StepBack,
      text: t('canvas.timemachine.back'),
      enabled: controls.back,
      onClick: () => go(previousStop(ends, frameRef.current)),
    },
    {
      id: 'play',
      icon: playing ? Pause : Play,
      text: playing ? t('canvas.timemachine.pause') : t('canvas.timemachine.play'),
      enabled: controls.play,
      onClick: () => setPlaying((p) => !p),
    },
    {
      id: 'step',
      icon: StepForward,
      text: t('canvas.timemachine.step'),
      enabled: controls.step,
      onClick: () => go(nextStop(ends, frameRef.current)),
    },
    { id: 'last', icon: SkipForward, text: t('canvas.timemachine.last'), enabled: controls.last, onClick: () => go(count - 1) },
  ];

  return (
    <div
      className={viewStyles.screen}
      data-testid="tm-screen"
      data-frame={frame}
      data-count={count}
      data-stops={ends.length}
      data-per-event={perEvent || undefined}
      data-playing={playing || undefined}
    >
      <header className={viewStyles.titleBar} data-testid="view-titlebar">
        <div className={viewStyles.titles}>
          <span className={viewStyles.community} data-testid="view-community">
            {community.title}
          </span>
          <h1 className={viewStyles.viewTitle} data-testid="view-title">
            {view.title}
            {readOnly && (
              <span className={viewStyles.readOnly} data-testid="view-readonly">
                {` ${t('view.readOnly')}`}
              </span>
            )}
          </h1>
          <span className={styles.badge} data-testid="tm-badge">
            {t('canvas.timemachine.badge')}
          </span>
        </div>
        <div className={viewStyles.me}>
          <span data-testid="view-author">
            <span className={viewStyles.strong}>{displayName(me)}</span>{' '}
            <span className={viewStyles.role}>
              ({t(me.role === 'manager' ? 'view.roleManager' : me.role === 'researcher' ? 'view.roleResearcher' : 'view.roleWriter')})
            </span>
          </span>
          <Link className={styles.liveLink} to={`/view/${viewId}`} data-testid="tm-live">
            <ArrowLeft size={16} aria-hidden="true" />
            {t('canvas.timemachine.backToLive')}
          </Link>
        </div>
      </header>

      <div className={styles.controls}>
        <div ref={player} className={styles.player} role="group" aria-label={t('canvas.timemachine.player')}>
          {playerButtons.map(({ id, icon: Icon, text, enabled, onClick }) => (
            <button
              key={id}
              type="button"
              className={`${styles.iconButton} ${id === 'play' ? styles.playButton : ''}`}
              onClick={onClick}
              disabled={!enabled}
              aria-label={text}
              title={text}
              data-testid={`tm-${id}`}
            >
              <Icon size={18} aria-hidden="true" />
            </button>
          ))}
          <label className={styles.speed}>
            <span>{t('canvas.timemachine.speed')}</span>
            <select value={speed} onChange={(event) => setSpeed(Number(event.target.value) as PlaySpeed)} data-testid="tm-speed">
              {playSpeeds.map((s) => (
                <option key={s} value={s}>
                  {t('canvas.timemachine.speedValue', { speed: s.toLocaleString(i18n.language.replace('_', '-')) })}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.toggle} title={t('canvas.timemachine.perEventHint')}>
            <input type="checkbox" checked={perEvent} onChange={(event) => setPerEvent(event.target.checked)} data-testid="tm-per-event" />
            {t('canvas.timemachine.perEvent')}
          </label>
          <span className={styles.counter} data-testid="tm-counter">
            {t('canvas.timemachine.counter', { frame: ends.indexOf(frame) + 1, count: ends.length })}
          </span>
        </div>
        <p className={styles.record} aria-live="polite" data-testid="tm-record">
          {record}
        </p>
        <form className={styles.asOf} onSubmit={submitAsOf} data-testid="tm-asof">
          <label htmlFor="tm-asof-input">{t('canvas.timemachine.asOf')}</label>
          <input
            id="tm-asof-input"
            type="datetime-local"
            step={1}
            value={asOf}
            onChange={(event) => setAsOf(event.target.value)}
            data-testid="tm-asof-input"
          />
          <button type="submit" className={buttonClass('secondary')} data-testid="tm-asof-go">
            {t('canvas.timemachine.asOfGo')}
          </button>
        </form>
        <label className={styles.toggle}>
          <input type="checkbox" checked={inPlace} onChange={(event) => setInPlace(event.target.checked)} data-testid="tm-inplace" />
          {t('canvas.timemachine.inPlace')}
        </label>
      </div>
      {asOfError && (
        <div className={styles.alertRow}>
          <Alert tone="error" testId="tm-asof-error">
            {asOfError}
          </Alert>
        </div>
      )}

      <TimeMachineCanvas refs={refs} links={links} setting={setting} inPlace={inPlace} />

      <Timeline
        steps={history.steps}
        startsAt={startsAt}
        frame={frame}
        currentTime={currentTime}
        label={t('canvas.timemachine.timeline')}
        describe={describe}
        onJump={(index) => {
          setPlaying(false);
          go(stopAt(ends, index));
        }}
        onKey={onKey}
      />
    </div>
  );
};
