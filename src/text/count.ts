/**
 * A count as messages write it, with thousands separators: `1,048,576`. Not
 * `toLocaleString`, whose first call loads the ICU locale data (about 8 ms of start-up when
 * a schema's messages are built at import).
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(?:\d{3})+(?!\d))/g, ",");
}
