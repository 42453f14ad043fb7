/**
 * pulumi-pipestack: Pulumi resources for data pipes and observability-stack dashboards and
 * alerts, over the service's REST API.
 */
export { Pipe, type PipeArgs } from "./resources/pipe/class";
export {
  getReversePrivateEndpoints,
  getReversePrivateEndpointsOutput,
  type GetReversePrivateEndpointsArgs,
  type GetReversePrivateEndpointsOutputArgs,
} from "./functions/get-reverse-private-endpoints";
export type { ReversePrivateEndpoint as ReversePrivateEndpointRecord } from "./resources/reverse-private-endpoint/record";
export { ReversePrivateEndpoint, type ReversePrivateEndpointArgs } from "./resources/reverse-private-endpoint/class";
export type { CustomPrivateDnsMapping, EndpointType } from "./resources/reverse-private-endpoint/schema";
export { settingKeys, type Settings } from "./config";
export type { Connection } from "./schemas/connection";
export type { ConnectionArgs, ConnectionInput } from "./resource-class/connection";
export {
  errorCodes,
  type PipestackErrorCode,
  PipestackError,
  ApiError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  FailedDependencyError,
  PipeNotPausedError,
  UnexpectedAnswerError,
  type ApiErrorDetails,
  TransportError,
  PollTimeoutError,
  ResourceInitError,
  InvalidSettingError,
  InvalidArgumentError,
  MalformedAnswerError,
  StackGenerationError,
  ServiceNotRunningError,
  UnprovenCreateError,
  InternalError,
} from "./errors";
export { PollTimeout } from "./errors/operation-errors";
export { StackDashboard, type StackDashboardArgs } from "./resources/stack-dashboard/class";
export { StackAlert, type StackAlertArgs } from "./resources/stack-alert/class";
export { StackSavedSearch, type StackSavedSearchArgs } from "./resources/stack-saved-search/class";
export { StackWebhook, type StackWebhookArgs } from "./resources/stack-webhook/class";
export { getStackSources, getStackSourcesOutput, type GetStackSourcesArgs, type GetStackSourcesOutputArgs } from "./functions/get-stack-sources";
export { getStackWebhooks, getStackWebhooksOutput, type GetStackWebhooksArgs, type GetStackWebhooksOutputArgs } from "./functions/get-stack-webhooks";
export type { StackTileInput, StackTileOutput, StackSeries } from "./resources/stack-dashboard/schema";
export type { TileConfigInput } from "./resources/stack-dashboard/config";
export type { AlertChannel } from "./resources/stack-alert/schema";
export type { SavedSearchFilter } from "./resources/stack-saved-search/schema";
export type { StackSource } from "./schemas/stack-source";
export type { StackWebhookRecord } from "./schemas/stack-webhook";
export { typeTokens } from "./registry";
export type { PipeSourceArgs, DestinationArgs, FieldMappingArgs, ScalingArgs, PipeSettingsArgs } from "./resources/pipe/nested-types";
export type { StackTileArgs, StackSeriesArgs, StackTileConfigArgs, StackFilterArgs, StackContainerArgs } from "./resources/stack-dashboard/nested-types";
export type { AlertChannelArgs, AlertInterval } from "./resources/stack-alert/nested-types";
export type { Destination, FieldMapping, PipeSettings, Scaling } from "./resources/pipe/schema";
export type { PipeSource } from "./resources/pipe/source";
export type { PipeSourceSecrets } from "./resources/pipe/secrets";
