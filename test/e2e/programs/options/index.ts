// End-to-end test program (test/e2e/options.test.ts): Pulumi resource options on pipes
// (protect, ignoreChanges, retainOnDelete), credentials passed as plain strings, a source field
// the program marks secret, a pipe fed by another resource's output (unknown during preview),
// and adoption of an existing pipe.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, type PipeArgs } from "pulumi-pipestack";

const config = new pulumi.Config();

/** A stand-in for a resource whose output is only known once it exists (like a random name). */
const tokenProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    const value = `${inputs.prefix}-${Math.random().toString(36).slice(2, 10)}`;
    return { id: value, outs: { prefix: inputs.prefix, value } };
  },
  async diff(_id, olds, news) {
    const changed = olds.prefix !== news.prefix;
    return { changes: changed, replaces: changed ? ["prefix"] : [] };
  },
};

class Token extends pulumi.dynamic.Resource {
  declare readonly value: pulumi.Output<string>;
  constructor(name: string, args: { prefix: pulumi.Input<string> }, opts?: pulumi.CustomResourceOptions) {
    super(tokenProvider, name, { ...args, value: undefined }, opts, "e2e", "Token");
  }
}

const columns = [
  { name: "id", type: "String" },
  { name: "body", type: "String" },
];

/** A kafka pipe named `name` into its own table. */
function kafka(name: string, topics: pulumi.Input<string>, password: pulumi.Input<string>, scaling?: PipeArgs["scaling"]): PipeArgs {
  return {
    name,
    source: {
      kafka: {
        format: "JSONEachRow",
        brokers: "broker-1.example.test:9092",
        topics,
        authentication: "PLAIN",
        credentials: { username: "e2e", password },
      },
    },
    destination: { database: "default", table: name.replace(/-/g, "_"), managedTable: true, columns },
    fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
    scaling,
  };
}

const kafkaPassword = config.requireSecret("kafkaPassword");

// Its topic is not known before the token exists: the first preview, and any preview that
// replaces the token, sees an unknown `topics`.
const topic = new Token("topic", { prefix: config.get("topicPrefix") ?? "events" });
export const fedTopic = topic.value;
new Pipe("fed", kafka("e2e-fed", topic.value, kafkaPassword));

// A field that is not a credential, marked secret by the program: `source` stays secret.
const guarded = kafka("e2e-guarded", "guarded", kafkaPassword);
(guarded.source as any).kafka.caCertificate = pulumi.secret("e2e-ca-certificate-marked-secret-4410");
new Pipe("guarded", guarded, { protect: true });

new Pipe("ignored", kafka("e2e-ignored", "ignored", kafkaPassword, { replicas: config.getNumber("ignoredReplicas") ?? 1 }), {
  ignoreChanges: ["scaling"],
});

// Credentials as plain strings in the program: still a secret in state and never printed.
new Pipe("retained", kafka("e2e-retained", "retained", "plain-password-in-program-7781"), { retainOnDelete: true });

const adoptId = config.get("adoptId");
if (adoptId) new Pipe("adopted", { ...kafka("e2e-existing", "existing", kafkaPassword), adoptId });
