import type { ComputedOutputs } from "./field-policy";
import type { endpointComputed } from "./reverse-private-endpoint-policy";
import type { EndpointSpecInput } from "./reverse-private-endpoint-spec";

/** An endpoint's properties as the engine holds them: the program's spec and the serialized provider. */
export type EndpointInputs = EndpointSpecInput & { __provider?: string };

/** An endpoint's outputs: its inputs as the API reads them back, and the server's own fields. */
export type EndpointOutputs = EndpointInputs & ComputedOutputs<typeof endpointComputed>;
