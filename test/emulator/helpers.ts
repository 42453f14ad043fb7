/**
 * Shared test helpers: HTTP calls against an emulator on port 0, and request bodies of
 * valid pipes that each test varies. No assertions live here.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator/index";

/** An answer, read once, with its body parsed when it is JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

/** Starts an emulator for one test file (no delays by default). */
export function start(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ port: 0, stepMs: 0, retryAfterSeconds: 0, ...options });
}

/** `Basic <base64(id:secret)>`. */
export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

/** One HTTP request; never throws for a status. */
export async function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A cloud API client bound to one service of the emulator. */
export function cloud(emulator: Emulator, serviceId = emulator.options.serviceId) {
  const base = `${emulator.url}/v1/organizations/${emulator.options.organizationId}/services/${serviceId}`;
  const auth = { authorization: basic(emulator.options.keyId, emulator.options.keySecret) };
  return {
    base,
    call: (method: string, path: string, body?: unknown) => send(`${base}${path}`, method, body, auth),
  };
}

/** A client of the open-source stack server's `/api/v2`. */
export function apiV2(emulator: Emulator) {
  const auth = { authorization: `Bearer ${emulator.options.stackToken}` };
  return { call: (method: string, path: string, body?: unknown) => send(`${emulator.url}/api/v2${path}`, method, body, auth) };
}

/** The control API over HTTP. */
export function control(emulator: Emulator, method: string, path: string, body?: unknown): Promise<Answer> {
  // Every call that changes something says it is JSON, also without a body (the emulator refuses others).
  return send(`${emulator.url}/__emulator${path}`, method, body, method === "GET" ? {} : { "content-type": "application/json" });
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const COLUMNS = [
  { name: "id", type: "UInt64" },
  { name: "ts", type: "DateTime64(3)" },
  { name: "body", type: "String" },
];
/** Fresh copies each time: tests change the bodies they get. */
const columns = () => structuredClone(COLUMNS);
const mappings = () => COLUMNS.map((c) => ({ sourceField: c.name, destinationField: c.name }));

/** A valid kafka pipe create body; `table` defaults to the name so pipes do not clash. */
export function kafkaPipe(name: string, extra: Record<string, unknown> = {}): Record<string, any> {
  return {
    name,
    source: {
      kafka: {
        type: "kafka",
        format: "JSONEachRow",
        brokers: "broker-1:9092,broker-2:9092",
        topics: "events",
        authentication: "PLAIN",
        credentials: { username: "svc-user", password: "kafka-pass-4242" },
      },
    },
    destination: {
      database: "default",
      table: `t_${name.replace(/\W/g, "_")}`,
      managedTable: true,
      tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
      columns: columns(),
    },
    fieldMappings: mappings(),
    ...extra,
  };
}

/** A valid object storage pipe create body (one-off unless `isContinuous`). */
export function objectStoragePipe(name: string, isContinuous = false): Record<string, any> {
  return {
    name,
    source: {
      objectStorage: {
        format: "JSONEachRow",
        url: "https://bucket.example.test/logs/**.json",
        isContinuous,
        authentication: "IAM_USER",
        accessKey: { accessKeyId: "AKIDEXAMPLE", secretKey: "object-secret-9999" },
      },
    },
    destination: {
      database: "default",
      table: `t_${name.replace(/\W/g, "_")}`,
      managedTable: true,
      tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
      columns: columns(),
    },
    fieldMappings: mappings(),
  };
}

/** A valid kinesis pipe create body. */
export function kinesisPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      kinesis: {
        format: "JSONEachRow",
        streamName: "clicks",
        region: "region-1",
        iteratorType: "TRIM_HORIZON",
        authentication: "IAM_USER",
        accessKey: { accessKeyId: "AKIDEXAMPLE", secretKey: "kinesis-secret-7777" },
      },
    },
    destination: { database: "default", table: `t_${name.replace(/\W/g, "_")}`, managedTable: true, columns: columns() },
    fieldMappings: mappings(),
  };
}

/** A valid postgres (database) pipe create body. */
export function postgresPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      postgres: {
        host: "db.example.test",
        port: 5432,
        database: "app",
        credentials: { username: "replicator", password: "pg-pass-31337" },
        settings: { replicationMode: "cdc", syncIntervalSeconds: 60 },
        tableMappings: [{ sourceSchemaName: "public", sourceTable: "users", targetTable: `${name}_users` }],
      },
    },
    destination: { database: "replica" },
  };
}

/** A valid pubsub (streaming) pipe create body. */
export function pubsubPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      pubsub: {
        format: "JSONEachRow",
        projectId: "project-1",
        topic: "events",
        authentication: "SERVICE_ACCOUNT",
        seekType: "earliest",
        serviceAccountKey: { serviceAccountFile: "pubsub-key-file-5151" },
      },
    },
    destination: { database: "default", table: `t_${name.replace(/\W/g, "_")}`, managedTable: true, columns: columns() },
    fieldMappings: mappings(),
  };
}

/** A valid mysql (database) pipe create body. */
export function mysqlPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      mysql: {
        host: "mysql.example.test",
        port: 3306,
        credentials: { username: "replicator", password: "mysql-pass-6262" },
        settings: { replicationMode: "cdc" },
        tableMappings: [{ sourceSchemaName: "shop", sourceTable: "users", targetTable: `${name}_users` }],
      },
    },
    destination: { database: "replica" },
  };
}

/** A valid mongodb (database) pipe create body. */
export function mongodbPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      mongodb: {
        uri: "mongodb://db.example.test/app",
        readPreference: "primary",
        credentials: { username: "reader", password: "mongo-pass-7373" },
        settings: { replicationMode: "cdc" },
        tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: `${name}_users` }],
      },
    },
    destination: { database: "replica" },
  };
}

/** A valid bigquery (snapshot-only database) pipe create body. */
export function bigqueryPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      bigquery: {
        settings: { replicationMode: "snapshot" },
        tableMappings: [{ sourceDatasetName: "analytics", sourceTable: "sessions", targetTable: `${name}_sessions` }],
        credentials: { serviceAccountFile: "warehouse-key-file-8484" },
      },
    },
    destination: { database: "replica" },
  };
}

/** One stack answer, read the same way on either way in. */
export interface StackAnswer {
  status: number;
  /** `data` of `/api/v2`, `result` of the cloud proxy. */
  data: any;
  /** `message` (or the plain text) of `/api/v2`, `error` of the cloud proxy. */
  error: string;
  json: any;
  text: string;
}

/**
 * The two ways into the stack API, for `describe.each`: `/api/v2` and the cloud `/stack` proxy.
 * `emulator` is a getter because the tables are built before `beforeAll` starts it.
 */
export function stackSurfaces(emulator: () => Emulator): { label: string; call(method: string, path: string, body?: unknown): Promise<StackAnswer> }[] {
  return [
    {
      label: "api/v2",
      call: async (method, path, body) => {
        const a = await apiV2(emulator()).call(method, path, body);
        return { status: a.status, data: a.json?.data, error: (a.json?.message ?? a.text) as string, json: a.json, text: a.text };
      },
    },
    {
      label: "cloud proxy",
      call: async (method, path, body) => {
        const a = await cloud(emulator()).call(method, `/stack${path}`, body);
        return { status: a.status, data: a.json?.result, error: a.json?.error as string, json: a.json, text: a.text };
      },
    },
  ];
}
