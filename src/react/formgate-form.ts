import { createElement, type ReactElement, useEffect, useRef } from "react";
import type { FormResponse } from "../model/index.js";
import { type FileStore, type FormView, type RenderStrings, type RenderableForm, renderForm } from "../dom/index.js";

export interface FormgateFormProps {
  /** The form: a model form, or a `<question-form>` view still arriving (`PartialForm`). */
  form: RenderableForm;
  /** Called with the person's response: answers that passed formgate's check, or a decline or cancel. */
  onResponse: (response: FormResponse) => void;
  /**
   * The response already given: the form is shown answered, read-only (formgate/dom's `settle`);
   * set it once the response is sent on, and when showing a conversation's earlier forms.
   */
  response?: FormResponse;
  /** `renderForm`'s `files`, `strings` and `lang`, read when the form is first shown (a new `key` shows it anew). */
  files?: FileStore;
  strings?: Partial<RenderStrings>;
  lang?: string;
  /** The class of the element the form is drawn in. */
  className?: string;
}

/**
 * A form of formgate/dom in a React tree (docs/ai-sdk.md, "React"). A newer `form` (a partial view that
 * grew, the final form) updates it in place, keeping what the person typed; a different form is
 * a different component (give it a `key`, as the form's id). An answered form stays answered.
 */
export function FormgateForm(props: FormgateFormProps): ReactElement {
  const { form, response } = props;
  const container = useRef<HTMLDivElement | null>(null);
  const view = useRef<FormView | null>(null);
  // The latest props, read when the person responds and when the form is first drawn.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const target = container.current;
    if (target === null) return;
    const { form: first, response: given, files, strings, lang } = latest.current;
    const drawn = renderForm(target, first, {
      onResponse: (value) => latest.current.onResponse(value),
      ...(given !== undefined && { response: given }),
      ...(files !== undefined && { files }),
      ...(strings !== undefined && { strings }),
      ...(lang !== undefined && { lang }),
    });
    view.current = drawn;
    return () => {
      view.current = null;
      drawn.destroy();
    };
  }, []);

  useEffect(() => {
    view.current?.update(form);
  }, [form]);

  useEffect(() => {
    if (response !== undefined) view.current?.settle(response);
  }, [response]);

  return createElement("div", { ref: container, className: props.className });
}
