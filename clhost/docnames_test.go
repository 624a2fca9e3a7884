package clhost

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// TestDocNamesExported (issue 26): the doc comment of an exported
// function or method names no unexported function of the package (go doc
// clhost.Select pointed at selectDevice, which a user cannot read there).
// Only names in code style (mixed case, as selectDevice) are looked for,
// so plain words that happen to name a function do not count.
func TestDocNamesExported(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs["clhost"]
	if pkg == nil {
		t.Fatal("no package clhost here")
	}
	unexported := map[string]bool{}
	for _, f := range pkg.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && !fd.Name.IsExported() {
				unexported[fd.Name.Name] = true
			}
		}
	}
	if !unexported["selectDevice"] {
		t.Fatal("selectDevice is gone: the test no longer sees the unexported functions")
	}
	code := regexp.MustCompile(`\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b`)
	for _, f := range pkg.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() || fd.Doc == nil {
				continue
			}
			for _, w := range code.FindAllString(fd.Doc.Text(), -1) {
				if unexported[w] {
					t.Errorf("%s: the doc of %s names %s, which go doc does not show", fset.Position(fd.Pos()), fd.Name.Name, w)
				}
			}
		}
	}
}
