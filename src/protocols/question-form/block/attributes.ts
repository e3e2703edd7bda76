import type { Findings } from "./findings.js";

const NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the usual character references (`&amp;`, `&#39;`, `&#x2014;`, …); others stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text; // most values: no replace, no callback made
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (whole, dec: string, hex: string, name: string) => {
      if (name !== undefined) return Object.hasOwn(NAMED, name) ? (NAMED[name] as string) : whole;
      const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex, 16);
      return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    },
  );
}

/** Escapes an attribute value for a double-quoted attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(
    /[&<>"\n\r\t]/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;" })[
        c
      ] as string,
  );
}

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
export function scanAttributes(text: string, offset: number, findings: Findings): Attribute[] {
  const out: Attribute[] = [];
  const pattern = /\s*([^\s"'=<>/`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*(\S)/gy;
  for (let match = pattern.exec(text); match !== null && match[0] !== ""; match = pattern.exec(text)) {
    const at = offset + match.index + match[0].search(/\S/);
    if (match[5] !== undefined) {
      if (match[5] !== "/")
        findings.warn(
          "malformed_attribute",
          [],
          `the open tag holds an unexpected ${JSON.stringify(match[5])}, which is ignored`,
          at,
        );
      continue;
    }
    const raw = match[2] ?? match[3] ?? match[4];
    const attribute: Attribute = {
      name: (match[1] as string).toLowerCase(),
      written: match[1] as string,
      quoted: match[4] === undefined,
      at,
    };
    if (raw !== undefined) attribute.value = decodeEntities(raw);
    out.push(attribute);
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
export function readAttributes(text: string, offset: number, findings: Findings): BlockAttributes {
  const out: BlockAttributes = {};
  const seen = new Set<string>();
  for (const { name, written, value, quoted, at } of scanAttributes(text, offset, findings)) {
    if (name !== "id" && name !== "title") {
      findings.warn(
        "unknown_attribute",
        [],
        `the attribute \`${written}\` is not part of the protocol, so it is ignored`,
        at,
      );
      continue;
    }
    if (value === undefined) {
      findings.error("invalid_attribute", [name], `the ${name} attribute has no value`, at);
      continue;
    }
    if (!quoted) {
      findings.warn(
        "unquoted_attribute",
        [name],
        `the ${name} attribute's value is not quoted, so it is ignored, as the reference renderer ignores it ` +
          `(write ${name}="${value}")`,
        at,
      );
      continue;
    }
    if (seen.has(name))
      findings.warn("duplicate_attribute", [name], `the ${name} attribute is repeated, and the first one is read`, at);
    else out[name] = value;
    seen.add(name);
    if (name === "id" && out.id === "") findings.error("invalid_attribute", ["id"], "the id attribute is empty", at);
  }
  return out;
}
