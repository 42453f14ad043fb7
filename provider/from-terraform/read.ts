import { isObj, type Obj } from "../schemas/plain-object";

/** One step of a module path: `module.name` or `module.name[key]`. */
export interface ModuleStep {
  readonly name: string;
  readonly key?: string | number;
}

/** One object of a Terraform state, wherever it sits (root module or child module). */
export interface TerraformInstance {
  /** As Terraform prints it: `module.net["a"].example_pipe.p[0]`. */
  readonly address: string;
  readonly modules: readonly ModuleStep[];
  /** The resource type (the peer provider's name for it; never used to match). */
  readonly type: string;
  readonly name: string;
  /** `count` (a number) or `for_each` (a string) key. */
  readonly key?: string | number;
  readonly attributes: Obj;
}

/** The state's version that is read: Terraform 0.12 and later write 4. */
export const STATE_VERSION = 4;

const STEP = /^module\.([A-Za-z0-9_-]+)(?:\[(\d+|"(?:[^"\\]|\\.)*")\])?(?:\.|$)/;

/** `module.a["x"].module.b[0]` as its steps. Pure; throws on an address it cannot read. */
export function parseModuleAddress(address: string, where: string): ModuleStep[] {
  const steps: ModuleStep[] = [];
  let rest = address;
  while (rest !== "") {
    const m = STEP.exec(rest);
    if (!m) throw new Error(`${where}: module address ${JSON.stringify(address)} is not \`module.<name>[<key>]...\``);
    const key = m[2] === undefined ? undefined : m[2].startsWith('"') ? (JSON.parse(m[2]) as string) : Number(m[2]);
    steps.push(key === undefined ? { name: m[1] } : { name: m[1], key });
    rest = rest.slice(m[0].length);
  }
  return steps;
}

const keyText = (key: string | number | undefined) => (key === undefined ? "" : `[${JSON.stringify(key)}]`);

/** An instance's address, as Terraform prints it. Pure. */
export function instanceAddress(modules: readonly ModuleStep[], type: string, name: string, key?: string | number): string {
  return [...modules.map((m) => `module.${m.name}${keyText(m.key)}`), `${type}.${name}${keyText(key)}`].join(".");
}

function field<T>(obj: Obj, key: string, where: string, is: (v: unknown) => v is T, what: string): T {
  if (!is(obj[key])) throw new Error(`${where}.${key} is not ${what}`);
  return obj[key];
}
const isString = (v: unknown): v is string => typeof v === "string";
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
const isKey = (v: unknown): v is string | number | undefined | null => v === undefined || v === null || typeof v === "string" || typeof v === "number";

function instance(modules: ModuleStep[], type: string, name: string, key: string | number | undefined | null, attributes: Obj): TerraformInstance {
  const k = key ?? undefined;
  return { address: instanceAddress(modules, type, name, k), modules, type, name, ...(k === undefined ? {} : { key: k }), attributes };
}

/** The state file itself (`terraform.tfstate`, `terraform state pull`): version 4. */
function fromStateFile(state: Obj): TerraformInstance[] {
  const resources = field(state, "resources", "state", isArray, "a list");
  return resources.flatMap((r, i) => {
    const where = `resources[${i}]`;
    if (!isObj(r)) throw new Error(`${where} is not an object`);
    // Data sources are read by Terraform, not managed by it: nothing to import.
    if (r.mode !== "managed") return [];
    const modules = r.module === undefined ? [] : parseModuleAddress(field(r, "module", where, isString, "a string"), `${where}.module`);
    const type = field(r, "type", where, isString, "a string");
    const name = field(r, "name", where, isString, "a string");
    return field(r, "instances", where, isArray, "a list").flatMap((inst, j) => {
      const at = `${where}.instances[${j}]`;
      if (!isObj(inst)) throw new Error(`${at} is not an object`);
      // A deposed object is on its way out (create-before-destroy): the current one is imported.
      if (inst.deposed !== undefined) return [];
      return [instance(modules, type, name, field(inst, "index_key", at, isKey, "a count or for_each key"), field(inst, "attributes", at, isObj, "an object"))];
    });
  });
}

/** `terraform show -json` of a state: `values.root_module`, its resources and child modules. */
function fromShowJson(shown: Obj): TerraformInstance[] {
  if (shown.values === undefined) return []; // an empty state shows no `values`
  const values = field(shown, "values", "show output", isObj, "an object");
  const walk = (mod: unknown, where: string, modules: ModuleStep[]): TerraformInstance[] => {
    if (!isObj(mod)) throw new Error(`${where} is not an object`);
    const resources = mod.resources === undefined ? [] : field(mod, "resources", where, isArray, "a list");
    const own = resources.flatMap((r, i) => {
      const at = `${where}.resources[${i}]`;
      if (!isObj(r)) throw new Error(`${at} is not an object`);
      if (r.mode !== "managed") return [];
      return [
        instance(
          modules,
          field(r, "type", at, isString, "a string"),
          field(r, "name", at, isString, "a string"),
          field(r, "index", at, isKey, "a count or for_each key"),
          field(r, "values", at, isObj, "an object"),
        ),
      ];
    });
    const children = mod.child_modules === undefined ? [] : field(mod, "child_modules", where, isArray, "a list");
    return [
      ...own,
      ...children.flatMap((c, i) => {
        const at = `${where}.child_modules[${i}]`;
        if (!isObj(c)) throw new Error(`${at} is not an object`);
        return walk(c, at, parseModuleAddress(field(c, "address", at, isString, "a string"), `${at}.address`));
      }),
    ];
  };
  return values.root_module === undefined ? [] : walk(values.root_module, "values.root_module", []);
}

/**
 * Every managed object of a Terraform state, from its JSON text: the state file (version 4) or
 * `terraform show -json` of it. Pure; throws a message that says which form it wanted.
 */
export function readTerraformState(text: string): TerraformInstance[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`is not JSON (${err instanceof Error ? err.message : String(err)}): give the state file or \`terraform show -json\` output`);
  }
  if (!isObj(doc)) throw new Error("is not a Terraform state: its JSON is not an object");
  if (doc.planned_values !== undefined || doc.resource_changes !== undefined) {
    throw new Error("is a plan, not a state: give the state file or `terraform show -json` without a plan file");
  }
  if (doc.format_version !== undefined) {
    if (typeof doc.format_version !== "string" || !doc.format_version.startsWith("1.")) {
      throw new Error(`has format_version ${JSON.stringify(doc.format_version)}; \`terraform show -json\` output of format 1.x is read`);
    }
    return fromShowJson(doc);
  }
  if (doc.version !== undefined) {
    if (doc.version !== STATE_VERSION) {
      throw new Error(
        `is a Terraform state of version ${JSON.stringify(doc.version)}; version ${STATE_VERSION} is read (Terraform 0.12 and later): run \`terraform state pull\` or \`terraform show -json\` with a current Terraform`,
      );
    }
    return fromStateFile(doc);
  }
  throw new Error("is neither a Terraform state (version 4) nor `terraform show -json` output: it has no `version` and no `format_version`");
}
