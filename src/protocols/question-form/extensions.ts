/**
 * What this protocol keeps in a field's `extensions["question-form"]`: details of a block
 * the model has no place for, so that block → model → block is lossless.
 */
export interface FieldExtension {
  /** A placeholder on a question whose model field has none (switch). */
  placeholder?: string;
  /** `min`/`max`/`step` on a question whose model field has no bounds (date, time, …). */
  min?: number;
  max?: number;
  step?: number;
  /** `allowCustom` written out although unset means the same (`true` on a choice, `false` on direction-cards). */
  allowCustom?: boolean;
  /** Custom-answer copy on a question that does not allow custom answers. */
  customLabel?: string;
  customPlaceholder?: string;
  /** `accept` as written, when it is not the normalized `a,b` list. */
  accept?: string;
  /** `options` written beside the `cards` of a direction-cards question. */
  options?: unknown[];
  /** A select option's `group` and `trailingLabel` (the skill's), by option value. */
  optionDetails?: Record<string, { group?: string; trailingLabel?: string }>;
}
