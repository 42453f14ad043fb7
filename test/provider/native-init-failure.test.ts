/**
 * A pipe the native provider created but that did not become ready reaches the engine as the
 * engine's "resource init failed" answer (its id and outputs in the gRPC status details), so the
 * engine records it; its credentials stay marked secret there. Driven over gRPC, as the engine
 * does, against the emulator (a pipe named `fail-*` ends Failed).
 */
import * as grpc from "@grpc/grpc-js";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { startServer } from "../../provider/native/server";
import { isSecret } from "../../provider/native/values";
import { emulatorWithEngine } from "../support/engine";
import { kafkaPipe } from "../support/pipe-fixtures";
import { storedPipes } from "../support/stored";

const TYPE = "pipestack:index:Pipe";
const URN = `urn:pulumi:dev::p::${TYPE}::fail-native`;
let emulator: Emulator;
let server: grpc.Server;
let client: provrpc.ResourceProviderClient;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: 20 });
  const started = await startServer();
  server = started.server;
  client = new provrpc.ResourceProviderClient(`127.0.0.1:${started.port}`, grpc.credentials.createInsecure());
});
afterAll(async () => {
  client.close();
  server.forceShutdown();
  await emulator.close();
});

/** One unary call of the provider: its answer, or its error. */
function call<Req, Res>(method: (req: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown, req: Req): Promise<Res> {
  return new Promise((resolve, reject) => method.call(client, req, (err, res) => (err ? reject(err) : resolve(res))));
}

describe("native create of an object that does not become ready", () => {
  it("answers with its id and outputs for the engine to record, the credentials still secret", async () => {
    const spec = { ...kafkaPipe("fail-native"), organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId };
    const checkReq = new provproto.CheckRequest()
      .setUrn(URN)
      .setType(TYPE)
      .setOlds(structproto.Struct.fromJavaScript({}))
      .setNews(structproto.Struct.fromJavaScript(spec));
    const checked = await call<provproto.CheckRequest, provproto.CheckResponse>(client.check, checkReq);
    expect(checked.getFailuresList().map((f) => f.getReason())).toEqual([]);

    const createReq = new provproto.CreateRequest().setUrn(URN).setType(TYPE).setProperties(checked.getInputs());
    const err = await call<provproto.CreateRequest, provproto.CreateResponse>(client.create, createReq).then(
      () => undefined,
      (e: grpc.ServiceError) => e,
    );
    expect(err?.details).toMatch(/is Failed/);
    const [details] = err!.metadata.get("grpc-status-details-bin") as Buffer[];
    expect(details, "the error carries status details").toBeDefined();
    const [packed] = statusproto.Status.deserializeBinary(new Uint8Array(details)).getDetailsList();
    expect(packed.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
    const failed = provproto.ErrorResourceInitFailed.deserializeBinary(packed.getValue_asU8());
    const [pipe] = storedPipes(emulator);
    expect(failed.getId()).toBe(pipe.id);
    const props = failed.getProperties()!.toJavaScript();
    expect(props.name).toBe("fail-native");
    expect(isSecret(props.sourceSecrets), "the credentials are recorded secret").toBe(true);
    expect(JSON.stringify({ ...props, sourceSecrets: undefined })).not.toContain("kafka-password-plain-1234");
  });
});
