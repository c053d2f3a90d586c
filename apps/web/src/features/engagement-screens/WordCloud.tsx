import cloud from 'd3-cloud';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wordSize } from './screen';
import classes from './screens.module.css';

const COLORS = ['#ffd166', '#7ea8ff', '#7ee2a8', '#ff9fb2', '#c3a6ff', '#ffffff'];
const WIDTH = 1600;
const HEIGHT = 640;

interface Placed {
  text: string;
  size: number;
  x: number;
  y: number;
  rotate: number;
  count: number;
  /** Set by d3-cloud: the word's box around (x, y), after rotation. */
  x0?: number;
  x1?: number;
  y0?: number;
  y1?: number;
}

/** The view box around the placed words (centred; a few words are shown larger, but not without limit). */
export function viewBoxOf(words: readonly Placed[]): string {
  if (words.length === 0) return `${-WIDTH / 2} ${-HEIGHT / 2} ${WIDTH} ${HEIGHT}`;
  const minX = Math.min(...words.map((w) => w.x + (w.x0 ?? -w.size)));
  const maxX = Math.max(...words.map((w) => w.x + (w.x1 ?? w.size)));
  const minY = Math.min(...words.map((w) => w.y + (w.y0 ?? -w.size)));
  const maxY = Math.max(...words.map((w) => w.y + (w.y1 ?? w.size)));
  const w = Math.max(maxX - minX + 40, WIDTH * 0.6);
  const h = Math.max(maxY - minY + 40, HEIGHT * 0.6);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return `${Math.round(cx - w / 2)} ${Math.round(cy - h / 2)} ${Math.round(w)} ${Math.round(h)}`;
}

/** A seeded generator, so the same words land in the same places on every render and every screen. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The word cloud of a word-cloud poll, laid out in the browser by d3-cloud (most frequent biggest).
 * Words fade in at the screen's speed; the words and their counts are also in a list for screen readers.
 */
export function WordCloud({
  words,
  transitionMs,
}: {
  words: readonly { text: string; count: number }[];
  transitionMs: number;
}) {
  const { t } = useTranslation('engagementScreens');
  const [placed, setPlaced] = useState<Placed[]>([]);
  const key = words.map((w) => `${w.text}:${w.count}`).join('|');
  const latest = useRef(words);
  latest.current = words;
  useEffect(() => {
    const list = latest.current;
    const max = Math.max(1, ...list.map((w) => w.count));
    const layout = cloud<Placed>()
      .size([WIDTH, HEIGHT])
      .words(
        list.map((w) => ({
          text: w.text,
          count: w.count,
          size: wordSize(w.count, max),
          x: 0,
          y: 0,
          rotate: 0,
        })),
      )
      .padding(6)
      .rotate((_, i) => (i % 5 === 4 ? 90 : 0))
      .font('system-ui, sans-serif')
      .fontWeight(800)
      .fontSize((d) => d.size)
      .random(seeded(list.length + max))
      .on('end', (out) => setPlaced(out as Placed[]));
    layout.start();
    return () => {
      layout.stop();
    };
  }, [key]);
  return (
    <div className={classes.cloud}>
      <svg
        viewBox={viewBoxOf(placed)}
        width="100%"
        height="100%"
        role="img"
        aria-label={t('results.wordCloud', {
          words: words
            .slice(0, 10)
            .map((w) => w.text)
            .join(', '),
        })}
      >
        {placed.map((w, i) => (
          <text
            key={w.text}
            textAnchor="middle"
            transform={`translate(${w.x},${w.y}) rotate(${w.rotate})`}
            fontSize={w.size}
            fontWeight={800}
            fontFamily="system-ui, sans-serif"
            fill={COLORS[i % COLORS.length]}
            // Words come in one after another, at the screen's speed.
            style={{
              animationDuration: `${transitionMs}ms`,
              animationDelay: `${Math.min(i, 30) * (transitionMs / 8)}ms`,
            }}
          >
            {w.text}
          </text>
        ))}
      </svg>
      <ul className={classes.visuallyHidden} aria-label={t('results.words')}>
        {words.map((w) => (
          <li key={w.text}>
            {w.text}: {w.count}
          </li>
        ))}
      </ul>
    </div>
  );
}
