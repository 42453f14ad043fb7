import * as pulumi from "@pulumi/pulumi";
import type { ConnectionInput } from "../public-types/generated";
import { registration, type ClassSpec } from "./register";
import { shortenStackTraces } from "./stack-trace";
import { dynamicTypeToken, hasTypeToken } from "./type-tokens";

/** A class of the package's resources, as `isInstance` is called on it: its type token and its instances. */
type ResourceClass = (abstract new (...args: never[]) => DeclaredResource) & { readonly __pulumiType: string };

/**
 * The base of the package's resource classes: registers the resource its spec declares (the
 * properties and options of ./register.ts, the serialized provider of its engine, its type
 * token). A dynamic resource as the engine sees it (`pulumi-nodejs:dynamic/pipestack:<type>`,
 * the provider text in `__provider`), registered as a custom resource so that the text is the
 * package's one line (./shim.ts) and not what `dynamic.Resource` serializes. Apart from
 * register.ts so that the published .d.ts of a class reaches no schema type.
 */
export abstract class DeclaredResource extends pulumi.CustomResource {
  /**
   * @internal Left out of the published .d.ts (`stripInternal`): its spec is typed by the field
   * policy, zod's types, and every class declares its own constructor.
   */
  constructor(spec: ClassSpec, name: string, args: ConnectionInput, opts: pulumi.CustomResourceOptions | undefined) {
    const { props, options } = registration(spec, name, args, opts);
    const restore = shortenStackTraces(__filename);
    try {
      super(dynamicTypeToken(spec.type), name, props, options);
    } finally {
      restore();
    }
  }

  /**
   * True when `obj` is a resource of this class, also one made by another copy of this package:
   * it matches on the class's type token (`__pulumiType`), not on the prototype.
   *
   * @example
   * if (Pipe.isInstance(resource)) pulumi.log.info(`pipe ${resource.urn}`);
   */
  static override isInstance<C extends ResourceClass>(this: C, obj: unknown): obj is InstanceType<C> {
    return hasTypeToken(obj, this.__pulumiType);
  }
}
