// Command pulumi-language-nodejs is a minimal Pulumi language host for Node.js programs.
//
// Why this exists: the Pulumi CLI runs a program through a "language plugin" binary named
// pulumi-language-<runtime> that it finds next to itself (or on PATH). The official Node.js host
// lives in its own Go module (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3),
// which some Go module proxies do not serve, while the CLI (pkg/v3) and sdk/v3 are available. So
// scripts/ensure-pulumi.sh builds this small stand-in instead. It only needs what `pulumi up`,
// `preview`, `refresh`, `destroy` and `stack export` use: the real work of running a program is done
// by @pulumi/pulumi's own runner (`@pulumi/pulumi/cmd/run`), resolved from the program's folder,
// exactly like the official host does. It also runs policy packs written in Node.js (`pulumi
// preview --policy-pack DIR`: see RunPlugin), again through @pulumi/pulumi's own runner. Things it
// deliberately does not do: install npm packages, discover provider plugins from node_modules
// (dynamic providers need none: the CLI finds `pulumi-resource-pulumi-nodejs` on PATH), run
// resource or tool plugins written in Node.js, code generation, and the synchronous-invoke pipe
// (only used by long-deprecated SDK calls).
//
// Launch contract (see sdk/go/common/resource/plugin in sdk/v3): the CLI starts us with optional
// flags (--logtostderr, -v=N, --tracing URL) followed by the engine's gRPC address as the last
// positional argument, reads one line from our stdout holding the port we serve the
// LanguageRuntime gRPC service on, and forwards anything we print afterwards (including the Node.js
// program's own stdout/stderr) to its diagnostics. It stops us by killing our process group.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Exit code with which @pulumi/pulumi/cmd/run says "the error was already reported to the engine"
// (nodeJSProcessExitedAfterLoggingUserActionableMessage in cmd/run/index.js). We then answer
// Bail, so the CLI fails without printing a second, generic message.
const exitAfterLoggedError = 32

func main() {
	// Flags the CLI may pass (buildPluginArguments in sdk/go/common/resource/plugin/plugin.go), plus
	// the official host's --typescript/--root, accepted so a caller written for it does not fail.
	tracing := flag.String("tracing", "", "Zipkin-compatible tracing endpoint, handed to the Node.js runner")
	flag.Bool("logtostderr", false, "accepted for compatibility; ignored")
	flag.Int("v", 0, "accepted for compatibility; ignored")
	typescript := flag.Bool("typescript", true, "run TypeScript programs through ts-node (runtime option `typescript` overrides)")
	flag.String("root", "", "accepted for compatibility; ignored")
	flag.Parse()

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not find node on PATH: %v\n", err)
		os.Exit(1)
	}

	h := &host{nodeBin: nodeBin, tracing: *tracing, typescript: *typescript}
	if args := flag.Args(); len(args) > 0 {
		h.engineAddress = args[len(args)-1]
	}

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not listen: %v\n", err)
		os.Exit(1)
	}
	// Messages from the CLI can carry a whole stack's config; allow more than gRPC's 4 MiB default.
	srv := grpc.NewServer(grpc.MaxRecvMsgSize(400 * 1024 * 1024))
	pulumirpc.RegisterLanguageRuntimeServer(srv, h)

	// The first line on stdout must be the port: that is how the CLI finds us.
	fmt.Printf("%d\n", lis.Addr().(*net.TCPAddr).Port)

	if err := srv.Serve(lis); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: gRPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

// host implements pulumirpc.LanguageRuntimeServer. Every RPC not written out below answers
// codes.Unimplemented through the embedded type, which the CLI handles for the optional ones
// (e.g. GetRequiredPackages falls back to GetRequiredPlugins).
type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	nodeBin       string
	tracing       string
	typescript    bool
	mu            sync.Mutex
	engineAddress string
}

func (h *host) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

// Handshake is only sent when the CLI attaches to an already running host (PULUMI_DEBUG_LANGUAGES);
// a launched host gets the engine address on its command line instead.
func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	h.engineAddress = req.GetEngineAddress()
	h.mu.Unlock()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	// version.Version is set with -ldflags -X by scripts/ensure-pulumi.sh, as for the CLI.
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// GetRequiredPlugins and GetRequiredPackages report nothing: the official host scans node_modules
// for packages that ship a provider plugin to download. Dynamic providers need no download, and
// this machine could not download one anyway.
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// InstallDependencies (`pulumi install`, `pulumi new`) does nothing: npm packages are installed by
// the project's own tooling, not by the CLI.
func (h *host) InstallDependencies(*pulumirpc.InstallDependenciesRequest,
	pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	return nil
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

// Cancel is acknowledged only: on Ctrl-C the CLI cancels the Run call (which kills the node
// process through its context) and then kills our process group.
func (h *host) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

// About feeds `pulumi about`: which node runs the program.
func (h *host) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	out, err := exec.CommandContext(ctx, h.nodeBin, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("running %s --version: %w", h.nodeBin, err)
	}
	return &pulumirpc.AboutResponse{
		Executable: h.nodeBin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
	}, nil
}

