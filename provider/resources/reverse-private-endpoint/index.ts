import { declaration } from "./declaration";
import { listing } from "./listing";
import { endpointDiff, wouldCollide } from "./diff";
import { provider } from "./engine";
import { endpointSpecShape } from "./schema";
import { defineResource } from "../../engine/definition";

/** A reverse private endpoint: the private path pipes reach a source through (the cloud API's `/pipesReversePrivateEndpoints`). Listed in the registry (`provider/registry/index.ts`). */
export const reversePrivateEndpoint = defineResource({
  ...declaration,
  provider,
  spec: endpointSpecShape,
  diff: endpointDiff,
  fixedOutputs: [],
  gap: "pipes reaching their source through it lose the connection until the new endpoint is Ready",
  listing,
  collides: (olds, news) => wouldCollide(olds as never, news as never),
});
