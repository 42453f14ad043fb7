/**
 * What an editor shows of a probe program: its errors, and the hover (signature and docs) at each
 * position asked. Synchronous, a language service building the whole program: run it in a worker
 * thread (`inWorker(__filename-of-this, "hoverAnswers", ...)`), never in a test worker (issue 46).
 */
import * as ts from "typescript";
import { probeLanguageService } from "./probe-language-service";

export interface Hover {
  signature: string;
  docs: string;
}

export function hoverAnswers(file: string, text: string, positions: number[]): { errors: string[]; hovers: Hover[] } {
  const service = probeLanguageService(file, () => text);
  const errors = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  );
  const hovers = positions.map((at) => {
    const info = service.getQuickInfoAtPosition(file, at);
    return { signature: ts.displayPartsToString(info?.displayParts), docs: ts.displayPartsToString(info?.documentation) };
  });
  return { errors, hovers };
}
