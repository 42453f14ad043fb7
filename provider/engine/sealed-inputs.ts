import { randomBytes } from "node:crypto";
import type { PolicyTree } from "../schemas/field-policy";
import { isUnknown } from "../schemas/unknown";
import { InvalidArgumentError } from "../errors/operation-errors";
import { isObj } from "./canonical";
import { isFingerprint } from "./fingerprint";
import { eachSecret } from "./secret-fields";
import { CLEARED, without } from "./kept-on-server";
import type { Provider } from "./connection";
import type { Obj } from "../schemas/plain-object";

/**
 * Secret fields leave `check` sealed. In a preview the engine answers a registration with the
 * checked inputs (the outputs are not made yet), and the SDK logs that answer, secrets unwrapped,
 * at debug level (`pulumi up --debug` with its preview; `preview --debug`): a write-only secret
 * (a password, a webhook's headers) the program gave in plaintext would show there, and in the
 * state's inputs after. So every string of every field the policy marks `secret` (every kind's,
 * from its policy alone) is answered by `check` as a token: a handle to the value, which this
 * provider process keeps in its memory (never written, gone with the process). The token holds
 * nothing of the value, not even its length, and is short (about 20 bytes; the state's inputs
 * keep the last one, in every state write: issue 45). `diff`, `create` and `update` open the
 * tokens of their new inputs before any other step sees them (so errors are blanked of the
 * plaintext, as ever); outputs keep fingerprints (`secret-fields.ts`), which stay how a change is seen.
 *
 * The engine checks again in every run (an `up`'s update checks again after its preview, in a
 * provider process of its own), so a process opens only its own tokens (each names the process
 * that made it by a random id). One from another process is the state's own inputs given back: a
 * refresh's diff compares them with what it read, and `ignoreChanges` copies them into the
 * program's. A diff compares it as the state's value (no change); an `update` reads a write-only
 * field's as left out, which keeps the server's (`kept-on-server.ts`), and refuses any other, as
 * a `create` refuses any, naming the field. Both faces get the rule here: {@link sealingInputs}
 * wraps every engine (`define-engine.ts`). Releases before issue 45 wrote a longer token, the
 * value under AES-256-GCM (`pipestack-sealed:v1:`): still told apart as a token, and like any
 * token of another process, never opened.
 */

/** The tokens written: the maker's id, `.`, the number of the value in its vault. */
const PREFIX = "pss:";
const TOKEN = /^pss:([A-Za-z0-9_-]{12})\.([0-9a-z]{1,11})$/;
/** The tokens of releases before issue 45 (AES-256-GCM ciphertexts): still tokens, opened by none. */
const PREFIX_V1 = "pipestack-sealed:v1:";

/** The values a process sealed, by number, under the random id its tokens carry. */
export interface Vault {
  readonly id: string;
  readonly values: string[];
}

/** A new vault: a random 72-bit id (12 base64url characters), no values. */
export const newVault = (): Vault => ({ id: randomBytes(9).toString("base64url"), values: [] });

/** This process's vault: made when first needed, held in memory only. */
let processVault: Vault | undefined;
const ownVault = (): Vault => (processVault ??= newVault());

/** True for a sealed token (of any process, of this release or an older one). */
export function isSealed(value: unknown): value is string {
  return typeof value === "string" && (TOKEN.test(value) || value.startsWith(PREFIX_V1));
}

/** A token for `plain`, kept in `vault` (a new token each time). */
export function seal(plain: string, vault: Vault = ownVault()): string {
  vault.values.push(plain);
  return `${PREFIX}${vault.id}.${(vault.values.length - 1).toString(36)}`;
}

/** The plaintext of `token`, or undefined when `vault` did not seal it (another process's, an older release's, or altered). */
export function unseal(token: string, vault: Vault = ownVault()): string | undefined {
  const m = TOKEN.exec(token);
  if (!m || m[1] !== vault.id) return undefined;
  const n = parseInt(m[2], 36);
  return n < vault.values.length ? vault.values[n] : undefined;
}

