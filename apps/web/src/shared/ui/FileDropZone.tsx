import { Box, Button, Group, LoadingOverlay, type MantineSpacing } from '@mantine/core';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './FileDropZone.module.css';
import { acceptAttribute, dragVerdict, refusalOf, type FileAccept, type FileRefusal } from './fileAcceptance';

export interface FileDropZoneProps {
  accept: FileAccept;
  maxBytes: number;
  onFile: (file: File) => void;
  /** A file refused here, before any upload, with the message to show. */
  onRefuse: (message: string, reason: FileRefusal) => void;
  /** The caller's words for a refusal (e.g. the API's texts); the others are `common:fileDrop`'s. */
  messages?: Partial<Record<FileRefusal, string>>;
  chooseLabel: string;
  /** Ids of the texts that describe the choose button (hint, error). */
  describedBy?: string;
  /** While busy no file is taken; the choose button stays focusable. */
  busy?: boolean;
  /** A loader over the zone while busy. */
  loaderWhileBusy?: boolean;
  padding?: MantineSpacing;
  /** What the zone shows (icon, title, hint). */
  children: ReactNode;
  /** Shown after the choose button (the chosen file, the upload's status). */
  besideChoose?: ReactNode;
}

type DragState = 'accept' | 'reject' | null;

/**
 * A single-file field: a zone to drop a file on (or click) and a "Choose" button, the keyboard's
 * way in, which opens the native file input. The input is hidden and out of the tab order, so the
 * keyboard meets one control, a real button with its focus ring. Type, size and count are checked
 * here first; the API checks the content.
 */
export function FileDropZone(props: FileDropZoneProps) {
  const { t, i18n } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const [drag, setDrag] = useState<DragState>(null);
  const { accept, maxBytes, busy = false } = props;
  useDropsBesideIgnored();

  const messageFor = (reason: FileRefusal): string => {
    const own = props.messages?.[reason];
    if (own) return own;
    if (reason === 'count') return t('fileDrop.oneFile');
    if (reason === 'size') {
      const size = new Intl.NumberFormat(i18n.language, {
        style: 'unit',
        unit: 'megabyte',
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      });
      return t('fileDrop.tooLarge', { size: size.format(maxBytes / 1_000_000) });
    }
    return t('fileDrop.typeRefused', { types: [...new Set(Object.values(accept).flat())].join(', ') });
  };
  const take = (files: readonly File[]) => {
    if (busy) return;
    const refusal = refusalOf(files, accept, maxBytes);
    if (refusal) props.onRefuse(messageFor(refusal), refusal);
    else props.onFile(files[0]!);
  };
  const open = () => {
    if (!busy) input.current?.click();
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (busy) return; // no preventDefault: the browser shows that nothing can be dropped here
    event.preventDefault();
    const verdict = dragVerdict([...event.dataTransfer.items], accept);
    event.dataTransfer.dropEffect = verdict === 'accept' ? 'copy' : 'none';
    setDrag(verdict);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDrag(null);
    take([...event.dataTransfer.files]);
  };
  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = ''; // choosing the same file again is a change again
    take(files);
  };

  return (
    <>
      <Box
        className={classes.zone}
        p={props.padding ?? 'md'}
        data-drag={drag ?? undefined}
        data-busy={busy || undefined}
        aria-busy={busy || undefined}
        onClick={open}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDrag(null)}
        onDrop={onDrop}
      >
        <LoadingOverlay visible={busy && props.loaderWhileBusy === true} />
        <div className={classes.content}>{props.children}</div>
        <input
          ref={input}
          type="file"
          accept={acceptAttribute(accept)}
          hidden
          tabIndex={-1}
          aria-label={props.chooseLabel}
          onChange={onChosen}
        />
      </Box>
      <Group gap="sm">
        {/* Not disabled while busy: a disabled button would drop the keyboard focus. */}
        <Button
          variant="default"
          onClick={open}
          aria-disabled={busy || undefined}
          aria-describedby={props.describedBy || undefined}
          data-field="file"
        >
          {props.chooseLabel}
        </Button>
        {props.besideChoose}
      </Group>
    </>
  );
}

/**
 * A file dropped beside the zone would make the browser open it in place of the app. The zone's
 * own handlers run first (React listens below the document) and mark the events they took.
 */
function useDropsBesideIgnored() {
  useEffect(() => {
    const carriesFiles = (event: globalThis.DragEvent) =>
      event.dataTransfer?.types.includes('Files') === true;
    const onDragOver = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'none';
    };
    const onDrop = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('drop', onDrop);
    };
  }, []);
}
