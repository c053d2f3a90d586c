import { useTranslation } from 'react-i18next';

/** The labelled controls of Mantine's calendars (every date input of the app). */
export function useDateAriaLabels() {
  const { t } = useTranslation('common');
  return {
    previousMonth: t('dates.previousMonth'),
    nextMonth: t('dates.nextMonth'),
    previousYear: t('dates.previousYear'),
    nextYear: t('dates.nextYear'),
    previousDecade: t('dates.previousDecade'),
    nextDecade: t('dates.nextDecade'),
    monthLevelControl: t('dates.chooseMonth'),
    yearLevelControl: t('dates.chooseYear'),
  };
}
