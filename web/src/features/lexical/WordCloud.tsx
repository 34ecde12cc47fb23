import { useEffect, useState, type RefObject } from 'react';
import { cloudFont, colourOf, type CloudInput, type CloudRequest, type CloudResponse, type PlacedWord } from './cloudModel.ts';
import styles from './Lexical.module.css';

let nextId = 0;

/** Lays `words` out in a Web Worker (d3-cloud); null while it works. */
export const useCloudLayout = (words: readonly CloudInput[], width: number, height: number): PlacedWord[] | null => {
  const [placed, setPlaced] = useState<{ key: readonly CloudInput[]; words: PlacedWord[] } | null>(null);
  useEffect(() => {
    if (words.length === 0 || typeof Worker === 'undefined') {
      setPlaced({ key: words, words: [] });
      return;
    }
    const id = ++nextId;
    const worker = new Worker(new URL('./cloudWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CloudResponse>) => {
      if (event.data.id === id) setPlaced({ key: words, words: event.data.placed });
      worker.terminate();
    };
    worker.onerror = () => {
      setPlaced({ key: words, words: [] });
      worker.terminate();
    };
    const request: CloudRequest = { id, words: [...words], width, height, padding: 3, font: cloudFont, seed: 20260 };
    worker.postMessage(request);
    return () => worker.terminate();
  }, [words, width, height]);
  return placed && placed.key === words ? placed.words : null;
};

/**
 * A word cloud (issue 13 §2–§3): the SVG of the words the worker placed, the
 * size of the layout (`width` × `height`) scaled down to fit narrow screens.
 * The words are also in the page's table: the picture is named, not read.
 */
export const WordCloud = ({
  words,
  width,
  height,
  label,
  svgRef,
  onPlaced,
}: {
  words: readonly CloudInput[];
  width: number;
  height: number;
  label: string;
  svgRef?: RefObject<SVGSVGElement | null>;
  onPlaced?: (placed: PlacedWord[]) => void;
}) => {
  const placed = useCloudLayout(words, width, height);
  useEffect(() => {
    if (placed) onPlaced?.(placed);
  }, [placed, onPlaced]);
  return (
    <div className={styles.cloudBox} style={{ maxWidth: width }}>
      <svg
        ref={svgRef}
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className={styles.cloud}
        data-testid="word-cloud"
        data-state={placed ? 'ready' : 'loading'}
        data-words={placed?.length ?? 0}
      >
        <rect width="100%" height="100%" fill="#ffffff" />
        <g transform={`translate(${width / 2},${height / 2})`} fontFamily={cloudFont}>
          {(placed ?? []).map((word, i) => (
            <text
              key={`${word.text}-${i}`}
              textAnchor="middle"
              transform={`translate(${word.x},${word.y}) rotate(${word.rotate})`}
              fontSize={word.size}
              fill={colourOf(i)}
            >
              {word.text}
            </text>
          ))}
        </g>
      </svg>
    </div>
  );
};
