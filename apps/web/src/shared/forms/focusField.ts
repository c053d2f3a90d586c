/** Focuses the control marked `data-field={name}` in `form`, or the first input inside it (pickers mark their wrapper). */
export function focusField(form: HTMLFormElement | null, name: string): void {
  requestAnimationFrame(() => {
    const marked = form?.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
    if (!marked) return;
    const target = marked.matches('input, textarea, button, select, [tabindex]')
      ? marked
      : marked.querySelector<HTMLElement>('input:not([type="hidden"]), button, textarea');
    (target ?? marked).focus();
  });
}
