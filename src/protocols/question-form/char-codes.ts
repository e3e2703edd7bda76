/** Character codes the body and card scanners compare with `charCodeAt` in their hot loops. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const NEWLINE = 0x0a;
export const LESS_THAN = 0x3c;
export const COLON = 0x3a;
