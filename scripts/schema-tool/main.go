// schema-tool checks the native provider's package schema with Pulumi's own schema binder and
// generates SDKs from it with Pulumi's own code generators (pkg/v3/codegen), without a language
// host: `go run` it, or let scripts/ensure-schema-tool.sh build it once.
//
//	schema-tool bind < schema.json            # binder diagnostics; exit 1 on an error
//	schema-tool gen <python|nodejs|go> <out> < schema.json
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "schema-tool: "+format+"\n", args...)
	os.Exit(1)
}

// noLoader answers every package reference with an error: the schema refers to no other package.
type noLoader struct{}

func (noLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q; it should refer to none", pkg)
}

func (noLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q; it should refer to none", d.Name)
}

func (noLoader) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q; it should refer to none", pkg)
}

func (noLoader) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q; it should refer to none", d.Name)
}

func bind() *schema.Package {
	text, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("reading the schema: %v", err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		fail("the schema is not JSON of a package: %v", err)
	}
	pkg, diags, err := schema.BindSpec(spec, noLoader{}, schema.ValidationOptions{})
	if err != nil {
		fail("binding: %v", err)
	}
	for _, d := range diags {
		fmt.Fprintln(os.Stderr, d.Error())
	}
	if diags.HasErrors() {
		os.Exit(1)
	}
	return pkg
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: schema-tool bind | gen <python|nodejs|go> <out>")
	}
	switch os.Args[1] {
	case "bind":
		pkg := bind()
		fmt.Printf("bound %s: %d resources, %d functions, %d types\n", pkg.Name, len(pkg.Resources), len(pkg.Functions), len(pkg.Types))
	case "gen":
		if len(os.Args) != 4 {
			fail("usage: schema-tool gen <python|nodejs|go> <out>")
		}
		pkg := bind()
		var files map[string][]byte
		var err error
		switch os.Args[2] {
		case "python":
			files, err = python.GeneratePackage("pipestack-schema-tool", pkg, nil, noLoader{})
		case "nodejs":
			files, err = nodejs.GeneratePackage("pipestack-schema-tool", pkg, nil, nil, false, noLoader{})
		case "go":
			files, err = gogen.GeneratePackage("pipestack-schema-tool", pkg, nil)
		default:
			fail("no generator for %q", os.Args[2])
		}
		if err != nil {
			fail("generating %s: %v", os.Args[2], err)
		}
		for name, body := range files {
			path := filepath.Join(os.Args[3], name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				fail("%v", err)
			}
			if err := os.WriteFile(path, body, 0o644); err != nil {
				fail("%v", err)
			}
		}
		fmt.Printf("generated %d files of the %s SDK into %s\n", len(files), os.Args[2], os.Args[3])
	default:
		fail("unknown command %q", os.Args[1])
	}
}
