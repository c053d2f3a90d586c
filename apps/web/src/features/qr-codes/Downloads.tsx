import { ActionIcon, Button, Menu } from '@mantine/core';
import { QR_EXPORT_SIZES } from '@plenary/domain';
import { Fragment, useState, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../shared/api/client';
import { BusyButton } from '../../shared/ui/BusyButton';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast';
import {
  codePngPath,
  codesSheetPath,
  pngFileName,
  reportFileName,
  reportPath,
  type CodeRow,
  type ReportFormat,
  type ReportKind,
} from './api';

/** A download arrow (decorative). */
export function DownloadIcon({ size = 16, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
    </svg>
  );
}

/** Runs a download with a busy flag; a failure becomes an error toast. */
function useDownload() {
  const [busy, setBusy] = useState(false);
  const run = async (download: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await download();
    } catch {
      toast.error(failed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A row's "Download the QR code of <name>": a menu of the spec's sizes (PNG 1200 × 1200, 1800 × 1800). */
export function PngMenu({ eventId, code }: { eventId: string; code: CodeRow }) {
  const { t } = useTranslation('qrCodes');
  const { busy, run } = useDownload();
  const label = t('codes.png.button', { name: code.name });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label} title={label} loading={busy}>
          <DownloadIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>
        {QR_EXPORT_SIZES.map((size) => (
          <Menu.Item
            key={size}
            onClick={() =>
              void run(
                () => apiDownload(codePngPath(eventId, code.id), { size }, pngFileName(code, size)),
                t('codes.png.failed'),
              )
            }
          >
            {t('codes.png.size', { size })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** "Download sheet (PDF)": every code of the event on A4 pages, six a page. */
export function SheetButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation('qrCodes');
  const { busy, run } = useDownload();
  return (
    <BusyButton
      variant="default"
      busy={busy}
      leftSection={<DownloadIcon />}
      onClick={() =>
        void run(
          () => apiDownload(codesSheetPath(eventId), undefined, 'custom-qr-codes.pdf'),
          t('codes.sheet.failed'),
        )
      }
    >
      {t('codes.sheet.button')}
    </BusyButton>
  );
}

const REPORTS: ReadonlyArray<{ kind: ReportKind; key: 'custom' | 'session' }> = [
  { kind: 'custom-qr-codes', key: 'custom' },
  { kind: 'session-qr-codes', key: 'session' },
];
const FORMATS: readonly ReportFormat[] = ['xlsx', 'csv'];

/** "Download report": the spec's QR reports (custom QR codes, session QR codes) as Excel or CSV. */
export function ReportsMenu({ eventId }: { eventId: string }) {
  const { t } = useTranslation('qrCodes');
  const { busy, run } = useDownload();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={busy} rightSection={<ChevronDownIcon size={16} />}>
          {t('reports.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {REPORTS.map(({ kind, key }, i) => (
          <Fragment key={kind}>
            {i > 0 && <Menu.Divider />}
            <Menu.Label>{t(`reports.${key}`)}</Menu.Label>
            {FORMATS.map((format) => (
              <Menu.Item
                key={format}
                aria-label={t('reports.itemLabel', {
                  report: t(`reports.${key}`),
                  format: t(`reports.${format}`),
                })}
                onClick={() =>
                  void run(
                    () => apiDownload(reportPath(eventId, kind), { format }, reportFileName(kind, format)),
                    t('reports.failed'),
                  )
                }
              >
                {t(`reports.${format}`)}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
