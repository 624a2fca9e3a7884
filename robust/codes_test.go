package robust

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessageLiteralsHaveCodes: the passes build some diagnostics as
// struct literals that are reported later (the parser's perr, sema's
// constErr, diag.Diagnostic). Go lets a literal leave out a field, so this
// test requires every such literal that carries a message to carry a code
// too; diag.List.Error/Warn and the passes' helpers take the code as a
// parameter, which the compiler checks.
func TestMessageLiteralsHaveCodes(t *testing.T) {
	structs := map[string]bool{"perr": true, "constErr": true, "Diagnostic": true}
	fset := token.NewFileSet()
	n := 0
	for _, pkg := range []string{"parser", "sema", "regions", "codegen", "driver"} {
		files, _ := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		for _, fn := range files {
			if strings.HasSuffix(fn, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, fn, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(x ast.Node) bool {
				lit, ok := x.(*ast.CompositeLit)
				if !ok || !structs[typeName(lit.Type)] {
					return true
				}
				keys := map[string]bool{}
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							keys[strings.ToLower(id.Name)] = true
						}
					}
				}
				if keys["msg"] {
					n++
					if !keys["code"] {
						t.Errorf("%s: %s literal with a message but no code", fset.Position(lit.Pos()), typeName(lit.Type))
					}
				}
				return true
			})
		}
	}
	if n < 30 {
		t.Errorf("found only %d literals with a message; is the scan broken?", n)
	}
}

func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}
