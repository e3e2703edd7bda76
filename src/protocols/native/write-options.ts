import type { ChoiceOption, Issue, PathSegment, Resource } from "../../model/index.js";
import { cardOnOption, cardWarning, copyJson, copyJsonWithout, ownValue, warning } from "../../model/index.js";
import type { NativeIcon, NativeOption, NativeResource } from "../../../generated/native-request.js";
import type { NativeFieldExtension } from "./extensions.js";

/**
 * Writes a model choice option as a titled `const` option. The thumbnail becomes
 * `x-openai-thumbnail` (or the deprecated `x-openai-preview` when it was read from it).
 */
export function writeOption(option: ChoiceOption, ext: NativeFieldExtension, at: PathSegment[], warnings: Issue[]): NativeOption {
  if (option.label === undefined) warnings.push(warning("approximated", [...at, "label"], `has no label; written with its value "${option.value}" as the title`));
  const out: NativeOption = { const: option.value, title: option.label ?? option.value };
  const card = cardOnOption(option);
  const description = option.description ?? card?.description;
  if (description !== undefined) out.description = description;
  const thumbnail = option.thumbnail ?? card?.thumbnail;
  if (thumbnail !== undefined) {
    const key = ext.previewKey?.includes(option.value) ? "x-openai-preview" : "x-openai-thumbnail";
    out[key] = { ...thumbnail } as NativeIcon;
  }
  const extraPreview = ext.extraPreviews === undefined ? undefined : ownValue(ext.extraPreviews, option.value);
  if (extraPreview !== undefined) out["x-openai-preview"] = { ...extraPreview } as NativeIcon;
  warnUnsaid(option, at, warnings, ["icons"]);
  if (card !== undefined) warnings.push(cardWarning(card, "a native option", [...at, "card"]));
  return out;
}

/** Reports the `keys` an option carries that the native option written for it cannot say. */
export function warnUnsaid(option: ChoiceOption, at: PathSegment[], warnings: Issue[], keys: readonly (keyof ChoiceOption)[]): void {
  for (const key of keys) {
    if (option[key] !== undefined) warnings.push(warning("dropped", [...at, key], `has no native form (native options carry a title, a description and a thumbnail)`));
  }
}

/**
 * Writes a model resource as a native (MCP) resource: the thumbnail moves into
 * `_meta["openai/thumbnail"]` (or the legacy `openai/preview` it was read from), beside
 * the other `meta` keys.
 */
export function writeResource(resource: Resource, ext: NativeFieldExtension): NativeResource {
  const { thumbnail, meta } = resource;
  const out = copyJsonWithout(resource, "thumbnail", "meta") as NativeResource;
  if (thumbnail !== undefined || meta !== undefined) {
    const _meta: Record<string, unknown> = copyJson(meta ?? {});
    if (thumbnail !== undefined) _meta[ext.previewKey?.includes(resource.uri) ? "openai/preview" : "openai/thumbnail"] = { ...thumbnail };
    out._meta = _meta;
  }
  return out;
}