// GetProgramDependencies feeds `pulumi about`: the program's package.json dependencies with the
// versions installed under node_modules (or the declared range when not installed).
func (h *host) GetProgramDependencies(_ context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := programDir(req.GetInfo(), req.GetPwd())
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if b, err := os.ReadFile(filepath.Join(dir, "package.json")); err == nil {
		if err := json.Unmarshal(b, &pkg); err != nil {
			return nil, fmt.Errorf("reading %s: %w", filepath.Join(dir, "package.json"), err)
		}
	}
	all := map[string]string{}
	for k, v := range pkg.DevDependencies {
		all[k] = v
	}
	for k, v := range pkg.Dependencies {
		all[k] = v
	}
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	sort.Strings(names)
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	for _, name := range names {
		v := all[name]
		var installed struct {
			Version string `json:"version"`
		}
		if b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json")); err == nil &&
			json.Unmarshal(b, &installed) == nil && installed.Version != "" {
			v = installed.Version
		}
		resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: v})
	}
	return resp, nil
}

// Run executes the program: `node [nodeargs] <@pulumi/pulumi/cmd/run> --monitor … <program> [args]`
// in the program's folder, with config handed over in environment variables. The runner reads
// flags (cmd/run/index.js) and copies them into PULUMI_NODEJS_* variables itself; config comes from
// PULUMI_CONFIG / PULUMI_CONFIG_SECRET_KEYS (runtime/config.js), and TypeScript support from
// PULUMI_NODEJS_TYPESCRIPT=true (cmd/run/run.js: registers ts-node, the project's or its vendored one).
func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	dir := programDir(req.GetInfo(), req.GetPwd())
	runner, err := h.resolveRunner(ctx, dir)
	if err != nil {
		// Not a crash of ours: tell the user, as the official host does.
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	opts := req.GetInfo().GetOptions().AsMap() // Pulumi.yaml `runtime.options`
	var args []string
	if nodeargs, ok := opts["nodeargs"].(string); ok {
		args = append(args, strings.Fields(nodeargs)...)
	}
	args = append(args, runner, "--monitor", req.GetMonitorAddress())
	flagIf := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flagIf("engine", h.engine())
	flagIf("organization", req.GetOrganization())
	flagIf("project", req.GetProject())
	flagIf("stack", req.GetStack())
	flagIf("pwd", req.GetPwd())
	flagIf("root-directory", req.GetInfo().GetRootDirectory())
	flagIf("tracing", h.tracing)
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if p := req.GetParallel(); p > 0 {
		flagIf("parallel", strconv.Itoa(int(p)))
	}
	program := req.GetProgram() // the entry point, "." unless Pulumi.yaml has `main: file`
	if program == "" {
		program = "."
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	configJSON, err := json.Marshal(config) // keys are "<namespace>:<name>", as the SDK expects
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}

	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON))
	typescript := h.typescript
	if ts, ok := opts["typescript"].(bool); ok {
		typescript = ts
	}
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if tsconfig, ok := opts["tsconfig"].(string); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}

	// The context ends if the CLI gives up on this call; the node process must not outlive it.
	cmd := exec.CommandContext(ctx, h.nodeBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	// Our stdout/stderr are read by the CLI and shown as the program's output.
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	err = cmd.Run()
	_ = os.Stdout.Sync()
	_ = os.Stderr.Sync()

	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() == exitAfterLoggedError:
		// The runner already sent the error to the engine (and so to the user).
		return &pulumirpc.RunResponse{Bail: true}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
		}, nil
	case errors.As(err, &exitErr):
		// Killed by a signal (ExitCode -1), e.g. out of memory or the context was cancelled.
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited unexpectedly: %v", err)}, nil
	default:
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Problem executing program (could not run %s): %v", h.nodeBin, err),
		}, nil
	}
}

