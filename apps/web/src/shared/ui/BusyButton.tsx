import { Button, Loader, type ButtonProps, type ElementProps } from '@mantine/core';
import type { MouseEvent, Ref } from 'react';
import classes from './BusyButton.module.css';

export interface BusyButtonProps
  extends Omit<ButtonProps, 'loading'>, ElementProps<'button', keyof ButtonProps> {
  /** Work is under way: a loader over the label, `aria-busy`, and clicks (and Enter) do nothing. */
  busy: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that waits without being disabled. Mantine's `loading` disables the button, and a
 * disabled button drops the keyboard focus to the page: after a refused save the user would have
 * to find their way back. This one keeps the focus (and its accessible name) while busy, and
 * ignores clicks meanwhile, so a submit button cannot send the form twice.
 */
export function BusyButton({ busy, children, onClick, className, mod, ...props }: BusyButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      // Also stops the implicit submit of Enter in a field, which clicks the submit button.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      className={className ? `${classes.root} ${className}` : classes.root}
      mod={[{ busy }, mod]}
      aria-busy={busy || undefined}
      onClick={click}
    >
      <span className={classes.label}>{children}</span>
      {busy && (
        <Loader
          className={classes.loader}
          color="var(--button-color)"
          size="calc(var(--button-height) / 1.8)"
          aria-hidden="true"
        />
      )}
    </Button>
  );
}
