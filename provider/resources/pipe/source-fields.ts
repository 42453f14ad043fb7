/** Field shapes every source kind draws on. */
import { z } from "zod";

/** Names, ids and free text the API takes as non-empty strings. */
export const text = z.string().min(1, "must not be empty");
/** Optional values the API also reads back as `null`. */
export const optionalText = text.nullish();

// Each shape is typed by name: declaration emit would otherwise write the shape out in full in
// every file that imports it, without the field docs.

const usernamePasswordShape = {
  /** User name. */
  username: text,
  /** Password. Kept as a Pulumi secret. */
  password: text,
};
/** A user name and password. */
export type UsernamePassword = z.ZodObject<typeof usernamePasswordShape, "strict">;
/** A user name and password. */
export const usernamePassword: UsernamePassword = z.object(usernamePasswordShape).strict();

const accessKeyShape = {
  /** Access key id of the cloud identity that reads the source. */
  accessKeyId: text,
  /** Its secret key. Kept as a Pulumi secret. */
  secretKey: text,
};
/** An access key of a cloud identity. */
export type AccessKey = z.ZodObject<typeof accessKeyShape, "strict">;
/** An access key of a cloud identity. */
export const accessKey: AccessKey = z.object(accessKeyShape).strict();

const serviceAccountFileShape = {
  /** The service account key file's content (JSON, base64). Kept as a Pulumi secret. */
  serviceAccountFile: text,
};
/** A service account key file (JSON), as the API takes it. */
export type ServiceAccountFile = z.ZodObject<typeof serviceAccountFileShape, "strict">;
/** A service account key file (JSON), as the API takes it. */
export const serviceAccountFile: ServiceAccountFile = z.object(serviceAccountFileShape).strict();
