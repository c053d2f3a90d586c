import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** First focusable element of every page: jumps past the header to #main (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className={classes.skip} href="#main">
      {t('a11y.skipToContent')}
    </a>
  );
}
