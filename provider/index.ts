/**
 * pulumi-pipestack: Pulumi resources for data pipes and observability-stack dashboards and
 * alerts, over the service's REST API.
 */
export { Pipe, type PipeArgs } from "./resources/pipe";
export {
  getReversePrivateEndpoints,
  getReversePrivateEndpointsOutput,
  type GetReversePrivateEndpointsArgs,
  type GetReversePrivateEndpointsOutputArgs,
} from "./functions/get-reverse-private-endpoints";
export type { ReversePrivateEndpoint as ReversePrivateEndpointRecord } from "./schemas/reverse-private-endpoint";
export { ReversePrivateEndpoint, type ReversePrivateEndpointArgs } from "./resources/reverse-private-endpoint";
export type { CustomPrivateDnsMapping, EndpointType } from "./schemas/reverse-private-endpoint-spec";
export { settingKeys, type Settings } from "./config";
export type { Connection } from "./schemas/connection";
export type { ConnectionArgs, ConnectionInput } from "./resources/connection";
export {
  ApiError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  FailedDependencyError,
  PipeNotPausedError,
  UnexpectedAnswerError,
  TransportError,
  type ApiErrorDetails,
} from "./client/errors";
export { PollTimeout } from "./client/poll";
export { ResourceInitError } from "./impl/init-error";
export {
  errorCodes,
  type PipestackErrorCode,
  PipestackError,
  InvalidSettingError,
  InvalidArgumentError,
  MalformedAnswerError,
  StackGenerationError,
  ServiceNotRunningError,
  UnprovenCreateError,
  InternalError,
} from "./errors";
export { StackDashboard, type StackDashboardArgs } from "./resources/stack-dashboard";
export { StackAlert, type StackAlertArgs } from "./resources/stack-alert";
export { StackSavedSearch, type StackSavedSearchArgs } from "./resources/stack-saved-search";
export { getStackSources, getStackSourcesOutput, type GetStackSourcesArgs, type GetStackSourcesOutputArgs } from "./functions/get-stack-sources";
export { getStackWebhooks, getStackWebhooksOutput, type GetStackWebhooksArgs, type GetStackWebhooksOutputArgs } from "./functions/get-stack-webhooks";
export type { StackTileInput, StackTileOutput, StackSeries } from "./schemas/stack-dashboard";
export type { TileConfigInput } from "./schemas/stack-dashboard-config";
export type { AlertChannel } from "./schemas/stack-alert";
export type { SavedSearchFilter } from "./schemas/stack-saved-search";
export type { StackSource } from "./schemas/stack-source";
export type { StackWebhook } from "./schemas/stack-webhook";
export { typeTokens } from "./resources/type-tokens";
export type {
  PipeSourceArgs,
  DestinationArgs,
  FieldMappingArgs,
  ScalingArgs,
  PipeSettingsArgs,
  StackTileArgs,
  StackSeriesArgs,
  StackTileConfigArgs,
  StackFilterArgs,
  StackContainerArgs,
  AlertChannelArgs,
  AlertInterval,
} from "./resources/nested-types";
export type { Destination, FieldMapping, PipeSettings, Scaling } from "./schemas/pipe";
export type { PipeSource } from "./schemas/pipe-source";
export type { PipeSourceSecrets } from "./schemas/pipe-secrets";
