/**
 * pulumi-pipestack: Pulumi resources for data pipes and observability-stack dashboards and
 * alerts, over the service's REST API.
 *
 * Every type this file exports is a plain interface or literal union of
 * ./public-types/generated.ts (generated from the zod schemas and the field policies by
 * scripts/public-types.js), so a program's compiler never instantiates a zod type.
 */
import { settingKeys as settingKeysOfConfig } from "./config";
import { typeTokens as typeTokensOfRegistry } from "./registry";
import type { SettingKeys, TypeTokens } from "./public-types/generated";

export { Pipe, type PipeArgs } from "./classes";
// The list functions (both forms), their args and item types: generated from the kinds' listings.
export * from "./functions/list-functions";
export { ReversePrivateEndpoint, type ReversePrivateEndpointArgs } from "./classes";
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
export { StackDashboard, type StackDashboardArgs } from "./classes";
export { StackAlert, type StackAlertArgs } from "./classes";
export { StackSavedSearch, type StackSavedSearchArgs } from "./classes";
export { StackWebhook, type StackWebhookArgs } from "./classes";
export { StackConnection, type StackConnectionArgs } from "./classes";
export { StackSource, type StackSourceArgs } from "./classes";
export type {
  CustomPrivateDnsMapping,
  EndpointType,
  Settings,
  Connection,
  ConnectionArgs,
  ConnectionInput,
  StackTileInput,
  StackTileOutput,
  StackSeries,
  TileConfigInput,
  AlertChannel,
  SavedSearchFilter,
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
  Destination,
  FieldMapping,
  PipeSettings,
  Scaling,
  PipeSource,
  PipeSourceSecrets,
} from "./public-types/generated";

/** Every setting, its environment variable, whether it is secret, and what it is for. */
export const settingKeys: SettingKeys = settingKeysOfConfig;

/** The dynamic face's type token of each kind (`pulumi-nodejs:dynamic/pipestack:Pipe`): what policy packs match on. */
export const typeTokens: TypeTokens = typeTokensOfRegistry;
