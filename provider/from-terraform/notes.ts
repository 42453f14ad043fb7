import { printable } from "../errors/printable";
import type { Conversion, Handover, MissingField } from "./convert";
import { isStackKind, LEFT_OUT } from "./match";

/** A value from the state (an address, an id, a service), as printed: its control characters escaped. */
const shown = (value: string) => printable(value);

const distinct = (values: readonly (string | undefined)[]) => [...new Set(values.filter((v): v is string => v !== undefined))].map(shown);

function missingLine(m: MissingField): string {
  const how = m.secret ? "as a secret (`pulumi config set --secret ...`)" : "";
  const state =
    m.setInState.length > 0
      ? `set in the Terraform state: ${m.setInState.map(shown).join(", ")}`
      : m.secret
        ? "not in the Terraform state: add it if the pipe uses it"
        : "";
  return `    add ${m.field} ${how}`.trimEnd() + (state === "" ? "" : ` (${state})`);
}

function handoverLines(h: Handover): string[] {
  const head = `  ${shown(h.entry.name)}: ${h.entry.type} ${shown(h.entry.id)}, from ${shown(h.address)}`;
  return h.missing.length === 0 ? [head, "    nothing to add: every field is read back"] : [head, ...h.missing.map(missingLine)];
}

/** The settings the peer provider block gave, as `pipestack:*` stack config. Pure. */
export function settingLines(conversion: Conversion): string[] {
  const services = distinct(conversion.handovers.map((h) => h.serviceId));
  const organizations = distinct(conversion.handovers.map((h) => h.organizationId));
  const service =
    services.length === 1
      ? `  pipestack:serviceId ${services[0]} (the service_id of every object; the import ids name it too)`
      : services.length > 1
        ? `  pipestack:serviceId: the objects are in ${services.length} services (${services.join(", ")}); each import id names its own, and each resource keeps it as serviceId`
        : "  pipestack:serviceId: the service id the provider block gave (the state does not name it)";
  const organization =
    organizations.length === 1
      ? `  pipestack:organizationId ${organizations[0]} (the organization_id of every object)`
      : "  pipestack:organizationId: the organization id the provider block gave (the state does not keep provider settings)";
  // The state names no stack object's service: the provider block gave the stack's (or a stack server's address).
  const stack = conversion.handovers.some((h) => isStackKind(h.kind))
    ? [
        "  the stack objects' stack, which the state does not name: pipestack:serviceId, the service whose stack the provider block named (the pipes' import ids name their own); or, for a stack server of its own, pipestack:stackUrl and pipestack:stackToken with --secret",
      ]
    : [];
  return [
    "Settings: what the Terraform provider block (or its environment variables) set, as stack config:",
    service,
    organization,
    ...stack,
    "  pipestack:apiUrl: the API URL, if the provider block set one",
    "  pipestack:keyId, and pipestack:keySecret with --secret: the API key",
  ];
}

/** The notes printed beside the import document: per object, what to add; then the settings. Pure. */
export function notesText(conversion: Conversion, file: string): string {
  const n = conversion.handovers.length;
  const lines = [
    `${n} object${n === 1 ? "" : "s"} of ${shown(file)} to import${conversion.skipped.length > 0 ? `; ${conversion.skipped.length} other${conversion.skipped.length === 1 ? "" : "s"} left out (${LEFT_OUT})` : ""}.`,
    "After `pulumi import --file`, add what the API never returns to the program:",
    ...conversion.handovers.flatMap(handoverLines),
    ...settingLines(conversion),
    "Then take the objects out of Terraform, so that two tools do not manage them: terraform state rm <address> for each address above.",
  ];
  return `${lines.join("\n")}\n`;
}
