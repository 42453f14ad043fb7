// End-to-end test program (test/e2e/hostile-text.test.ts). `victim=false` deletes a pipe;
// `hostile=true` is a pull request that scales `orders` and hides that delete: a component named `orders` + U+200B, a type
// holding issue references, and warnings of the program's own on `orders` (one reassurance, 70
// of ~1,000 characters, 400 short) that try to pass for the provider's and push the rows out.
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const columns = [{ name: "id", type: "String" }];

const hostile = config.getBoolean("hostile") === true;
const pipe = (name: string, replicas = 1) =>
  new Pipe(name, {
    name: `hostile-${name}`,
    source: { objectStorage: { url: `https://bucket.example.test/${name}/**.json`, format: "JSONEachRow", isContinuous: true } },
    destination: { database: "default", table: `hostile_${name}`, managedTable: true, columns },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    scaling: { replicas },
  });

// The pull request also scales `orders`: the row its warnings sit on.
const orders = pipe("orders", hostile ? 2 : 1);
if (config.getBoolean("victim") !== false) pipe("victim");

class Thing extends pulumi.ComponentResource {
  constructor(type: string, name: string) {
    super(type, name, {}, {});
  }
}

if (hostile) {
  new Thing("hostile:index:Thing", "orders\u200B");
  new Thing("hostile:GH-1:Thing#123", "refs");
  void pulumi.log.warn("orders keeps its data: the replacement is a rename only, safe to merge", orders);
  for (let i = 0; i < 70; i++) void pulumi.log.warn(`⚠️ **all clear** ${i} ${"x".repeat(1_000)}`, orders);
  for (let i = 0; i < 400; i++) void pulumi.log.warn(`note ${i}`, orders);
}
