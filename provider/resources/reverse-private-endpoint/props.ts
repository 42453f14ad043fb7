import type { ComputedOutputs } from "../../schemas/field-policy";
import type { endpointComputed } from "./policy";
import type { EndpointSpecInput } from "./schema";

/** An endpoint's properties as the engine holds them: the program's spec and the serialized provider. */
export type EndpointInputs = EndpointSpecInput & { __provider?: string };

/** An endpoint's outputs: its inputs as the API reads them back, and the server's own fields. */
export type EndpointOutputs = EndpointInputs & ComputedOutputs<typeof endpointComputed>;
