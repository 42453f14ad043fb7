import { InvalidArgumentError } from "../errors/operation-errors";
import { pathId } from "../schemas/refinements/ids";
import type { Obj } from "../schemas/plain-object";

/**
 * The id forms `pulumi import` takes for a native resource: the object's own id, read in the
 * configured service; for a resource that lives in a service (every one has `organizationId` and
 * `serviceId` inputs), also `<serviceId>:<id>` and `<organizationId>:<serviceId>:<id>`, which
 * pin the service the way those inputs do. No id of the API holds a `:`.
 */

/** The object to read and the inputs the id pins. */
export interface ImportTarget {
  id: string;
  pins: Obj;
}

/** `<pipeId>`, `<serviceId>:<pipeId>` and `<organizationId>:<serviceId>:<pipeId>`, as a sentence. */
export function importIdForms(typeName: string, scoped: boolean): string {
  const own = `<${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Id>`;
  return scoped ? `${own}, <serviceId>:${own} or <organizationId>:<serviceId>:${own}` : own;
}

/**
 * The object an import id names, or an error that says why not and which forms are taken.
 * `scoped`: the resource has `organizationId` and `serviceId` inputs. Pure.
 */
export function importTarget(type: string, typeName: string, scoped: boolean, id: string): ImportTarget {
  const refuse = (why: string) =>
    new InvalidArgumentError(
      `cannot import ${type} from id ${JSON.stringify(id)}: ${why}; the id forms \`pulumi import\` takes: ${importIdForms(typeName, scoped)}`,
    );
  const parts = id.split(":");
  if (parts.length > (scoped ? 3 : 1)) throw refuse(`it has ${parts.length} parts`);
  const own = parts[parts.length - 1];
  if (own === "") throw refuse("the object's id is empty");
  const keys = ["organizationId", "serviceId"].slice(3 - parts.length);
  const pins: Obj = {};
  keys.forEach((key, i) => {
    const r = pathId.safeParse(parts[i]);
    if (!r.success) throw refuse(`${key} ${JSON.stringify(parts[i])} ${r.error.issues[0].message}`);
    pins[key] = parts[i];
  });
  return { id: own, pins };
}
