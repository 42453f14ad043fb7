// A Terraform state for rehearsing a move at size: the example state (test/unit/fixtures) whole,
// plus `pipes` more pipes made from its first one (names, tables, consumer groups and ids apart)
// and `endpoints` reverse private endpoints. Shared by the move's bench part
// (bench/lib/from-terraform-move.js) and its end-to-end test (test/e2e/from-terraform-rehearsal).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/** The committed copy of the reference example state. */
const EXAMPLE_STATE = path.resolve(__dirname, "..", "..", "test", "unit", "fixtures", "terraform-state-example.json");

/** A deep copy of a JSON value. */
const copy = (value) => JSON.parse(JSON.stringify(value));

/** A UUID of its own for object `i` of a group `tag` (three hex digits). */
const uuid = (i, tag) => `00000000-0000-4000-8${tag}-${String(i).padStart(12, "0")}`;

/**
 * The example state with `pipes` more pipes (`example_pipe.moved[i]`, imported as `moved-<i>`)
 * and `endpoints` endpoints (`example_private_endpoint.brokers[i]`). Pure but for reading the
 * example file.
 */
function movedState(pipes, endpoints, example = EXAMPLE_STATE) {
  const doc = JSON.parse(fs.readFileSync(example, "utf8"));
  const model = doc.resources[0];
  doc.resources.push({
    ...copy(model),
    name: "moved",
    instances: Array.from({ length: pipes }, (_, i) => {
      const inst = copy(model.instances[0]);
      inst.index_key = i;
      const a = inst.attributes;
      a.id = uuid(i, "001");
      a.name = `moved-${i}`;
      a.destination.table = `moved_${i}`;
      a.source.kafka.consumer_group = `moved-${i}`;
      return inst;
    }),
  });
  doc.resources.push({
    mode: "managed",
    type: "example_private_endpoint",
    name: "brokers",
    provider: model.provider,
    instances: Array.from({ length: endpoints }, (_, i) => ({
      index_key: i,
      schema_version: 0,
      attributes: {
        id: uuid(i, "002"),
        service_id: model.instances[0].attributes.service_id,
        type: "VPC_ENDPOINT_SERVICE",
        description: `brokers ${i}`,
        vpc_endpoint_service_name: `com.example.vpce.svc-${i}`,
        msk_cluster_arn: null,
        custom_private_dns_mappings: [],
        status: "Ready",
      },
    })),
  });
  return doc;
}

module.exports = { movedState, EXAMPLE_STATE };
