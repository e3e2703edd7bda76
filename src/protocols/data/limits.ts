/**
 * The Data contract's limits, defaults and formats, each written once: schema.ts validates
 * with them, rules.ts, read-form.ts, write-form.ts and ids.ts apply them. Their source is
 * schemas/data-tool-input.schema.json; test/data/limits.test.ts checks every value here
 * against its keyword there.
 */
import { ACCEPT_TOKEN } from "../../model/index.js";

/** Serialized arguments: at most 1 MiB, measured as JSON string length. */
export const MAX_ARGUMENTS_LENGTH = 1024 * 1024;
/** `message`: 1 to 80 characters. */
export const MAX_MESSAGE_LENGTH = 80;
/** `questions`: 1 to 12. */
export const MAX_QUESTIONS = 12;
/** A question's `title`: 1 to 80 characters, trimmed. */
export const MAX_TITLE_LENGTH = 80;
/** A question's `description`. */
export const MAX_DESCRIPTION_LENGTH = 2000;
/** A question's `options`, and the bound of every `minItems` and `maxItems`. */
export const MAX_OPTIONS = 24;
/** `maxItems` of a `files` question when not given. */
export const DEFAULT_FILES_MAX_ITEMS = MAX_OPTIONS;
/** A text question's `maxLength` is 1 to this. */
export const MAX_TEXT_MAX_LENGTH = 16000;
/** A text question's `maxLength` when not given. */
export const DEFAULT_TEXT_MAX_LENGTH = 4000;
/** A choice option's `title`, a resource's `name` and `title`. */
export const MAX_OPTION_TITLE_LENGTH = 500;
/** A choice option's or a resource's `description`. */
export const MAX_OPTION_DESCRIPTION_LENGTH = 1000;
/** A resource's `uri`. */
export const MAX_URI_LENGTH = 8192;
/** A resource's `icons`. */
export const MAX_ICONS = 2;
/** An image's `src` (a data URI is the image itself). */
export const MAX_IMAGE_SRC_LENGTH = 262144;
/** Every `mimeType`, and every entry of `accept`. */
export const MAX_MIME_TYPE_LENGTH = 100;
/** A `files` question's `accept`: 1 to 12 entries. */
export const MAX_ACCEPT_ENTRIES = 12;

/** Question and option ids: at most 64 characters. */
export const MAX_ID_LENGTH = 64;
/** Question and option ids: a letter, then up to 63 letters, digits, `_` or `-`. */
export const ID_PATTERN = new RegExp(`^[A-Za-z][A-Za-z0-9_-]{0,${MAX_ID_LENGTH - 1}}$`);
/** Titles and names: no leading or trailing whitespace. */
export const TRIMMED_PATTERN = /^\S(?:[\s\S]*\S)?$/;
/**
 * An `accept` entry: a filename extension such as `.csv`, or a MIME type such as `text/csv` or `image/*` (the rule
 * native shares, in the model).
 */
export const ACCEPT_PATTERN = ACCEPT_TOKEN;
