import { SPEED_LABELS, SPEED_OPTIONS, type Speed } from '@plenary/domain';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { parseSpeed } from './screen';
import classes from './screens.module.css';

/** The speed of the screen's animations and scrolling, kept in the URL (`?speed=`), 1 (slower) … 20 (faster). */
export function useSpeed(): [Speed, (s: Speed) => void] {
  const [params, setParams] = useSearchParams();
  const speed = parseSpeed(params.get('speed'));
  const set = useCallback(
    (s: Speed) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('speed', String(s));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [speed, set];
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function SpeedSelect({ speed, onChange }: { speed: Speed; onChange: (s: Speed) => void }) {
  const { t } = useTranslation('engagementScreens');
  const id = useId();
  return (
    <span>
      <label htmlFor={id} className={classes.speedLabel}>
        {t('speed')}
      </label>
      <select
        id={id}
        className={classes.speed}
        value={speed}
        onChange={(e) => onChange(Number(e.target.value) as Speed)}
      >
        {SPEED_OPTIONS.map((s) => {
          const label = SPEED_LABELS[s];
          return (
            <option key={s} value={s}>
              {label ? t('speedOptionLabelled', { value: s, label }) : t('speedOption', { value: s })}
            </option>
          );
        })}
      </select>
    </span>
  );
}

/**
 * A full-screen front-of-room frame: no console chrome, dark and high-contrast, a title line with
 * the session, the live state and (where the screen animates) the speed select.
 */
export function ScreenFrame({
  title,
  subtitle,
  speed,
  children,
}: {
  title: string;
  subtitle?: string;
  speed?: { value: Speed; onChange: (s: Speed) => void };
  children: ReactNode;
}) {
  const { t } = useTranslation('engagementScreens');
  usePageTitle(title);
  const online = useOnline();
  return (
    <div className={classes.screen}>
      <header className={classes.header}>
        <div>
          <h1 className={classes.title}>{title}</h1>
          {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
        </div>
        <div className={classes.tools}>
          {speed && <SpeedSelect speed={speed.value} onChange={speed.onChange} />}
          <span className={`${classes.live} ${online ? '' : classes.offline}`} role="status">
            {online ? t('live') : t('reconnecting')}
          </span>
        </div>
      </header>
      <main className={classes.body} id="main">
        {children}
      </main>
    </div>
  );
}

/** A centred message filling the screen (loading, not found, empty). */
export function ScreenMessage({ children }: { children: ReactNode }) {
  return (
    <p className={classes.message} role="status">
      {children}
    </p>
  );
}
