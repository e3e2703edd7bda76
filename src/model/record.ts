/**
 * Objects keyed by outside input (question ids, answer keys) are created without a
 * prototype, so ids such as `__proto__` or `constructor` stay plain keys.
 */
export function emptyRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** Own-property lookup that never reaches `Object.prototype`. */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Sets an own property even when `key` is `__proto__` (plain assignment would replace the
 * object's prototype instead), for plain objects keyed by outside input.
 */
export function setOwn<V>(record: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
