/**
 * Checks on an exported stack state (`pulumi stack export`): which resources it holds, that
 * secrets are ciphertext, and what the serialized providers look like.
 */
import { expect } from "vitest";

/** The signature key of a secret in an exported state, and its value. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";

/** A resource of `pulumi stack export`. */
export interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, any>;
  outputs?: Record<string, any>;
  protect?: boolean;
  retainOnDelete?: boolean;
}

/** The resources of a dynamic provider type (e.g. `pipestack:Pipe`) in an export. */
export function resourcesOf(resources: ExportedResource[], type: string): ExportedResource[] {
  return resources.filter((r) => r.type === `pulumi-nodejs:dynamic/${type}`);
}

/** Asserts a value of an exported state is a ciphertext (a secret), not a readable value. */
export function expectCiphertext(value: unknown, what: string): void {
  expect(value, `${what} is a secret in state`).toMatchObject({ [SECRET_SIG]: SECRET_SIG_VALUE });
  expect(typeof (value as Record<string, unknown>).ciphertext, `${what} has a ciphertext`).toBe("string");
  expect(Object.keys(value as object).sort(), `${what} holds nothing besides its ciphertext`).toEqual([SECRET_SIG, "ciphertext"].sort());
}

/**
 * The serialized provider of every dynamic resource: small, delegating to the installed engine
 * by its stable path, carrying no secret. Returns the sizes in bytes, by resource name.
 */
export function checkSerializedProviders(resources: ExportedResource[], secrets: string[]): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const r of resources.filter((x) => x.type.startsWith("pulumi-nodejs:dynamic/"))) {
    const name = r.urn.split("::").pop()!;
    for (const where of ["inputs", "outputs"] as const) {
      const text = r[where]?.__provider;
      expect(typeof text, `${name}: __provider in ${where}`).toBe("string");
      if (typeof text !== "string") continue;
      sizes[name] = Buffer.byteLength(text);
      if (!r.type.startsWith("pulumi-nodejs:dynamic/pipestack:")) continue;
      expect(text, `${name}: __provider delegates to the installed engine`).toContain("pulumi-pipestack/engine/");
      expect(sizes[name], `${name}: __provider is small`).toBeLessThan(8 * 1024);
      for (const s of secrets) expect(text.includes(s), `${name}: __provider holds a secret`).toBe(false);
    }
  }
  return sizes;
}
