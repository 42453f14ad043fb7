import * as pulumi from "@pulumi/pulumi";
import type { ConnectionInput } from "../public-types/generated";
import { registration, type ClassSpec } from "./register";
import { RESOURCE_MODULE } from "./type-tokens";

/**
 * The base of the package's resource classes: registers the resource its spec declares (the
 * properties and options of ./register.ts, the shim of its engine, its type token). Apart from
 * register.ts so that the published .d.ts of a class reaches no schema type.
 */
export abstract class DeclaredResource extends pulumi.dynamic.Resource {
  /**
   * @internal Left out of the published .d.ts (`stripInternal`): its spec is typed by the field
   * policy, zod's types, and every class declares its own constructor.
   */
  constructor(spec: ClassSpec, name: string, args: ConnectionInput, opts: pulumi.CustomResourceOptions | undefined) {
    const { provider, props, options } = registration(spec, name, args, opts);
    super(provider, name, props, options, RESOURCE_MODULE, spec.type);
  }
}
