import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { kafkaPipe, postgresPipe } from "../support/pipe-bodies";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
let api: ReturnType<typeof cloud>;
beforeAll(async () => {
  emulator = await startTestEmulator();
  api = cloud(emulator);
});
afterAll(() => emulator.close());

describe("conflicts", () => {
  beforeAll(async () => {
    const first = kafkaPipe("taken-name");
    first.source.kafka.consumerGroup = "group-a";
    first.destination.table = "taken_table";
    expect((await api.call("POST", "/pipes", first)).status).toBe(200);
  });

  const cases: Array<[string, () => Record<string, any>, string]> = [
    ["the same name", () => kafkaPipe("taken-name"), "a pipe named taken-name already exists"],
    [
      "the same consumer group",
      () => {
        const b = kafkaPipe("other-1");
        b.source.kafka.consumerGroup = "group-a";
        return b;
      },
      "consumer group group-a is already used",
    ],
    [
      "the same destination table",
      () => {
        const b = kafkaPipe("other-2");
        b.destination.table = "taken_table";
        return b;
      },
      "destination table default.taken_table is already fed",
    ],
  ];
  it.each(cases)("refuses a pipe with %s (409)", async (_label, body, fragment) => {
    const answer = await api.call("POST", "/pipes", body());
    expect(answer.status).toBe(409);
    expect(answer.json.error).toMatch(/^CONFLICT: /);
    expect(answer.json.error).toContain(fragment);
  });

  it("refuses a rename onto a taken name", async () => {
    const id = (await api.call("POST", "/pipes", kafkaPipe("rename-me"))).json.result.id;
    const answer = await api.call("PATCH", `/pipes/${id}`, { name: "taken-name" });
    expect(answer.status).toBe(409);
  });

  it("refuses a postgres mapping onto a table another pipe feeds", async () => {
    const body = postgresPipe("pg_clash");
    body.destination.database = "default";
    body.source.postgres.tableMappings[0].targetTable = "taken_table";
    expect((await api.call("POST", "/pipes", body)).status).toBe(409);
  });

  it("frees the name once the pipe is deleted", async () => {
    const id = (await api.call("POST", "/pipes", kafkaPipe("reuse-me"))).json.result.id;
    await api.call("DELETE", `/pipes/${id}`);
    expect((await api.call("POST", "/pipes", kafkaPipe("reuse-me"))).status).toBe(200);
  });
});

describe("PATCH in place", () => {
  it("refuses field mappings sent without destination.columns", async () => {
    const created = (await api.call("POST", "/pipes", kafkaPipe("maps-alone"))).json.result;
    const answer = await api.call("PATCH", `/pipes/${created.id}`, { fieldMappings: created.fieldMappings });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("fieldMappings: must be sent together with destination.columns");
    const both = await api.call("PATCH", `/pipes/${created.id}`, {
      fieldMappings: created.fieldMappings,
      destination: { columns: created.destination.columns },
    });
    expect(both.status, both.text).toBe(200);
  });

  it("applies name, field mappings, columns and in-place source fields", async () => {
    const created = (await api.call("POST", "/pipes", kafkaPipe("patch-all"))).json.result;
    const answer = await api.call("PATCH", `/pipes/${created.id}`, {
      name: "patch-all-renamed",
      source: { kafka: { iamRole: "arn:example:iam::123456789012:role/reader", credentials: { username: "new", password: "rotated-pass-8080" } } },
      destination: {
        columns: [
          { name: "id", type: "UInt64" },
          { name: "msg", type: "String" },
        ],
      },
      fieldMappings: [
        { sourceField: "id", destinationField: "id" },
        { sourceField: "message", destinationField: "msg" },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    const pipe = answer.json.result;
    expect(pipe.name).toBe("patch-all-renamed");
    expect(pipe.source.kafka.iamRole).toBe("arn:example:iam::123456789012:role/reader");
    expect(pipe.destination.columns.map((c: { name: string }) => c.name)).toEqual(["id", "msg"]);
    expect(pipe.fieldMappings).toHaveLength(2);
    expect(answer.text).not.toContain("rotated-pass-8080");
    expect(pipe.source.kafka.brokers).toBe(created.source.kafka.brokers);
  });

  it("answers 404 JSON for PATCH of an unknown pipe", async () => {
    const answer = await api.call("PATCH", "/pipes/5b0d1c2e-0000-4000-8000-00000000beef", { name: "x" });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatch(/^NOT_FOUND: /);
  });
});

describe("reverse private endpoints", () => {
  it("seeds three per service with stable ids and the expected statuses and types", async () => {
    const first = (await api.call("GET", "/pipesReversePrivateEndpoints")).json.result;
    expect(first.map((e: { status: string }) => e.status)).toEqual(["Ready", "Ready", "Provisioning"]);
    expect(first.map((e: { type: string }) => e.type)).toEqual(["VPC_ENDPOINT_SERVICE", "VPC_RESOURCE", "MSK_MULTI_VPC"]);
    const again = await startTestEmulator();
    try {
      const second = (await cloud(again).call("GET", "/pipesReversePrivateEndpoints")).json.result;
      expect(second.map((e: { id: string }) => e.id)).toEqual(first.map((e: { id: string }) => e.id));
    } finally {
      await again.close();
    }
    const one = await api.call("GET", `/pipesReversePrivateEndpoints/${first[0].id}`);
    expect(one.json.result).toEqual(first[0]);
  });

  it("creates, updates and deletes an endpoint", async () => {
    const created = await api.call("POST", "/pipesReversePrivateEndpoints", {
      description: "new",
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "com.example.vpce.svc-1",
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json.result.status).toBe("Ready");
    const id = created.json.result.id;
    const patched = await api.call("PATCH", `/pipesReversePrivateEndpoints/${id}`, { customPrivateDnsMappings: [{ privateDnsName: "db.internal" }] });
    expect(patched.json.result.customPrivateDnsMappings).toEqual([{ privateDnsName: "db.internal" }]);
    expect((await api.call("DELETE", `/pipesReversePrivateEndpoints/${id}`)).status).toBe(200);
    expect((await api.call("GET", `/pipesReversePrivateEndpoints/${id}`)).status).toBe(404);
  });
});
