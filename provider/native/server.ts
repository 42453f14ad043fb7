import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as anyproto from "google-protobuf/google/protobuf/any_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { forResource } from "../progress/report";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import type { DiffKind } from "./detailed-diff";
import { invoke } from "./functions";
import * as ops from "./operations";
import * as providerConfig from "./provider-config";
import { resourceOf, type NativeResource } from "./resources";
import { packageSchema, withPolicyDocs, type Docs } from "./schema";
import { REPOSITORY } from "./docs-url";
import { pluginDownloadUrl } from "./download-url";
import { readPackageFile } from "../package-files";
import type { Obj } from "../schemas/plain-object";
import { InvalidArgumentError, ResourceInitError } from "../errors/operation-errors";
import { printable } from "../errors/printable";

/**
 * The gRPC ResourceProvider contract, served on `@pulumi/pulumi/proto` and `@grpc/grpc-js`:
 * each method converts the request, calls operations.ts (which calls the engines), and converts
 * the answer. Served by hand rather than by the SDK's `@pulumi/pulumi/provider` server, which
 * drops detailed diffs, ignores the configuration in `Configure`, and fails a `Read` without
 * prior state (an import).
 */

type Callback<T> = (err: grpc.ServiceError | Partial<grpc.StatusObject> | null, value?: T | null, trailer?: grpc.Metadata) => void;

/** The folder holding `package.json` (two levels above dist/provider/native). */
const PACKAGE_ROOT = path.resolve(__dirname, "..", "..", "..");

/**
 * The plugin's version (the npm package's) and the schema's download URL (the override, the one a
 * tarball made for a mirror carries, or the release's; see download-url.ts), from the installed
 * package.json or the single executable's copy.
 */
function pluginManifest(): { version: string; pluginDownloadURL: () => string } {
  let pkg: { version: string; pluginDownloadURL?: unknown };
  try {
    pkg = JSON.parse(readPackageFile("package.json", path.join(PACKAGE_ROOT, "package.json"))) as typeof pkg;
  } catch {
    pkg = { version: "0.0.0" };
  }
  const packed = typeof pkg.pluginDownloadURL === "string" ? pkg.pluginDownloadURL : undefined;
  return { version: pkg.version, pluginDownloadURL: () => pluginDownloadUrl({ env: process.env, packed, repository: REPOSITORY, version: pkg.version }) };
}

/** The doc comments collected at build time (none when they are missing), with what the field policies say. */
function loadDocs(): Docs {
  try {
    return withPolicyDocs(JSON.parse(readPackageFile("docs.json", path.join(__dirname, "docs.json"))) as Docs);
  } catch {
    return withPolicyDocs({});
  }
}

const toJs = (s: structproto.Struct | undefined): Obj => (s ? s.toJavaScript() : {});
// JSON first: a Struct holds no `undefined`, anywhere.
const toStruct = (o: Obj): structproto.Struct =>
  structproto.Struct.fromJavaScript(JSON.parse(JSON.stringify(o)) as Record<string, structproto.JavaScriptValue>);

const KINDS: Record<DiffKind, provproto.PropertyDiff.Kind> = {
  add: provproto.PropertyDiff.Kind.ADD,
  addReplace: provproto.PropertyDiff.Kind.ADD_REPLACE,
  delete: provproto.PropertyDiff.Kind.DELETE,
  deleteReplace: provproto.PropertyDiff.Kind.DELETE_REPLACE,
  update: provproto.PropertyDiff.Kind.UPDATE,
  updateReplace: provproto.PropertyDiff.Kind.UPDATE_REPLACE,
};

