import { ActionIcon } from '@mantine/core';
import { copied } from '@plenary/domain';
import { useState } from 'react';
import { apiFetch } from '../api/client';
import { isApiError } from '../api/errors';
import { toast } from './toast';

function CopyIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

interface CopyButtonProps {
  /** The accessible name and tooltip ('Copy <name>'). */
  label: string;
  /** The copied record's name, for the spec's toast 'Copied: <name>'. */
  name: string;
  /** The copy endpoint (`POST`). */
  path: string;
  /** The toast when the API gives no message. */
  failedText: string;
  /** After a copy: refresh the list. */
  onCopied: () => Promise<unknown>;
}

/** A row action that copies a record on the server and says 'Copied: <name>' (spec part 8). */
export function CopyButton({ label, name, path, failedText, onCopied }: CopyButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <ActionIcon
      variant="subtle"
      aria-label={label}
      title={label}
      loading={busy}
      onClick={() => {
        setBusy(true);
        apiFetch(path, { method: 'POST' })
          .then(async () => {
            toast.success(copied(name));
            await onCopied();
          })
          .catch((error: unknown) =>
            toast.error(isApiError(error) && error.message ? error.message : failedText),
          )
          .finally(() => setBusy(false));
      }}
    >
      <CopyIcon />
    </ActionIcon>
  );
}
