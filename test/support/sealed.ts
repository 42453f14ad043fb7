import { isSealed, unseal } from "../../provider/engine/sealed-inputs";

/**
 * `value` (a copy) with every token this process sealed opened: `check` answers secret fields
 * sealed (`provider/engine/sealed-inputs.ts`), and a test that builds an older state's plaintext
 * outputs, or compares a credential, from check's answer reads the program's values through this.
 */
export function opened<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (isSealed(v) ? (unseal(v) ?? v) : v)) as T;
}
