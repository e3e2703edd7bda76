/**
 * How deep a block body may nest: a form needs about five levels; past this a body is
 * `invalid_json`, so reading it never walks an unbounded depth.
 */
export const MAX_BODY_DEPTH = 200;

/** Past this size (UTF-16 code units) a question still arriving is shown only once complete. */
export const MAX_ARRIVING = 64 * 1024;
