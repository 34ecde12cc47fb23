/** A one-line progress bar on stderr (plain lines when not a terminal). */
export const progressBar = (label: string, stream: NodeJS.WriteStream = process.stderr) => {
  let lastLine = 0;
  let lastPercent = -1;
  return {
    update(done: number, total: number): void {
      const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
      if (stream.isTTY) {
        const now = Date.now();
        if (now - lastLine < 100 && percent !== 100) return;
        lastLine = now;
        const width = 30;
        const filled = Math.round((percent / 100) * width);
        stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${done}/${total}`);
      } else if (percent >= lastPercent + 10 || (percent === 100 && lastPercent !== 100)) {
        lastPercent = percent;
        stream.write(`${label} ${percent}% ${done}/${total}\n`);
      }
    },
    done(): void {
      if (stream.isTTY) stream.write('\n');
    },
  };
};
