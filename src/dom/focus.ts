/** The control with focus inside the form, to focus again (with its caret) if it is drawn anew. */
export function focusOf(form: HTMLFormElement): { restore(): void } | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !form.contains(active) || active.id === "") return undefined;
  const caret = caretOf(active);
  return {
    restore() {
      if (active.isConnected) return;
      const again = form.querySelector<HTMLElement>(`#${CSS.escape(active.id)}`);
      again?.focus({ preventScroll: true });
      // Not every input type has a caret: setting one where there is none throws.
      if (caret !== undefined && (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement))
        try {
          again.setSelectionRange(...caret);
        } catch {}
    },
  };
}

function caretOf(element: HTMLElement): [number, number] | undefined {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return undefined;
  const { selectionStart, selectionEnd } = element;
  return selectionStart === null ? undefined : [selectionStart, selectionEnd ?? selectionStart];
}