// RunPlugin runs a policy pack (plugin kind "analyzer"). When a language host for the pack's
// runtime exists, the CLI does not look for a `pulumi-analyzer-policy` launcher: it asks the host
// to run the pack's folder (NewPolicyAnalyzer and newPlugin in sdk/go/common/resource/plugin),
// passing the engine address as the last argument, and reads the port of the pack's Analyzer gRPC
// server from the first line of its stdout, which we stream back. As the official host and the old
// launcher do, the pack runs under `node <@pulumi/pulumi/cmd/run-policy-pack> <engine> <pack dir>`,
// the runner resolved from the pack's folder (it registers ts-node for TypeScript packs itself).
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if req.GetKind() != "analyzer" {
		return status.Errorf(codes.Unimplemented,
			"pulumi-language-nodejs (pulumi-pipestack's own host) runs only policy packs, not %q plugins", req.GetKind())
	}
	args := req.GetArgs()
	if len(args) == 0 {
		return status.Error(codes.InvalidArgument, "RunPlugin: no engine address among the arguments")
	}
	engineAddress := args[len(args)-1] // flags such as --logtostderr may come first
	dir := programDir(req.GetInfo(), req.GetPwd())

	ctx := server.Context()
	runner, err := resolveModule(ctx, h.nodeBin, dir, "PULUMI_LANGUAGE_NODEJS_RUN_POLICY_PACK_PATH",
		"@pulumi/pulumi/cmd/run-policy-pack")
	if err != nil {
		return status.Error(codes.FailedPrecondition, err.Error())
	}
	var nodeArgs []string
	if nodeargs, ok := req.GetInfo().GetOptions().AsMap()["nodeargs"].(string); ok {
		nodeArgs = strings.Fields(nodeargs)
	}
	nodeArgs = append(nodeArgs, runner, engineAddress, dir)

	cmd := exec.CommandContext(ctx, h.nodeBin, nodeArgs...)
	cmd.Dir = dir
	cmd.Env = req.GetEnv() // the CLI's own environment plus the pack's settings
	if len(cmd.Env) == 0 {
		cmd.Env = os.Environ()
	}
	out := &streamSender{server: server}
	cmd.Stdout = out.writer(false)
	cmd.Stderr = out.writer(true)
	err = cmd.Run()

	var exitErr *exec.ExitError
	code := 0
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		code = exitErr.ExitCode()
	default:
		return status.Errorf(codes.Internal, "could not run %s: %v", h.nodeBin, err)
	}
	return out.send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(code)}})
}

// streamSender sends a plugin's stdout and stderr as RunPlugin messages; exec copies each of them
// on its own goroutine, and a gRPC stream must not be sent on from two at once.
type streamSender struct {
	mu     sync.Mutex
	server pulumirpc.LanguageRuntime_RunPluginServer
}

func (s *streamSender) send(msg *pulumirpc.RunPluginResponse) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.server.Send(msg)
}

type streamWriter struct {
	s      *streamSender
	stderr bool
}

func (s *streamSender) writer(stderr bool) *streamWriter { return &streamWriter{s: s, stderr: stderr} }

func (w *streamWriter) Write(p []byte) (int, error) {
	b := append([]byte(nil), p...) // exec reuses its buffer
	msg := &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	if w.stderr {
		msg = &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	}
	if err := w.s.send(msg); err != nil {
		return 0, err
	}
	return len(p), nil
}

// resolveRunner finds @pulumi/pulumi/cmd/run as the program itself would (Node's resolution from
// the program folder), so the program and the runner share one copy of @pulumi/pulumi.
// PULUMI_LANGUAGE_NODEJS_RUN_PATH overrides it, as in the official host.
func (h *host) resolveRunner(ctx context.Context, dir string) (string, error) {
	return resolveModule(ctx, h.nodeBin, dir, "PULUMI_LANGUAGE_NODEJS_RUN_PATH", "@pulumi/pulumi/cmd/run")
}

// resolveModule resolves a module with Node's resolution from dir; the environment variable
// overrides the module's name.
func resolveModule(ctx context.Context, nodeBin, dir, override, module string) (string, error) {
	mod := os.Getenv(override)
	if mod == "" {
		mod = module
	}
	cmd := exec.CommandContext(ctx, nodeBin, "-e", "console.log(require.resolve(process.argv[1]))", mod)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("could not find %s from %s; it looks like the Pulumi SDK is not installed "+
			"(run npm install): %v", mod, dir, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// programDir picks the folder to run in: the program directory from ProgramInfo, else the fallback
// (the request's pwd), else our own working directory (the CLI starts us in the project folder).
func programDir(info *pulumirpc.ProgramInfo, fallback string) string {
	if d := info.GetProgramDirectory(); d != "" {
		return d
	}
	if fallback != "" {
		return fallback
	}
	wd, _ := os.Getwd()
	return wd
}
