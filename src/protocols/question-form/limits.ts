/** Past this size (UTF-16 code units) a question still arriving is shown only once complete. */
export const MAX_ARRIVING = 64 * 1024;
