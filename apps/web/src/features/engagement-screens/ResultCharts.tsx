import { MESSAGES, type EngagementQuestion, type QuestionResult } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { percent } from './screen';
import { WordCloud } from './WordCloud';
import classes from './screens.module.css';

type Question = Pick<
  EngagementQuestion,
  'id' | 'type' | 'text' | 'options' | 'scaleMax' | 'scaleMinLabel' | 'scaleMaxLabel'
> & { correctOptionIds?: readonly string[] };

/** Horizontal bars per option (count and share); correct answers marked once they may be shown. */
function OptionBars({
  question,
  result,
  transitionMs,
  showCorrect,
}: {
  question: Question;
  result: QuestionResult | undefined;
  transitionMs: number;
  showCorrect: boolean;
}) {
  const { t } = useTranslation('engagementScreens');
  const counts = new Map(result?.options.map((o) => [o.optionId, o.count]));
  const total = question.options.reduce((n, o) => n + (counts.get(o.id) ?? 0), 0);
  return (
    <ul className={classes.bars}>
      {question.options.map((o) => {
        const count = counts.get(o.id) ?? 0;
        const share = percent(count, total);
        const correct = showCorrect && (question.correctOptionIds ?? []).includes(o.id);
        return (
          <li key={o.id} className={classes.barRow}>
            <span className={classes.barLabel}>
              {correct ? '✓ ' : ''}
              {o.label}
              {correct && <span className={classes.visuallyHidden}> ({t('results.correct')})</span>}
            </span>
            <span
              className={classes.barTrack}
              role="meter"
              aria-label={o.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
              aria-valuetext={`${share}% (${t('results.votes', { count })})`}
            >
              <span
                className={`${classes.bar} ${correct ? classes.barCorrect : ''}`}
                style={{ width: `${share}%`, transitionDuration: `${transitionMs}ms`, display: 'block' }}
              />
            </span>
            <span className={classes.barValue}>
              {share}% <small>({count})</small>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Columns per value of a linear scale, with its end labels. */
function ScaleBars({
  question,
  result,
  transitionMs,
}: {
  question: Question;
  result: QuestionResult | undefined;
  transitionMs: number;
}) {
  const { t } = useTranslation('engagementScreens');
  const max = question.scaleMax ?? 5;
  const counts = new Map(result?.scale.map((s) => [s.value, s.count]));
  const values = Array.from({ length: max }, (_, i) => i + 1);
  const top = Math.max(1, ...values.map((v) => counts.get(v) ?? 0));
  return (
    <div>
      <div className={classes.scale}>
        {values.map((v) => {
          const count = counts.get(v) ?? 0;
          return (
            <div key={v} className={classes.scaleCol}>
              <span aria-hidden>{count}</span>
              <span
                className={classes.scaleBar}
                style={{ height: `${(count / top) * 85}%`, transitionDuration: `${transitionMs}ms` }}
                role="meter"
                aria-label={String(v)}
                aria-valuemin={0}
                aria-valuemax={top}
                aria-valuenow={count}
                aria-valuetext={t('results.votes', { count })}
              />
              <span>{v}</span>
            </div>
          );
        })}
      </div>
      <div className={classes.scaleEnds}>
        <span>{question.scaleMinLabel}</span>
        <span>{question.scaleMaxLabel}</span>
      </div>
    </div>
  );
}

/** One question's results as the room sees them: bars, scale columns or a word cloud; 'No response' when none. */
export function QuestionResults({
  question,
  result,
  transitionMs,
  showCorrect = false,
}: {
  question: Question;
  result: QuestionResult | undefined;
  transitionMs: number;
  showCorrect?: boolean;
}) {
  const { t } = useTranslation('engagementScreens');
  const responses = result?.responses ?? 0;
  let body;
  if (question.type === 'RADIOBOX' || question.type === 'CHECKBOX')
    body = (
      <OptionBars question={question} result={result} transitionMs={transitionMs} showCorrect={showCorrect} />
    );
  else if (question.type === 'LINEAR_SCALE')
    body = <ScaleBars question={question} result={result} transitionMs={transitionMs} />;
  else if (result && result.words.length > 0)
    body = <WordCloud words={result.words} transitionMs={transitionMs} />;
  else body = null;
  return (
    <>
      <h2 className={classes.question}>{question.text}</h2>
      <p className={classes.subtitle} role="status">
        {responses === 0 ? MESSAGES.noResponse : t('results.responses', { count: responses })}
      </p>
      {body}
    </>
  );
}