function diffResponse(d: {
  changes: boolean;
  detailedDiff: Record<string, DiffKind>;
  replaces?: string[];
  stables?: string[];
  deleteBeforeReplace?: boolean;
  diffs?: string[];
}) {
  const resp = new provproto.DiffResponse();
  resp.setChanges(d.changes ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
  resp.setReplacesList(d.replaces ?? []);
  resp.setStablesList(d.stables ?? []);
  resp.setDeletebeforereplace(d.deleteBeforeReplace ?? false);
  resp.setDiffsList(d.diffs ?? Object.keys(d.detailedDiff).map((p) => p.split(/[.[]/)[0]));
  resp.setHasdetaileddiff(true);
  const map = resp.getDetaileddiffMap();
  for (const [p, kind] of Object.entries(d.detailedDiff)) {
    const pd = new provproto.PropertyDiff();
    pd.setKind(KINDS[kind]);
    pd.setInputdiff(false);
    map.set(p, pd);
  }
  return resp;
}

function failures(list: { property: string; reason: string }[]): provproto.CheckFailure[] {
  return list.map((f) => {
    const cf = new provproto.CheckFailure();
    cf.setProperty(f.property);
    cf.setReason(printable(f.reason, "keep line feeds"));
    return cf;
  });
}

/**
 * An error as the engine takes it: the message; for an object created but not ready, its id and
 * outputs too, but only from a create or an update (`records`), whose errors `ops` has given
 * outputs marked secret: any other call's would reach the state unmarked.
 */
function grpcError(err: unknown, records: boolean): Partial<grpc.StatusObject> {
  // The native face's last gate: whatever built the message, no control sequence reaches the terminal.
  const message = printable(err instanceof Error ? err.message : String(err), "keep line feeds");
  const metadata = new grpc.Metadata();
  if (records && err instanceof ResourceInitError) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(err.id);
    detail.setProperties(toStruct(err.properties));
    detail.setReasonsList(err.reasons);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

const unimplemented = (what: string) => (_call: unknown, callback: Callback<never>) =>
  callback({ code: grpc.status.UNIMPLEMENTED, details: `${what} is not implemented by the pipestack provider` });

/** Runs one call: the answer, or the error as the engine takes it (`records`: a create's or an update's, see {@link grpcError}). */
function serve<Req, Res>(run: (req: Req) => Promise<Res>, records = false) {
  return (call: { request: Req }, callback: Callback<Res>) => {
    run(call.request).then(
      (res) => callback(null, res),
      (err: unknown) => {
        const e = grpcError(err, records);
        callback(e, null, e.metadata);
      },
    );
  };
}

function resource(token: string): NativeResource {
  const r = resourceOf(token);
  if (!r) throw new InvalidArgumentError(`unknown resource type ${token}`);
  return r;
}

/** The service object: one handler per method of the contract. */
function providerService(): grpc.UntypedServiceImplementation {
  const { version, pluginDownloadURL } = pluginManifest();
  let schemaText: string | undefined;

  return {
    getPluginInfo: serve(async () => new plugproto.PluginInfo().setVersion(version)),
    getSchema: serve(async (req: provproto.GetSchemaRequest) => {
      if (req.getSubpackageName()) throw new InvalidArgumentError(`no subpackage ${req.getSubpackageName()}`);
      // The docs are read when the schema is first asked for, not at each start: many runs never
      // ask (a Node program's `up` and `destroy` did not).
      schemaText ??= JSON.stringify(packageSchema(loadDocs(), version, pluginDownloadURL()));
      return new provproto.GetSchemaResponse().setSchema(schemaText);
    }),
    checkConfig: serve(async (req: provproto.CheckRequest) => {
      const r = providerConfig.checkConfig(toJs(req.getNews()));
      return new provproto.CheckResponse().setInputs(toStruct(r.inputs)).setFailuresList(failures(r.failures));
    }),
    diffConfig: serve(async (req: provproto.DiffRequest) => diffResponse(providerConfig.diffConfig(toJs(req.getOlds()), toJs(req.getNews())))),
    configure: serve(async (req: provproto.ConfigureRequest) => {
      const variables: Record<string, string> = {};
      req.getVariablesMap().forEach((v, k) => (variables[k] = v));
      await providerConfig.configure(toJs(req.getArgs()), variables);
      // Secrets arrive marked and are kept marked; previews do not call create or update.
      return new provproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(false).setAcceptresources(false);
    }),
    check: serve(async (req: provproto.CheckRequest) => {
      const r = await forResource(req.getUrn(), () =>
        ops.check(resource(req.getType() || typeOf(req.getUrn())), req.getUrn(), toJs(req.getOlds()), toJs(req.getNews())),
      );
      return new provproto.CheckResponse().setInputs(toStruct(r.inputs)).setFailuresList(failures(r.failures));
    }),
    diff: serve(async (req: provproto.DiffRequest) => {
      const r = resource(req.getType() || typeOf(req.getUrn()));
      const olds = req.hasOldInputs() ? toJs(req.getOldInputs()) : undefined;
      return diffResponse(await forResource(req.getUrn(), () => ops.diff(r, req.getId(), toJs(req.getOlds()), toJs(req.getNews()), olds)));
    }),
    create: serve(async (req: provproto.CreateRequest) => {
      const r = await forResource(req.getUrn(), () => ops.create(resource(req.getType() || typeOf(req.getUrn())), toJs(req.getProperties())));
      return new provproto.CreateResponse().setId(r.id).setProperties(toStruct(r.properties));
    }, true),
    read: serve(async (req: provproto.ReadRequest) => {
      const r = await ops.read(resource(req.getType() || typeOf(req.getUrn())), req.getId(), toJs(req.getProperties()));
      const resp = new provproto.ReadResponse().setId(r.id).setProperties(toStruct(r.properties));
      if (r.inputs) resp.setInputs(toStruct(r.inputs));
      return resp;
    }),
    update: serve(async (req: provproto.UpdateRequest) => {
      const r = resource(req.getType() || typeOf(req.getUrn()));
      const outs = await forResource(req.getUrn(), () => ops.update(r, req.getId(), toJs(req.getOlds()), toJs(req.getNews())));
      return new provproto.UpdateResponse().setProperties(toStruct(outs));
    }, true),
    delete: serve(async (req: provproto.DeleteRequest) => {
      await ops.remove(resource(req.getType() || typeOf(req.getUrn())), req.getId(), toJs(req.getProperties()));
      return new emptyproto.Empty();
    }),
    cancel: serve(async () => new emptyproto.Empty()),
    invoke: serve(async (req: provproto.InvokeRequest) => {
      const r = await invoke(req.getTok(), toJs(req.getArgs()));
      const resp = new provproto.InvokeResponse().setFailuresList(failures(r.failures));
      if (r.result) resp.setReturn(toStruct(r.result));
      return resp;
    }),
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    construct: unimplemented("Construct"),
    call: unimplemented("Call"),
    attach: unimplemented("Attach"),
    getMapping: serve(async () => new provproto.GetMappingResponse().setProvider("").setData("")),
    getMappings: serve(async () => new provproto.GetMappingsResponse()),
    list: (call: grpc.ServerWritableStream<unknown, unknown>) => {
      call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "List is not implemented by the pipestack provider" });
    },
  };
}

/** The type token of a URN (`urn:pulumi:stack::project::[parent$]type::name`). */
function typeOf(urn: string): string {
  const parts = urn.split("::");
  const types = parts[parts.length - 2] ?? "";
  return types.slice(types.lastIndexOf("$") + 1);
}

/** Starts the server on a free port of 127.0.0.1; resolves with the port. */
export function startServer(): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024, "grpc.max_send_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, providerService());
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve({ port, server })));
  });
}
