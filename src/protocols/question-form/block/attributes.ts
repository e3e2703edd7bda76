import { ownValue } from "../../../model/index.js";
import type { AtOffset } from "./findings.js";

const NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the usual character references (`&amp;`, `&#39;`, `&#x2014;`, …); others stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text; // most values: no replace, no callback made
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (whole, dec: string, hex: string, name: string) => {
      if (name !== undefined) return ownValue(NAMED, name) ?? whole;
      const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex, 16);
      return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    },
  );
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Escapes an attribute value for a double-quoted attribute (line breaks and tabs by their number). */
export const escapeAttribute = (text: string): string =>
  text.replace(/[&<>"\n\r\t]/g, (c) => ESCAPES[c] ?? `&#${c.charCodeAt(0)};`);

/** One attribute as written: its name (lower case), its value (undefined without `=`), whether the value was quoted. */
export interface Attribute {
  name: string;
  written: string;
  value?: string;
  quoted: boolean;
  /** Offset of the attribute's name in the message. */
  at: number;
}

/**
 * The attributes of an open tag (the text between the tag name and `>`), at `offset` in the
 * message. Values may be double- or single-quoted, or bare; character references are decoded.
 * A character that cannot start an attribute is a warning, except the `/` of `/>`.
 */
export function scanAttributes(text: string, offset: number, at: AtOffset): Attribute[] {
  const out: Attribute[] = [];
  const pattern = /\s*([^\s"'=<>/`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*(\S)/gy;
  for (let match = pattern.exec(text); match !== null && match[0] !== ""; match = pattern.exec(text)) {
    const where = offset + match.index + match[0].search(/\S/);
    const [, written, double, single, bare, stray] = match;
    const value = double ?? single ?? bare;
    if (written !== undefined) {
      const attribute: Attribute = { name: written.toLowerCase(), written, quoted: bare === undefined, at: where };
      if (value !== undefined) attribute.value = decodeEntities(value);
      out.push(attribute);
    } else if (stray !== "/") {
      const said = `the open tag holds an unexpected ${JSON.stringify(stray)}, which is ignored`;
      at(where).warn("malformed_attribute", said);
    }
  }
  return out;
}

/** What a block's open tag said. */
export interface BlockAttributes {
  id?: string;
  title?: string;
}

/**
 * Reads the `id` and `title` of a block's open tag. A bare (unquoted) value is ignored with a
 * warning: the reference renderer reads only quoted values, so it shows such a form as
 * "discovery" and its answers name that id.
 */
export function readAttributes(text: string, offset: number, at: AtOffset): BlockAttributes {
  const out: BlockAttributes = {};
  const seen = new Set<string>();
  for (const { name, written, value, quoted, at: where } of scanAttributes(text, offset, at)) {
    const attribute = `the ${name} attribute`;
    if (name !== "id" && name !== "title") {
      const said = `the attribute \`${written}\` is not part of the protocol, so it is ignored`;
      at(where).warn("unknown_attribute", said);
    } else if (value === undefined) at(where).at(name).error("invalid_attribute", `${attribute} has no value`);
    else if (!quoted) {
      const said = `${attribute}'s value is not quoted, so it is ignored, as the reference renderer ignores it`;
      at(where).at(name).warn("unquoted_attribute", `${said} (write ${name}="${value}")`);
    } else {
      if (seen.has(name))
        at(where).at(name).warn("duplicate_attribute", `${attribute} is repeated, and the first one is read`);
      else out[name] = value;
      seen.add(name);
      if (name === "id" && out.id === "") at(where).at("id").error("invalid_attribute", "the id attribute is empty");
    }
  }
  return out;
}
