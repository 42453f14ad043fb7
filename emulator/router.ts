/**
 * Route table keyed by method and path template. The template (not the concrete path) is
 * what the stats count, so `GET /pipes/{pipeId}` adds up over every pipe.
 */
import type { Handler } from "./http/context";

/** One registered route. */
export interface Route<H = Handler> {
  method: string;
  template: string;
  handler: H;
}

interface CompiledRoute<H> extends Route<H> {
  pattern: RegExp;
  names: string[];
}

/** A route found for a request, with its decoded path parameters. */
export interface RouteMatch<H = Handler> {
  route: Route<H>;
  params: Record<string, string>;
}

/**
 * Method + path-template routing; a path with a known template but another method is no
 * route. `H` is what a route runs: API handlers by default, the control API's own otherwise.
 */
export class Router<H = Handler> {
  private readonly routes: CompiledRoute<H>[] = [];

  /** Registers a handler for `method` and a template such as `/pipes/{pipeId}`. */
  add(method: string, template: string, handler: H): this {
    const names: string[] = [];
    const source = template
      .split("/")
      .map((segment) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (name === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "([^/]+)";
      })
      .join("/");
    this.routes.push({ method, template, handler, names, pattern: new RegExp(`^${source}/?$`) });
    return this;
  }

  /** The route for a request, or undefined (the caller answers with a non-JSON 404). */
  match(method: string, pathname: string): RouteMatch<H> | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      try {
        route.names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1] ?? "")));
      } catch {
        return undefined;
      }
      return { route, params };
    }
    return undefined;
  }
}
