// The plain-string credentials of test/e2e/programs/plain-secrets, shared with its test
// (test/e2e/plain-secrets.test.ts), which searches every output for each in every encoding.
// Some hold the characters encoders treat differently: `~ ! ' ( )`, a quote, `/`, `+`, `=`.

const keyFile = (id: string) =>
  Buffer.from(
    JSON.stringify({
      type: "service_account",
      project_id: "project-1",
      private_key_id: `${id}-private-key-id-0123456789`,
      private_key: `-----BEGIN PRIVATE KEY-----\n${id}MIIEvQIBADANBgkqhkiG9w0BAQEF\n${id}BKcwggSjAgEAAoIBAQC7VJTUt9Us\n-----END PRIVATE KEY-----\n`,
      client_email: "reader@project-1.example.test",
    }),
  ).toString("base64");

/** Every secret field of every resource kind, by where it goes. */
export const PLAIN = {
  kafkaPassword: "pk-kafka~pass!w'o(r)d-01",
  registryPassword: "pk-registry-pass/word+02",
  objectSecretKey: "pk-object-secret-key-03",
  connectionString: "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=pk-conn-key-04/x+y==;EndpointSuffix=example.test",
  objectServiceAccountKey: keyFile("pk05"),
  kinesisSecretKey: "pk-kinesis-secret-06",
  postgresPassword: 'pk-postgres "quoted" pass 07',
  pubsubKeyFile: keyFile("pk08"),
  mysqlPassword: "pk-mysql-pass-09",
  mongodbPassword: "pk-mongodb-pass-10",
  bigqueryKeyFile: keyFile("pk11"),
  /** The cloud API key secret, in a resource's `connection`. */
  keySecret: "pk-cloud-key-secret-12",
  /** The stack server's access key, in a resource's `connection`. */
  stackToken: "pk-stack-token-13",
} as const;
