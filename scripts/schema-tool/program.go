package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// onePackage answers every package reference with the bound schema of stdin: the programs it
// renders use no other package.
type onePackage struct{ pkg *schema.Package }

func (l onePackage) LoadPackage(string, *semver.Version) (*schema.Package, error) { return l.pkg, nil }

func (l onePackage) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return l.pkg, nil
}

func (l onePackage) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return l.pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(context.Context, *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.pkg.Reference(), nil
}

// program renders the PCL files of a folder (what `pulumi convert --language pcl` writes) as a
// TypeScript program with Pulumi's own Node.js program generator, the one the official Node.js
// language host runs for `pulumi import` and `pulumi convert`; the schema comes on stdin.
//
//	schema-tool program nodejs <pcl folder> <out> < schema.json
func program(dir, out string) {
	pkg := bind()
	parser := syntax.NewParser()
	files, err := filepath.Glob(filepath.Join(dir, "*.pp"))
	if err != nil || len(files) == 0 {
		fail("no .pp file in %s", dir)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			fail("%v", err)
		}
		if err := parser.ParseFile(f, filepath.Base(name)); err != nil {
			fail("parsing %s: %v", name, err)
		}
		f.Close()
	}
	if parser.Diagnostics.HasErrors() {
		fail("parsing: %v", parser.Diagnostics)
	}
	bound, diags, err := pcl.BindProgram(parser.Files, onePackage{pkg}, pcl.NonStrictBindOptions()...)
	if err != nil {
		fail("binding the program: %v", err)
	}
	if diags.HasErrors() {
		fail("binding the program: %v", diags)
	}
	generated, diags, err := nodejs.GenerateProgram(bound)
	if err != nil {
		fail("generating: %v", err)
	}
	if diags.HasErrors() {
		fail("generating: %v", diags)
	}
	for name, body := range generated {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fail("%v", err)
		}
		if err := os.WriteFile(path, body, 0o644); err != nil {
			fail("%v", err)
		}
	}
	fmt.Printf("generated %d files of the nodejs program into %s\n", len(generated), out)
}
