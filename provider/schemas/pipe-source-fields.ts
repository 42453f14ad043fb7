/** Field shapes every source kind draws on. */
import { z } from "zod";

/** Names, ids and free text the API takes as non-empty strings. */
export const text = z.string().min(1, "must not be empty");
/** Optional values the API also reads back as `null`. */
export const optionalText = text.nullish();

export const usernamePassword = z
  .object({
    /** User name. */
    username: text,
    /** Password. Kept as a Pulumi secret. */
    password: text,
  })
  .strict();

export const accessKey = z
  .object({
    /** Access key id of the cloud identity that reads the source. */
    accessKeyId: text,
    /** Its secret key. Kept as a Pulumi secret. */
    secretKey: text,
  })
  .strict();

/** A service account key file (JSON), as the API takes it. */
export const serviceAccountFile = z
  .object({
    /** The service account key file's content (JSON, base64). Kept as a Pulumi secret. */
    serviceAccountFile: text,
  })
  .strict();
