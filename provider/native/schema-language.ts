/**
 * The package schema's language metadata: what each generated SDK is called and where it lives.
 * Every SDK carries the schema's version (`respectSchemaVersion`), so the engine asks for the
 * plugin of the package that made it, never v0.0.0.
 */

/** The Go module of the Go SDK; its package is `<module>/pipestack`. */
export const GO_MODULE = "github.com/pipestack/pulumi-pipestack/sdk/go";

export const languages = {
  nodejs: {
    packageName: "@pipestack/pulumi-native",
    packageDescription: "The pipestack native provider's TypeScript SDK: pipes, reverse private endpoints and observability-stack resources.",
    respectSchemaVersion: true,
  },
  python: {
    packageName: "pulumi_pipestack",
    pyproject: { enabled: true },
    respectSchemaVersion: true,
  },
  go: {
    importBasePath: `${GO_MODULE}/pipestack`,
    generateResourceContainerTypes: true,
    respectSchemaVersion: true,
  },
  csharp: {
    rootNamespace: "Pipestack",
    respectSchemaVersion: true,
  },
} as const;
