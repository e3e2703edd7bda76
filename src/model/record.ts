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
