import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@plenary/domain';
import i18n from '../i18n';

type Kind = 'success' | 'error' | 'info';

const COLORS: Record<Kind, string> = { success: 'teal', error: 'red', info: 'blue' };

function show(kind: Kind, message: string, title?: string): string {
  return notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    // Under a title Mantine dims the message (#868e96 on white, 3.3:1); WCAG AA needs 4.5:1.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    // Errors are announced at once; the others politely.
    role: kind === 'error' ? 'alert' : 'status',
  });
}

export const toast = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  info: (message: string, title?: string) => show('info', message, title),
};
