import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../shared/api/client';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast';
import { leaderboardPaths } from '../leaderboard-screen';

type Format = 'xlsx' | 'csv';

/** "Download report": the gamifications report (standings and every award) as Excel or CSV. */
export function LeaderboardReport({ eventId, gameId }: { eventId: string; gameId: string }) {
  const { t } = useTranslation('leaderboard');
  const [busy, setBusy] = useState(false);
  const download = async (format: Format) => {
    setBusy(true);
    try {
      const date = new Date().toISOString().slice(0, 10);
      await apiDownload(
        leaderboardPaths.report(eventId, gameId),
        { format },
        `gamifications-report-${date}.${format}`,
      );
    } catch {
      toast.error(t('tab.reportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={busy} rightSection={<ChevronDownIcon size={16} />}>
          {t('tab.report')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('xlsx')}>{t('tab.reportXlsx')}</Menu.Item>
        <Menu.Item onClick={() => void download('csv')}>{t('tab.reportCsv')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
