import { type Image, cardOnOption, cardWarning, ownValue, setOwn } from "../../model/index.js";
import type { NativeIcon } from "../../../generated/native-request.js";
import { type SchemaLayer, readOptionDescription, writeOptionDescription } from "../json-schema/index.js";
import type { NativeFieldExtension } from "./extensions.js";
import { readResourceField } from "./read-resource.js";
import { ICON, check } from "./wire-schemas.js";
import { writeResourceField } from "./write-resource.js";

/**
 * The OpenAI extensions the native protocol adds to the standard JSON-Schema codec
 * (`openai/mcp-extensions` docs/spec.md, "OpenAI Form Elicitation", and
 * ../shared/spec/native-form-api.md): `pattern`, `x-openai-suggestions` (typed answers beside
 * options, and free-string arrays), option descriptions and thumbnails, resource and file
 * fields (`x-openai-input`), `uniqueItems`, `items.type` beside `anyOf`, and number `enum`.
 */
export const openaiLayer: SchemaLayer = {
  name: "native",
  title: "OpenAI native",
  keywords: {
    string: ["pattern", "x-openai-suggestions"],
    number: ["enum"],
    array: ["uniqueItems"],
    titledItems: ["type"],
    option: ["description", "x-openai-thumbnail", "x-openai-preview"],
  },
  freeTextArrays: true,
  optionCarries: "a title, a description and a thumbnail",
  optionKeys: ["description", "thumbnail", "card"],
  readOwnField(props, common) {
    return props.has("x-openai-input") ? readResourceField(props, common, openaiLayer) : false;
  },
  readOption(raw, option, ext, report) {
    const native = ext as NativeFieldExtension;
    readOptionDescription(raw, option, report);
    const thumbnail = Object.hasOwn(raw, "x-openai-thumbnail")
      ? check(ICON, raw["x-openai-thumbnail"], report.at("x-openai-thumbnail"))
      : undefined;
    const preview = Object.hasOwn(raw, "x-openai-preview")
      ? check(ICON, raw["x-openai-preview"], report.at("x-openai-preview"))
      : undefined;
    if (thumbnail !== undefined) option.thumbnail = { ...thumbnail } as Image;
    if (preview !== undefined) {
      report
        .at("x-openai-preview")
        .warn(
          "alias_merged",
          "Its `x-openai-preview` is the deprecated name of `x-openai-thumbnail`, and is read as it.",
        );
      if (thumbnail === undefined) {
        option.thumbnail = { ...preview } as Image;
        (native.previewKey ??= []).push(option.value);
      } else {
        setOwn((native.extraPreviews ??= {}), option.value, { ...preview } as Image);
      }
    }
  },
  writeOption(option, out, ext, report) {
    const native = ext as NativeFieldExtension;
    const card = cardOnOption(option);
    writeOptionDescription(option, out, card?.description);
    const thumbnail = option.thumbnail ?? card?.thumbnail;
    if (thumbnail !== undefined) {
      const key = native.previewKey?.includes(option.value) ? "x-openai-preview" : "x-openai-thumbnail";
      out[key] = { ...thumbnail } as NativeIcon;
    }
    const extraPreview = native.extraPreviews === undefined ? undefined : ownValue(native.extraPreviews, option.value);
    if (extraPreview !== undefined) out["x-openai-preview"] = { ...extraPreview } as NativeIcon;
    if (card !== undefined) report.adopt([cardWarning(card, "a native option", ["card"])]);
  },
  writeResourceField,
};