/** `v` with each string leaf mapped by `f`, arrays and objects copied. Pure but for `f`. */
function leaves(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === "string") return f(v);
  if (Array.isArray(v)) return v.map((x) => leaves(x, f));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, leaves(x, f)]));
  return v;
}

/** A string `check` seals: not a value still unknown, a fingerprint (an import's read), a token or the mark of a cleared field. */
const sealable = (s: string): boolean => !isUnknown(s) && !isFingerprint(s) && !isSealed(s) && s !== CLEARED;

/** `inputs` with every string of the secret fields of `tree` sealed (`inputs` is not changed). */
export function sealInputs<T>(tree: PolicyTree, inputs: T, vault: Vault = ownVault()): T {
  return eachSecret(tree, inputs, undefined, (v) => leaves(v, (s) => (sealable(s) ? seal(s, vault) : s))) as T;
}

/**
 * `inputs` with the tokens of the secret fields of `tree` opened, and the field paths holding a
 * token `vault` cannot open (left as they are). Plain values pass (a program's, an older run's).
 */
export function openInputs<T>(tree: PolicyTree, inputs: T, vault: Vault = ownVault()): { inputs: T; unreadable: string[] } {
  const unreadable: string[] = [];
  const opened = eachSecret(tree, inputs, undefined, (v, _old, path) => {
    let lost = false;
    const out = leaves(v, (s) => (isSealed(s) ? (unseal(s, vault) ?? ((lost = true), s)) : s));
    if (!lost) return out;
    unreadable.push(path);
    return v;
  });
  return { inputs: opened as T, unreadable };
}

/** The refusal of tokens this process cannot open where no rule says what they mean. */
function cannotOpen(paths: readonly string[], what: string): InvalidArgumentError {
  return new InvalidArgumentError(
    `${paths.join(", ")}: the value was sealed by another provider process and only the program's own value can be sent; ` +
      `${what} (an \`ignoreChanges\` on a secret field keeps the state's sealed inputs: set the value in the program, or drop the field from \`ignoreChanges\`)`,
  );
}

/**
 * The provider `p` with secret fields sealed in its check's answer and opened in the new inputs
 * of its diff, create and update (see the module header). `kept`: the write-only paths
 * (`keptPaths`), whose unopenable value reads as left out.
 */
export function sealingInputs<I, O>(tree: PolicyTree, kept: readonly string[], p: Provider<I, O>): Provider<I, O> {
  const opened = (news: I, what: string): I => {
    const { inputs, unreadable } = openInputs(tree, news);
    const lost = unreadable.filter((path) => !kept.includes(path));
    if (lost.length) throw cannotOpen(lost, what);
    return (unreadable.length ? without(inputs as Obj, unreadable) : inputs) as I;
  };
  return {
    ...p,
    check: async (olds, news) => {
      const r = await p.check(olds, news);
      return r.inputs === undefined ? r : { ...r, inputs: sealInputs(tree, r.inputs) };
    },
    // A token of another process in a diff is the state's own value (a refresh compares the state's
    // inputs with what it read; `ignoreChanges` copies them in): no change. (A secret inside a list
    // item stays a token, which compares as a change.)
    diff: async (id, olds, news) => {
      const { inputs, unreadable } = openInputs(tree, news);
      // Left out of both sides: neither a change nor a field the program leaves out.
      return p.diff(id, without(olds as Obj, unreadable) as O, without(inputs as Obj, unreadable) as I);
    },
    create: async (inputs) => {
      const { inputs: plain, unreadable } = openInputs(tree, inputs);
      if (unreadable.length) throw cannotOpen(unreadable, "a create cannot send it");
      return p.create(plain);
    },
    update: async (id, olds, news) => p.update(id, olds, opened(news, "the update cannot send it")),
  };
}
