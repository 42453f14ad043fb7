// The serialized provider stored with every resource (`__provider`): the compiled package's text
// per engine (provider/resource-class/shim.ts), as the resource classes register it.
"use strict";
const path = require("node:path");
const { root } = require("./options");

/** Engine name of the shim per resource type. */
const ENGINES = { Pipe: "pipe", StackDashboard: "stack-dashboard", StackAlert: "stack-alert" };

/** Bytes of the serialized provider text per resource type, from the compiled shim. */
async function providerTextBytes() {
  const { providerText } = require(path.join(root, "dist", "provider", "resource-class", "shim.js"));
  const bytes = {};
  for (const [type, engine] of Object.entries(ENGINES)) bytes[type] = Buffer.byteLength(providerText(engine), "utf8");
  return bytes;
}

/**
 * What one resource type weighs in a `pulumi stack export`: bytes per resource (median), the
 * distinct sizes of its `__provider` text, and the share of the resource's bytes that text takes
 * (it is stored twice, in inputs and outputs). The file backend rewrites the whole state after
 * every step, so these bytes are paid again on each one.
 */
function stateFootprint(exportedText, type) {
  const exported = JSON.parse(exportedText);
  const sizes = new Set();
  const perResource = [];
  let providerBytes = 0;
  for (const r of exported.deployment?.resources ?? []) {
    if (!r.type.endsWith(`:${type}`)) continue;
    perResource.push(Buffer.byteLength(JSON.stringify(r), "utf8"));
    for (const side of [r.inputs, r.outputs]) {
      const text = side?.__provider;
      if (typeof text !== "string") continue;
      sizes.add(Buffer.byteLength(text, "utf8"));
      providerBytes += Buffer.byteLength(JSON.stringify(text), "utf8");
    }
  }
  perResource.sort((a, b) => a - b);
  const total = perResource.reduce((a, b) => a + b, 0);
  return {
    stateBytes: Buffer.byteLength(exportedText, "utf8"),
    resources: perResource.length,
    bytesPerResource: perResource[perResource.length >> 1] ?? 0,
    providerTextBytes: sizes.size === 1 ? [...sizes][0] : [...sizes],
    providerTextShare: total ? Number((providerBytes / total).toFixed(2)) : 0,
  };
}

module.exports = { providerTextBytes, stateFootprint };
