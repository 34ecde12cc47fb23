/** "1 min 05 s", "12 s": a duration for a progress line. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

/**
 * What a progress line says after the bar: done/total, the rate and, once a
 * rate is known, the time left at that rate (issue 23 §3: an ETA).
 */
export const progressText = (done: number, total: number, elapsedMs: number): string => {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const left = Math.max(0, total - done);
  const eta = rate > 0 && done > 0 ? `, ${left > 0 ? `about ${formatDuration((left / rate) * 1000)} left` : 'finishing'}` : '';
  return `${done}/${total} (${Math.round(rate).toLocaleString('en-US')}/s${eta})`;
};

/** A one-line progress bar on stderr (plain lines when not a terminal), with the rate and an ETA. */
export const progressBar = (label: string, stream: NodeJS.WriteStream = process.stderr, now: () => number = () => Date.now()) => {
  const started = now();
  let lastLine = 0;
  let lastPercent = -1;
  return {
    update(done: number, total: number): void {
      const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
      const at = now();
      if (stream.isTTY) {
        if (at - lastLine < 100 && percent !== 100) return;
        lastLine = at;
        const width = 30;
        const filled = Math.round((percent / 100) * width);
        stream.write(
          `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${progressText(done, total, at - started)}\x1b[K`,
        );
      } else if (percent >= lastPercent + 10 || (percent === 100 && lastPercent !== 100)) {
        lastPercent = percent;
        stream.write(`${label} ${percent}% ${progressText(done, total, at - started)}\n`);
      }
    },
    done(): void {
      if (stream.isTTY) stream.write('\n');
    },
  };
};
