import type { ChoiceOption, Field, FileField, ResourceField } from "../../model/index.js";
import type { Report } from "../report/index.js";
import type { Keywords } from "./keywords.js";

/** Where a keyword sits in an elicitation schema. */
export type Place = "form" | "string" | "number" | "boolean" | "select" | "array" | "items" | "titledItems" | "option";

/**
 * The keywords of MCP's restricted JSON Schema (specification 2025-11-25, `schema.ts`:
 * `ElicitRequestFormParams.requestedSchema` and `PrimitiveSchemaDefinition`), by place.
 * `title` / `description` on the form are not in it: the Python SDK's pydantic schemas
 * carry them, and both protocols read them (docs/mcp.md, decision 4).
 */
export const STANDARD_KEYWORDS: Readonly<Record<Place, readonly string[]>> = {
  form: ["$schema", "type", "properties", "required", "title", "description"],
  string: ["type", "title", "description", "minLength", "maxLength", "format", "default"],
  number: ["type", "title", "description", "minimum", "maximum", "default"],
  boolean: ["type", "title", "description", "default"],
  select: ["type", "title", "description", "oneOf", "enum", "enumNames", "default"],
  array: ["type", "title", "description", "minItems", "maxItems", "default", "items"],
  items: ["type", "enum"],
  titledItems: ["anyOf"],
  option: ["const", "title"],
};

/** The name, title and description every field shares. */
export interface Common {
  id: string;
  required: boolean;
  label?: string;
  description?: string;
}

/**
 * What a protocol adds on top of the standard JSON-Schema elicitation codec. `mcp` adds
 * nothing (its layer only names where its wire details are kept, and how resources are
 * written); `native` adds the OpenAI extensions (`src/protocols/native/layer.ts`).
 * The codec reads and writes every keyword it knows once, and admits a keyword outside the
 * standard set only where the layer lists it.
 */
export interface SchemaLayer {
  /** The protocol's name: the model `extensions` entry its wire details are kept in. */
  readonly name: string;
  /** What a message calls the protocol ("standard MCP", "ACP"), as in "a standard MCP form". */
  readonly title: string;
  /** Keywords the layer admits beside the standard ones, by place. */
  readonly keywords: Readonly<Partial<Record<Place, readonly string[]>>>;
  /**
   * Keywords the layer reads but writes only where it read them, by place (mcp: a string's
   * `pattern`, which the specification's example has and `schema.ts` does not).
   */
  readonly reads?: Readonly<Partial<Record<Place, readonly string[]>>>;
  /** Said after a keyword the codec rejects (mcp: that forms with OpenAI extensions are native's). */
  readonly rejectedKeywordHint?: string;
  /** Arrays of free strings (items without `enum` / `anyOf`), which read as a choice taking typed answers. */
  readonly freeTextArrays?: boolean;
  /** Reads a property the layer owns whole (native: one with `x-openai-input`); `false` when it is not the layer's. */
  readOwnField?(props: Keywords, common: Common): Field | undefined | false;
  /** Reads the layer's keywords of a titled option (after `const` and `title`) into `option`. */
  readOption?(raw: Record<string, unknown>, option: ChoiceOption, ext: Record<string, unknown>, report: Report): void;
  /**
   * Writes the layer's keywords of a titled option (what `optionKeys` names); what an option says beyond its value,
   * its title and those keys is reported dropped by the codec.
   */
  writeOption?(option: ChoiceOption, out: Record<string, unknown>, ext: Record<string, unknown>, report: Report): void;
  /** What the layer's titled options say, for the warnings about what they cannot (default: "a value and a title"). */
  readonly optionCarries?: string;
  /** The keys of a model option that `writeOption` writes (native: its description, thumbnail and card). */
  readonly optionKeys?: readonly (keyof ChoiceOption)[];
  /** Writes a resource or file field; what the protocol cannot hold at all is an error. */
  writeResourceField(field: ResourceField | FileField, report: Report): object | undefined;
}

/** True when the keyword may appear at that place: standard, or admitted by the layer. */
export function admits(layer: SchemaLayer, place: Place, key: string): boolean {
  return STANDARD_KEYWORDS[place].includes(key) || (layer.keywords[place]?.includes(key) ?? false);
}

/** A layer's protocol as a message says it, with its article: "a standard MCP", "an ACP". */
export function titled(layer: SchemaLayer): string {
  return `${/^[AEIOU]/.test(layer.title) ? "an" : "a"} ${layer.title}`;
}

/** What a layer's forms are called in a message: "a standard MCP form", "an ACP form". */
export function formName(layer: SchemaLayer): string {
  return `${titled(layer)} form`;
}

/** True when the layer reads the keyword at that place without admitting it for writing. */
export function reads(layer: SchemaLayer, place: Place, key: string): boolean {
  return layer.reads?.[place]?.includes(key) ?? false;
}

/** Every keyword allowed at that place when reading. */
export function allowed(layer: SchemaLayer, place: Place): string[] {
  return [...STANDARD_KEYWORDS[place], ...(layer.keywords[place] ?? []), ...(layer.reads?.[place] ?? [])];
}
