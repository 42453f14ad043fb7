"""A TEST STAND-IN for Pulumi's Python language host (`pulumi-language-python`), for the tests only.

Why: the Pulumi CLI runs a Python program through a language host binary it finds on PATH. The
official one is a Go program in its own module, which the Go module proxy of the test machine does
not serve, so it cannot be built there; the `pulumi` Python package from PyPI can be installed. This
file serves the LanguageRuntime gRPC service with that package's own generated stubs, and runs a
program the way the official host's `pulumi-language-python-exec` does: in a new Python process,
the runtime configured with `pulumi.runtime.Settings`, the stack's config set, and the program's
`__main__.py` run inside `pulumi.runtime.run_in_stack`. test/e2e/native-python.test.ts installs it
as `pulumi-language-python` in a folder of its own on the CLI's PATH. It does only what `pulumi up`,
`preview` and `destroy` of a program in a ready environment use: it installs nothing, reports no
plugins (the project names the provider plugin's folder), and has no virtualenv, toolchain,
policy-pack, code generation or debugging support.

    python langhost.py [flags] <engine address>         # serve; the first stdout line is the port
    python langhost.py --exec <settings JSON> <program>  # run one program (what Run starts)
"""

import asyncio
import json
import logging
import os
import runpy
import subprocess
import sys
import traceback
from concurrent import futures

import grpc
from google.protobuf import empty_pb2

import pulumi
import pulumi.runtime
from pulumi.runtime.proto import language_pb2, language_pb2_grpc, plugin_pb2


class LanguageHost(language_pb2_grpc.LanguageRuntimeServicer):
    """The RPCs the CLI calls for up, preview and destroy; the rest answer UNIMPLEMENTED (the base class)."""

    def __init__(self, engine_address):
        self.engine_address = engine_address

    def Handshake(self, request, context):
        self.engine_address = request.engine_address
        return language_pb2.LanguageHandshakeResponse()

    def GetPluginInfo(self, request, context):
        from importlib import metadata

        return plugin_pb2.PluginInfo(version=metadata.version("pulumi"))

    def GetRequiredPlugins(self, request, context):
        return language_pb2.GetRequiredPluginsResponse()

    def GetRequiredPackages(self, request, context):
        return language_pb2.GetRequiredPackagesResponse()

    def InstallDependencies(self, request, context):
        return iter(())

    def About(self, request, context):
        version = ".".join(str(v) for v in sys.version_info[:3])
        return language_pb2.AboutResponse(executable=sys.executable, version=version)

    def GetProgramDependencies(self, request, context):
        from importlib import metadata

        names = ["pulumi", "pulumi_pipestack"]
        found = []
        for name in names:
            try:
                found.append(language_pb2.DependencyInfo(name=name, version=metadata.version(name)))
            except metadata.PackageNotFoundError:
                pass
        return language_pb2.GetProgramDependenciesResponse(dependencies=found)

    def Cancel(self, request, context):
        return empty_pb2.Empty()

    def Run(self, request, context):
        directory = request.info.program_directory or request.pwd or os.getcwd()
        settings = {
            "monitor": request.monitor_address,
            "engine": self.engine_address,
            "project": request.project,
            "stack": request.stack,
            "organization": request.organization or None,
            "root_directory": request.info.root_directory or None,
            "parallel": request.parallel,
            "dry_run": request.dryRun,
            "pwd": request.pwd or directory,
        }
        env = dict(os.environ)
        env["PULUMI_CONFIG"] = json.dumps(dict(request.config))
        env["PULUMI_CONFIG_SECRET_KEYS"] = json.dumps(list(request.configSecretKeys))
        # The program's output goes where ours goes: the CLI shows it as the program's.
        # Pulumi.yaml's `main` (default: the folder, whose __main__.py runs).
        program = os.path.join(directory, request.info.entry_point or ".")
        code = subprocess.call([sys.executable, "-u", __file__, "--exec", json.dumps(settings), program], env=env, cwd=settings["pwd"])
        # A failed program has told the engine why (pulumi.log.error); bail: nothing more to print.
        return language_pb2.RunResponse(bail=code != 0)


def serve(args):
    engine = next((a for a in reversed(args) if not a.startswith("-")), "")
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4), options=[("grpc.max_receive_message_length", 400 * 1024 * 1024)])
    language_pb2_grpc.add_LanguageRuntimeServicer_to_server(LanguageHost(engine), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(port, flush=True)
    server.wait_for_termination()


def execute(settings_json, program):
    s = json.loads(settings_json)
    pulumi.runtime.set_all_config(pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env())
    pulumi.runtime.configure(
        pulumi.runtime.Settings(
            project=s["project"],
            stack=s["stack"],
            monitor=s["monitor"],
            engine=s["engine"],
            parallel=s["parallel"],
            dry_run=s["dry_run"],
            organization=s["organization"],
            root_directory=s["root_directory"],
        )
    )
    sys.argv = [program]
    # A program that fails part-way leaves futures nobody awaits; asyncio's complaints about them are noise.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(pulumi.runtime.run_in_stack(lambda: runpy.run_path(program, run_name="__main__")))
        return 0
    except pulumi.RunError as e:
        pulumi.log.error(str(e))
    except Exception:  # noqa: BLE001 (the engine shows the program's own traceback)
        pulumi.log.error(f"Program failed with an unhandled exception:\n{traceback.format_exc()}")
    finally:
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()
    return 1


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--exec":
        sys.exit(execute(sys.argv[2], sys.argv[3]))
    serve(sys.argv[1:])
